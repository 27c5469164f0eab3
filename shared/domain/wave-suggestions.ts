import { MAX_ORDERS_PER_WAVE, WAVE_PALLET } from '../constants';
import { formatMessage } from '../i18n/format';
import { MISSING_FIELD_LABELS } from '../i18n/fields';
import { WAVE_TEXTS } from '../i18n/waves';
import { orderLoad } from './pallet-load';
import { compareCodes, shortestRoute } from './pick-route';
import { fcfsGroups, shortestWalkGroups } from './wave-grouping';
import { RouteCosts } from './wave-route-costs';
import type { Kind, OrderFacts, SuggestWavesOptions, SuggestWavesResult, UnpickableInfo, WaveCandidate, WaveSuggestion } from './wave-suggestion-types';

/**
 * Wave suggestions (docs/fulfilment.md "Wave suggestions"): group the
 * candidate orders into waves of at most `max_orders_per_wave` orders that fit
 * one pallet, preferring the grouping with the smallest total walking distance.
 *
 * Why it is shaped so:
 *  - The rules first, the optimisation second. Orders that are not fully
 *    reserved cannot be picked and go to `unpickable_info`; an order with
 *    incomplete product data (its volume/weight is unknown), an order above
 *    100 kg, or one that alone overfills the pallet is a suggestion of its own.
 *    Only the remaining orders are grouped, so the flags never depend on the
 *    search.
 *  - Grouping is a capacitated clustering problem (order batching, NP-hard).
 *    A wave's cost is the route over the union of its orders' racks, so orders
 *    that share racks or lie near each other belong together. The planner
 *    follows the classic seed batching of the order-picking literature: the
 *    farthest unassigned order seeds a wave, which is filled with the orders
 *    that add the least route length (looked for among the seed's spatial
 *    neighbours; a small pull towards the seed breaks the ties). Then a local search moves single orders to another wave or
 *    swaps two orders between waves while both pallets still fit, accepting a
 *    change only when the total walking distance falls. When no single move or
 *    swap helps, neighbouring waves are re-split in pairs: their (at most 8)
 *    orders are pooled and every split into two fitting waves is tried, which
 *    leaves plateaus the single moves cannot. It stops when neither finds a gain.
 *  - The search weighs tens of thousands of rack sets, so it uses a quick route
 *    estimate (exact up to 7 racks, one 2-opt/Or-opt tour beyond) memoised by
 *    rack set; the suggested waves then report the real route of
 *    pick-route.ts (exact up to 15 racks).
 *  - Deterministic: no clocks, no randomness; ties go to the lower candidate
 *    index (candidates come in creation order, oldest first).
 *  - `grouping: 'fcfs'` is the naive baseline (creation order, a new wave when
 *    the wave is full or the pallet would overflow), kept for the benchmark and
 *    the tests that show what the search gains.
 */

const round1 = (v: number) => Math.round(v * 10) / 10;

function unpickable(c: WaveCandidate): UnpickableInfo | null {
  const items = c.lines
    .filter((l) => l.reserved_quantity < l.quantity)
    .map((l) => ({ product_ean: l.product_ean, product_title: l.product_title, missing_quantity: l.quantity - l.reserved_quantity }));
  if (items.length === 0) return null;
  return { order_id: c.id, order_number: c.order_number, reason: formatMessage(WAVE_TEXTS.unpickableReason, { n: items.length }), items };
}

// ─── output ──────────────────────────────────────────────────────────────────

const MAX_RACKS_IN_REASON = 8;

function rackList(codes: string[]): string {
  const sorted = [...new Set(codes)].sort(compareCodes);
  return sorted.length > MAX_RACKS_IN_REASON ? `${sorted.slice(0, MAX_RACKS_IN_REASON).join(', ')}, …` : sorted.join(', ');
}

function buildSuggestion(group: readonly OrderFacts[], rc: RouteCosts): Omit<WaveSuggestion, 'name'> {
  const racks = rc.union(group);
  const route = shortestRoute(racks.map((r) => ({ rack_id: rc.ids[r], position_x: rc.xs[r], position_y: rc.ys[r] })));
  const volume = group.reduce((s, o) => s + o.volume_l, 0);
  const weight = group.reduce((s, o) => s + o.weight_kg, 0);
  const locations = new Set<number>();
  for (const o of group) for (const l of o.c.lines) for (const loc of l.locations) locations.add(loc.location_id);
  const volumePct = round1((volume / WAVE_PALLET.volume_l) * 100);
  const weightKg = round1(weight);
  const routeM = round1(route.length_m);
  const missing = group.flatMap((o) => o.missing);
  const heavy = group.some((o) => o.weight_kg > WAVE_PALLET.heavy_order_kg);
  const first = group[0];
  let reason: string;
  if (first.kind === 'missing') {
    reason = formatMessage(WAVE_TEXTS.reasonMissingData, {
      products: missing.map((m) => `${m.title}: ${m.missing.map((f) => MISSING_FIELD_LABELS[f]).join(', ')}`).join('; '),
    });
  } else if (first.kind === 'heavy') {
    reason = formatMessage(WAVE_TEXTS.reasonHeavy, { weight: weightKg, limit: WAVE_PALLET.heavy_order_kg });
  } else if (first.kind === 'oversize') {
    reason = formatMessage(WAVE_TEXTS.reasonOversize, { volume: Math.round(volumePct), weight: weightKg });
  } else {
    const users = new Map<number, number>();
    for (const o of group) for (const r of o.racks) users.set(r, (users.get(r) ?? 0) + 1);
    const shared = [...users].filter(([, k]) => k > 1).map(([r]) => rc.codes[r]);
    const orders = group.length === 1 ? WAVE_TEXTS.ordersOne : formatMessage(WAVE_TEXTS.ordersMany, { n: group.length });
    const params = { orders, volume: Math.round(volumePct), weight: weightKg, route: routeM };
    reason =
      group.length > 1 && shared.length > 0
        ? formatMessage(WAVE_TEXTS.reasonSharedRacks, { ...params, racks: rackList(shared) })
        : formatMessage(WAVE_TEXTS.reasonRacks, { ...params, racks: rackList(racks.map((r) => rc.codes[r])) });
  }
  return {
    reason,
    order_ids: group.map((o) => o.c.id),
    creation_method: 'suggestion',
    total_orders: group.length,
    total_units: group.reduce((s, o) => s + o.units, 0),
    total_items: group.reduce((s, o) => s + o.c.lines.length, 0),
    total_locations: locations.size,
    pallet_volume_used: volumePct,
    pallet_weight_used: weightKg,
    pallet_weight_percentage: round1((weight / WAVE_PALLET.max_weight_kg) * 100),
    has_heavy_order: heavy,
    has_missing_data: missing.length > 0,
    missing_product_data: missing,
    orders: group.map((o) => ({ id: o.c.id, order_number: o.c.order_number, delivery_name: o.c.delivery_name, total_quantity: o.units })),
    route_length_m: routeM,
    is_optimal: group.length === 4,
  };
}

/** Suggests waves for the candidates (given in creation order, oldest first). Pure: no I/O, deterministic. */
export function suggestWaves(candidates: readonly WaveCandidate[], options: SuggestWavesOptions = {}): SuggestWavesResult {
  const max = Math.max(1, Math.floor(options.max_orders_per_wave ?? MAX_ORDERS_PER_WAVE));
  const rc = new RouteCosts();
  const unpickableInfo: UnpickableInfo[] = [];
  const facts: OrderFacts[] = [];
  candidates.forEach((c, index) => {
    const u = unpickable(c);
    if (u) {
      unpickableInfo.push(u);
      return;
    }
    const { weight_kg: weight, volume_l, units, missing } = orderLoad(c.lines);
    const racks = new Set<number>();
    const box = { x0: 0, x1: 0, y0: 0, y1: 0 };
    for (const l of c.lines) {
      for (const loc of l.locations) {
        racks.add(rc.rackIndex(loc));
        box.x0 = Math.min(box.x0, loc.position_x);
        box.x1 = Math.max(box.x1, loc.position_x);
        box.y0 = Math.min(box.y0, loc.position_y);
        box.y1 = Math.max(box.y1, loc.position_y);
      }
    }
    const kind: Kind =
      missing.length > 0
        ? 'missing'
        : weight > WAVE_PALLET.heavy_order_kg
          ? 'heavy'
          : volume_l > WAVE_PALLET.volume_l || weight > WAVE_PALLET.max_weight_kg
            ? 'oversize'
            : 'normal';
    facts.push({
      index,
      c,
      kind,
      volume_l,
      weight_kg: weight,
      units,
      missing,
      racks: Int32Array.from([...racks].sort((a, b) => a - b)),
      box,
    });
  });

  const normal = facts.filter((f) => f.kind === 'normal');
  const groups = options.grouping === 'fcfs' ? fcfsGroups(normal, max) : shortestWalkGroups(normal, max, rc);
  const all = [...groups, ...facts.filter((f) => f.kind !== 'normal').map((f) => [f])];
  // Oldest order first, so the list reads like the order queue.
  all.sort((a, b) => a[0].index - b[0].index);
  let n = 0;
  const suggestions = all.map((g) => {
    const s = buildSuggestion(g, rc);
    const name =
      g[0].kind === 'normal'
        ? formatMessage(WAVE_TEXTS.suggestionName, { n: ++n })
        : formatMessage(WAVE_TEXTS.singleOrderName, { order_number: g[0].c.order_number });
    return { name, ...s };
  });
  const planned = facts.length;
  const parts = [
    suggestions.length === 0
      ? WAVE_TEXTS.messageNone
      : suggestions.length === 1
        ? formatMessage(WAVE_TEXTS.messageOne, { orders: planned })
        : formatMessage(WAVE_TEXTS.messageSome, { suggestions: suggestions.length, orders: planned }),
  ];
  if (unpickableInfo.length > 0) parts.push(formatMessage(WAVE_TEXTS.messageUnpickable, { n: unpickableInfo.length }));
  return { suggestions, message: parts.join('. '), unpickable_info: unpickableInfo };
}
