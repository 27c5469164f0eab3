import type { PalletCorner } from '../../../../shared/domain/wave-status';
import type { SaveProgressRequest } from '../../../../shared/schemas/waves';
import type { WsWave, WsWaveLine, WsWaveOrder, WsWaveStop } from '../../../../shared/schemas/picking';

/**
 * Rolling picking without React (spec part 2 §4 "Rolling picking"): the
 * wave's reservation stops grouped by place in route order, each stop one
 * pick into the pallet corner of its order. A pick is done when its stop is
 * empty on the device or its key is in the saved progress (the stop itself
 * leaves the wave with the next pull), so the counts 'Ort n/m • Pick n/m'
 * stay put over reloads and pulls. The picker is always at the first open
 * pick; a shortage that the server reserves elsewhere comes back as a new
 * open pick at its place in the route.
 */

export type RollingPhase = 'location' | 'product' | 'confirm_corner';
export const ROLLING_PHASES: readonly RollingPhase[] = ['location', 'product', 'confirm_corner'];

export interface RollingPick {
  /** location_id:order_item_id:stock_id, what the progress keeps of a done pick. */
  key: string;
  stop: WsWaveStop;
  line: WsWaveLine;
  order: WsWaveOrder;
  corner: PalletCorner;
}

export interface RollingLocation {
  location_id: number;
  location_barcode: string;
  full_path: string;
  /** Open picks, corner by corner (as the server's rolling list). */
  open: RollingPick[];
  /** Picks done here (also those whose stop has left the device). */
  done: number;
}

export interface RollingPlan {
  locations: RollingLocation[];
  /** Index of the first location with an open pick; -1 when all is picked. */
  current: number;
  /** Keys of the done picks, the last picked last. */
  doneKeys: string[];
  totalPicks: number;
}

export const pickKey = (s: Pick<WsWaveStop, 'location_id' | 'order_item_id' | 'stock_id'>) => `${s.location_id}:${s.order_item_id}:${s.stock_id}`;
const locationOfKey = (key: string) => Number(key.split(':')[0]);

/** The done keys a progress of this mode carries (a single-order progress has other keys). */
export function savedKeys(progress: SaveProgressRequest | null | undefined): string[] {
  if (!progress || !isRollingPhase(progress.scan_step)) return [];
  return progress.picked_items.filter((k) => /^\d+:\d+:\d+$/.test(k));
}

export function isRollingPhase(step: string): step is RollingPhase {
  return (ROLLING_PHASES as readonly string[]).includes(step);
}

export function buildPlan(wave: WsWave, picked: readonly string[]): RollingPlan {
  const orders = new Map(wave.orders.map((o) => [o.id, o]));
  const lines = new Map(wave.lines.map((l) => [l.order_item_id, l]));
  const done = new Set(picked);
  for (const s of wave.stops) if (s.quantity <= 0) done.add(pickKey(s));
  const byLocation = new Map<number, RollingLocation & { first: number }>();
  const place = (s: Pick<WsWaveStop, 'location_id' | 'location_barcode' | 'full_path'>, sequence: number) => {
    let loc = byLocation.get(s.location_id);
    if (!loc) {
      loc = { location_id: s.location_id, location_barcode: s.location_barcode, full_path: s.full_path, open: [], done: 0, first: sequence };
      byLocation.set(s.location_id, loc);
    }
    return loc;
  };
  const counted = new Set<string>();
  for (const s of [...wave.stops].sort((a, b) => a.sequence - b.sequence)) {
    const key = pickKey(s);
    const loc = place(s, s.sequence);
    const line = lines.get(s.order_item_id);
    const order = line ? orders.get(line.order_id) : undefined;
    // A cancelled order has nothing left to pick (its reservations are released; the server refuses its picks).
    if (order?.status === 'cancelled' && !done.has(key)) continue;
    if (done.has(key) || !line || !order) {
      if (done.has(key) && !counted.has(key)) loc.done++;
      counted.add(key);
      continue;
    }
    loc.open.push({ key, stop: s, line, order, corner: order.pallet_corner });
  }
  // Done picks whose stop has already left the device: counted at their place, or at a place of their own.
  for (const key of done) {
    if (counted.has(key)) continue;
    counted.add(key);
    place({ location_id: locationOfKey(key), location_barcode: '', full_path: '' }, Number.NEGATIVE_INFINITY).done++;
  }
  const locations = [...byLocation.values()];
  for (const loc of locations)
    loc.open.sort((a, b) => a.corner.localeCompare(b.corner) || a.line.order_item_id - b.line.order_item_id || a.stop.sequence - b.stop.sequence);
  // Places that are finished lie behind the picker; the open ones follow in route order.
  const rank = (l: RollingLocation & { first: number }) => (l.open.length > 0 ? l.open[0].stop.sequence : Number.NEGATIVE_INFINITY);
  locations.sort((a, b) => rank(a) - rank(b) || a.first - b.first);
  const current = locations.findIndex((l) => l.open.length > 0);
  return {
    locations: locations.map(({ first: _, ...l }) => l),
    current,
    // Chronological: the picked keys in the order they were picked, then the stops found empty.
    doneKeys: [...done],
    totalPicks: locations.reduce((n, l) => n + l.done + l.open.length, 0),
  };
}

export function currentPick(plan: RollingPlan): RollingPick | null {
  return plan.current >= 0 ? plan.locations[plan.current].open[0] : null;
}

/** The open picks after the current one, across places, at most `n`. */
export function upcoming(plan: RollingPlan, n: number): RollingPick[] {
  if (plan.current < 0) return [];
  return plan.locations
    .slice(plan.current)
    .flatMap((l) => l.open)
    .slice(1, 1 + n);
}

/** 'Ort n/m • Pick n/m': the place among all places, the pick among the picks of that place. */
export function position(plan: RollingPlan): { loc: number; locs: number; pick: number; picks: number } | null {
  if (plan.current < 0) return null;
  const l = plan.locations[plan.current];
  return { loc: plan.current + 1, locs: plan.locations.length, pick: l.done + 1, picks: l.done + l.open.length };
}

/** The position of a pick just done (its corner being confirmed): its place, and it as the last done pick there. */
export function positionOfDone(plan: RollingPlan, key: string): { loc: number; locs: number; pick: number; picks: number } | null {
  const i = plan.locations.findIndex((l) => l.location_id === locationOfKey(key));
  if (i < 0) return null;
  const l = plan.locations[i];
  return { loc: i + 1, locs: plan.locations.length, pick: l.done, picks: l.done + l.open.length };
}

/** The pick a done key names, for the corner confirmation (its stop may have left the device). */
export function donePick(wave: WsWave, key: string): Pick<RollingPick, 'line' | 'order' | 'corner'> | null {
  const [, item] = key.split(':').map(Number);
  const line = wave.lines.find((l) => l.order_item_id === item);
  const order = line ? wave.orders.find((o) => o.id === line.order_id) : undefined;
  return line && order ? { line, order, corner: order.pallet_corner } : null;
}

/** Where to continue after a reload: the saved phase when it still fits the first open pick, else its place. */
export function resumePhase(plan: RollingPlan, progress: SaveProgressRequest | null | undefined): { phase: RollingPhase; confirmKey: string | null } {
  if (!progress || !isRollingPhase(progress.scan_step)) return { phase: 'location', confirmKey: null };
  const keys = savedKeys(progress);
  if (progress.scan_step === 'confirm_corner' && keys.length > 0) return { phase: 'confirm_corner', confirmKey: keys[keys.length - 1] };
  if (progress.scan_step === 'product' && plan.current === progress.current_location_index) return { phase: 'product', confirmKey: null };
  return { phase: 'location', confirmKey: null };
}

/** After the corner is confirmed: the next pick at the same place is scanned straight away, another place is walked to first. */
export function phaseAfterCorner(plan: RollingPlan, confirmedKey: string): RollingPhase | null {
  const next = currentPick(plan);
  if (!next) return null;
  return next.stop.location_id === locationOfKey(confirmedKey) ? 'product' : 'location';
}

export function progressOf(plan: RollingPlan, phase: RollingPhase): SaveProgressRequest {
  const l = plan.current >= 0 ? plan.locations[plan.current] : null;
  return {
    current_location_index: Math.max(0, plan.current),
    current_item_index: l ? l.done : 0,
    scan_step: phase,
    picked_items: plan.doneKeys,
  };
}

/** Whether two saved positions are the same (field order does not matter). */
export function sameProgress(a: SaveProgressRequest | null | undefined, b: SaveProgressRequest | null | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.current_location_index === b.current_location_index &&
    a.current_item_index === b.current_item_index &&
    a.scan_step === b.scan_step &&
    a.picked_items.length === b.picked_items.length &&
    a.picked_items.every((k, i) => k === b.picked_items[i])
  );
}

/** Corner → order of the wave, for picking.createCart. */
export function cornerAssignments(wave: WsWave): Partial<Record<PalletCorner, number>> {
  return Object.fromEntries(wave.orders.map((o) => [o.pallet_corner, o.id]));
}
