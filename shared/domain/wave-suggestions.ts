import { MAX_ORDERS_PER_WAVE, WAVE_PALLET } from '../constants';
import { formatMessage } from '../i18n/format';
import { WAVE_TEXTS } from '../i18n/waves';
import { compareCodes, type PickStop, quickTourLengthDm, shortestRoute } from './pick-route';

/**
 * Wave suggestions (handbook FULFILMENT.md, "Wave suggestions"): group the
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

/** A location the order's reservation sits on (a pick stop with its id). */
export interface WaveCandidateLocation extends PickStop {
  location_id: number;
}

export interface WaveCandidateLine {
  product_id: number;
  product_ean: string;
  product_title: string;
  /** Pieces ordered. */
  quantity: number;
  /** Pieces reserved for this line (over all its locations). */
  reserved_quantity: number;
  weight_kg: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  /** Where the line's reservations are. */
  locations: WaveCandidateLocation[];
}

export interface WaveCandidate {
  id: number;
  order_number: string;
  delivery_name: string;
  lines: WaveCandidateLine[];
}

export interface SuggestWavesOptions {
  max_orders_per_wave?: number;
  /** 'shortest_walk' (default) minimises walking; 'fcfs' is the creation-order baseline. */
  grouping?: 'shortest_walk' | 'fcfs';
}

export interface MissingProductData {
  product_id: number;
  ean: string;
  title: string;
  missing: ('Gewicht' | 'Maße')[];
}

export interface WaveSuggestion {
  name: string;
  reason: string;
  order_ids: number[];
  creation_method: 'suggestion';
  total_orders: number;
  total_units: number;
  total_items: number;
  total_locations: number;
  pallet_volume_used: number;
  pallet_weight_used: number;
  pallet_weight_percentage: number;
  has_heavy_order: boolean;
  has_missing_data: boolean;
  missing_product_data: MissingProductData[];
  orders: { id: number; order_number: string; delivery_name: string; total_quantity: number }[];
  route_length_m: number;
  is_optimal: boolean;
}

export interface UnpickableInfo {
  order_id: number;
  order_number: string;
  reason: string;
  items: { product_ean: string; product_title: string; missing_quantity: number }[];
}

export interface SuggestWavesResult {
  suggestions: WaveSuggestion[];
  message: string;
  unpickable_info: UnpickableInfo[];
}

// ─── per-order facts ─────────────────────────────────────────────────────────

type Kind = 'normal' | 'heavy' | 'missing' | 'oversize';

interface OrderFacts {
  index: number;
  c: WaveCandidate;
  kind: Kind;
  volume_l: number;
  weight_kg: number;
  units: number;
  missing: MissingProductData[];
  /** Global rack indices, ascending, distinct. */
  racks: Int32Array;
  /** Bounding box of the racks together with the origin (for the route's lower bound). */
  box: { x0: number; x1: number; y0: number; y1: number };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

function missingOf(line: WaveCandidateLine): ('Gewicht' | 'Maße')[] {
  const out: ('Gewicht' | 'Maße')[] = [];
  const absent = (v: number | null) => v === null || !Number.isFinite(v) || v <= 0;
  if (absent(line.weight_kg)) out.push(WAVE_TEXTS.missingWeight);
  if (absent(line.length_cm) || absent(line.width_cm) || absent(line.height_cm)) out.push(WAVE_TEXTS.missingDimensions);
  return out;
}

function unpickable(c: WaveCandidate): UnpickableInfo | null {
  const items = c.lines
    .filter((l) => l.reserved_quantity < l.quantity)
    .map((l) => ({ product_ean: l.product_ean, product_title: l.product_title, missing_quantity: l.quantity - l.reserved_quantity }));
  if (items.length === 0) return null;
  return { order_id: c.id, order_number: c.order_number, reason: formatMessage(WAVE_TEXTS.unpickableReason, { n: items.length }), items };
}

// ─── the rack catalogue and the route cost of a set of orders ────────────────

class RouteCosts {
  readonly xs: number[] = [];
  readonly ys: number[] = [];
  readonly codes: string[] = [];
  readonly ids: number[] = [];
  private readonly indexOf = new Map<number, number>();
  private readonly cache = new Map<string, number>();
  private mark = new Uint32Array(0);
  private stamp = 0;

  rackIndex(s: PickStop): number {
    let i = this.indexOf.get(s.rack_id);
    if (i === undefined) {
      i = this.ids.length;
      this.indexOf.set(s.rack_id, i);
      this.ids.push(s.rack_id);
      this.xs.push(s.position_x);
      this.ys.push(s.position_y);
      this.codes.push(s.rack_code);
    }
    return i;
  }

  /** Distinct rack indices of the orders, ascending. */
  union(orders: readonly OrderFacts[]): number[] {
    if (this.mark.length < this.ids.length) this.mark = new Uint32Array(this.ids.length);
    this.stamp++;
    const out: number[] = [];
    for (const o of orders) {
      for (const r of o.racks) {
        if (this.mark[r] !== this.stamp) {
          this.mark[r] = this.stamp;
          out.push(r);
        }
      }
    }
    return out.sort((a, b) => a - b);
  }

  /**
   * Lower bound of any route over the orders' racks: a closed walk from the
   * origin must span the bounding box of its stops and the origin twice.
   */
  lowerBound(orders: readonly OrderFacts[]): number {
    let x0 = 0;
    let x1 = 0;
    let y0 = 0;
    let y1 = 0;
    for (const o of orders) {
      if (o.box.x0 < x0) x0 = o.box.x0;
      if (o.box.x1 > x1) x1 = o.box.x1;
      if (o.box.y0 < y0) y0 = o.box.y0;
      if (o.box.y1 > y1) y1 = o.box.y1;
    }
    return 2 * (x1 - x0 + y1 - y0);
  }

  /** Quick route length (decimetres) over the union of the orders' racks, memoised by rack set. */
  cost(orders: readonly OrderFacts[]): number {
    if (orders.length === 0) return 0;
    const racks = this.union(orders);
    const key = racks.join(',');
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const v = quickTourLengthDm(
      racks.map((r) => this.xs[r]),
      racks.map((r) => this.ys[r]),
    );
    this.cache.set(key, v);
    return v;
  }
}

// ─── grouping ────────────────────────────────────────────────────────────────

const fits = (orders: readonly OrderFacts[], max: number) => {
  if (orders.length > max) return false;
  let v = 0;
  let w = 0;
  for (const o of orders) {
    v += o.volume_l;
    w += o.weight_kg;
  }
  return v <= WAVE_PALLET.volume_l + 1e-9 && w <= WAVE_PALLET.max_weight_kg + 1e-9;
};

function fcfsGroups(orders: readonly OrderFacts[], max: number): OrderFacts[][] {
  const waves: OrderFacts[][] = [];
  let cur: OrderFacts[] = [];
  for (const o of orders) {
    if (cur.length > 0 && !fits([...cur, o], max)) {
      waves.push(cur);
      cur = [];
    }
    cur.push(o);
  }
  if (cur.length > 0) waves.push(cur);
  return waves;
}

const NEIGHBOURS = 24;
/** Waves an order may move to or swap into: those of its nearest neighbours, at most this many. */
const TARGET_WAVES = 6;
const MAX_PASSES = 50;
/** Neighbouring waves (by centroid) each wave is re-split with. */
const RESPLIT_PARTNERS = 4;
/**
 * A seed prefers, among orders that add the same walk, the ones near it: an
 * order on the way to a far rack adds nothing to the far seed's route, but it
 * belongs with the near orders (the move/swap search cannot leave such a
 * plateau, where no single change shortens the total).
 */
const SEED_PULL = 0.25;

/** Spatial neighbours of each order by the centroid of its racks (nearest first, ties by index). */
function neighbourLists(orders: readonly OrderFacts[], rc: RouteCosts): { lists: Int32Array[]; cx: Float64Array; cy: Float64Array } {
  const n = orders.length;
  const cx = new Float64Array(n);
  const cy = new Float64Array(n);
  orders.forEach((o, i) => {
    let sx = 0;
    let sy = 0;
    for (const r of o.racks) {
      sx += rc.xs[r];
      sy += rc.ys[r];
    }
    cx[i] = o.racks.length ? sx / o.racks.length : 0;
    cy[i] = o.racks.length ? sy / o.racks.length : 0;
  });
  const k = Math.min(NEIGHBOURS, n - 1);
  const lists: Int32Array[] = [];
  const idx = Array.from({ length: n }, (_, i) => i);
  const d = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) d[j] = Math.abs(cx[i] - cx[j]) + Math.abs(cy[i] - cy[j]);
    const sorted = idx.filter((j) => j !== i).sort((a, b) => d[a] - d[b] || a - b);
    lists.push(Int32Array.from(sorted.slice(0, k)));
  }
  return { lists, cx, cy };
}

/** Seed construction + move/swap local search; returns waves as lists of positions in `orders`. */
function shortestWalkGroups(orders: readonly OrderFacts[], max: number, rc: RouteCosts): OrderFacts[][] {
  const n = orders.length;
  if (n === 0) return [];
  const { lists: near, cx, cy } = neighbourLists(orders, rc);
  const farthest = (o: OrderFacts) => {
    let f = 0;
    for (const r of o.racks) f = Math.max(f, Math.abs(rc.xs[r]) + Math.abs(rc.ys[r]));
    return f;
  };
  const far = orders.map(farthest);
  const seeds = Array.from({ length: n }, (_, i) => i).sort((a, b) => far[b] - far[a] || a - b);
  const waveOf = new Int32Array(n).fill(-1);
  const waves: number[][] = [];
  const asFacts = (w: readonly number[]) => w.map((i) => orders[i]);

  // 1. Seed construction.
  for (const s of seeds) {
    if (waveOf[s] !== -1) continue;
    const w = [s];
    const id = waves.length;
    waveOf[s] = id;
    while (w.length < max) {
      const base = rc.cost(asFacts(w));
      let best = -1;
      let bestAdd = Number.POSITIVE_INFINITY;
      const consider = (j: number) => {
        if (waveOf[j] !== -1) return;
        const cand = asFacts([...w, j]);
        if (!fits(cand, max)) return;
        const add = rc.cost(cand) - base + SEED_PULL * (Math.abs(cx[j] - cx[s]) + Math.abs(cy[j] - cy[s]));
        if (add < bestAdd - 1e-9 || (Math.abs(add - bestAdd) <= 1e-9 && j < best)) {
          bestAdd = add;
          best = j;
        }
      };
      for (const m of w) for (const j of near[m]) consider(j);
      if (best === -1) for (let j = 0; j < n; j++) consider(j);
      if (best === -1) break;
      w.push(best);
      waveOf[best] = id;
    }
    waves.push(w);
  }

  // 2. Local search: move one order, or swap two, between waves while the total falls.
  const cost = waves.map((w) => rc.cost(asFacts(w)));
  const moveSwapPass = (): boolean => {
    let improved = false;
    for (let o = 0; o < n; o++) {
      const a = waveOf[o];
      const restA = waves[a].filter((i) => i !== o);
      const targets: number[] = [];
      for (const j of near[o]) {
        const b = waveOf[j];
        if (b !== a && !targets.includes(b)) targets.push(b);
        if (targets.length === TARGET_WAVES) break;
      }
      let bestDelta = -1e-6;
      let bestMove: { b: number; p: number } | null = null; // p = -1: move, else swap with p
      const costRestA = rc.cost(asFacts(restA));
      for (const b of targets) {
        const wb = waves[b];
        const base = cost[a] + cost[b];
        if (wb.length < max) {
          const nb = [...wb, o];
          if (fits(asFacts(nb), max) && costRestA + rc.lowerBound(asFacts(nb)) - base < bestDelta) {
            const delta = costRestA + rc.cost(asFacts(nb)) - base;
            if (delta < bestDelta) {
              bestDelta = delta;
              bestMove = { b, p: -1 };
            }
          }
        }
        for (const p of wb) {
          const na = [...restA, p];
          const nb = [...wb.filter((i) => i !== p), o];
          if (!fits(asFacts(na), max) || !fits(asFacts(nb), max)) continue;
          if (rc.lowerBound(asFacts(na)) + rc.lowerBound(asFacts(nb)) - base >= bestDelta) continue;
          const delta = rc.cost(asFacts(na)) + rc.cost(asFacts(nb)) - base;
          if (delta < bestDelta) {
            bestDelta = delta;
            bestMove = { b, p };
          }
        }
      }
      if (!bestMove) continue;
      const { b, p } = bestMove;
      waves[a] = p === -1 ? restA : [...restA, p];
      waves[b] = p === -1 ? [...waves[b], o] : [...waves[b].filter((i) => i !== p), o];
      waveOf[o] = b;
      if (p !== -1) waveOf[p] = a;
      cost[a] = rc.cost(asFacts(waves[a]));
      cost[b] = rc.cost(asFacts(waves[b]));
      improved = true;
    }
    return improved;
  };

  // 3. Pair re-split: pool the orders of two neighbouring waves and split them
  // again in the best way (all ≤ 2^(2·max−1) splits); this leaves plateaus
  // where no single move or swap helps.
  const resplitPass = (): boolean => {
    let improved = false;
    const wx = waves.map((w) => (w.length ? w.reduce((acc, i) => acc + cx[i], 0) / w.length : 0));
    const wy = waves.map((w) => (w.length ? w.reduce((acc, i) => acc + cy[i], 0) / w.length : 0));
    const live = waves.map((_, i) => i).filter((i) => waves[i].length > 0);
    for (const a of live) {
      if (waves[a].length === 0) continue;
      const partners = live
        .filter((b) => b !== a && waves[b].length > 0)
        .sort((x, y) => Math.abs(wx[x] - wx[a]) + Math.abs(wy[x] - wy[a]) - (Math.abs(wx[y] - wx[a]) + Math.abs(wy[y] - wy[a])) || x - y)
        .slice(0, RESPLIT_PARTNERS);
      for (const b of partners) {
        if (waves[a].length === 0 || waves[b].length === 0) continue;
        const items = [...waves[a], ...waves[b]];
        const m = items.length;
        const base = cost[a] + cost[b];
        let bestDelta = -1e-6;
        let bestMask = -1;
        for (let mask = 1; mask < 1 << m; mask += 2) {
          let size = 0;
          for (let t = mask; t; t &= t - 1) size++;
          if (size > max || m - size > max) continue;
          const ga = items.filter((_, k) => mask & (1 << k));
          const gb = items.filter((_, k) => !(mask & (1 << k)));
          const fa = asFacts(ga);
          const fb = asFacts(gb);
          if (!fits(fa, max) || !fits(fb, max)) continue;
          if (rc.lowerBound(fa) + (gb.length ? rc.lowerBound(fb) : 0) - base >= bestDelta) continue;
          const delta = rc.cost(fa) + rc.cost(fb) - base;
          if (delta < bestDelta) {
            bestDelta = delta;
            bestMask = mask;
          }
        }
        if (bestMask === -1) continue;
        waves[a] = items.filter((_, k) => bestMask & (1 << k));
        waves[b] = items.filter((_, k) => !(bestMask & (1 << k)));
        for (const i of waves[a]) waveOf[i] = a;
        for (const i of waves[b]) waveOf[i] = b;
        cost[a] = rc.cost(asFacts(waves[a]));
        cost[b] = rc.cost(asFacts(waves[b]));
        improved = true;
      }
    }
    return improved;
  };

  for (let pass = 0; pass < MAX_PASSES; pass++) {
    while (moveSwapPass() && ++pass < MAX_PASSES) {
      // until no single move or swap helps
    }
    if (!resplitPass()) break;
  }
  return waves.filter((w) => w.length > 0).map((w) => asFacts([...w].sort((x, y) => x - y)));
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
    reason = formatMessage(WAVE_TEXTS.reasonMissingData, { products: missing.map((m) => `${m.title}: ${m.missing.join(', ')}`).join('; ') });
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
    let volumeCm3 = 0;
    let weight = 0;
    let units = 0;
    const missing = new Map<number, MissingProductData>();
    const racks = new Set<number>();
    const box = { x0: 0, x1: 0, y0: 0, y1: 0 };
    for (const l of c.lines) {
      units += l.quantity;
      const m = missingOf(l);
      if (m.length > 0 && !missing.has(l.product_id))
        missing.set(l.product_id, { product_id: l.product_id, ean: l.product_ean, title: l.product_title, missing: m });
      if (l.weight_kg !== null && Number.isFinite(l.weight_kg)) weight += l.quantity * l.weight_kg;
      if (l.length_cm !== null && l.width_cm !== null && l.height_cm !== null) volumeCm3 += l.quantity * l.length_cm * l.width_cm * l.height_cm;
      for (const loc of l.locations) {
        racks.add(rc.rackIndex(loc));
        box.x0 = Math.min(box.x0, loc.position_x);
        box.x1 = Math.max(box.x1, loc.position_x);
        box.y0 = Math.min(box.y0, loc.position_y);
        box.y1 = Math.max(box.y1, loc.position_y);
      }
    }
    const volume_l = volumeCm3 / 1000;
    const kind: Kind =
      missing.size > 0
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
      missing: [...missing.values()],
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
