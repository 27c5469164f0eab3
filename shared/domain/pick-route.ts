import { distanceMatrix, heldKarp, tourLength } from './tour-exact';
import { heuristicTour, kicksFor, localSearch, nearestNeighbour } from './tour-heuristic';

/**
 * The picker's walking route (docs/fulfilment.md "Walking distance and route").
 *
 * Metric: the distance between two stops is |Δx| + |Δy| of their racks' plan
 * positions (decimetres, as the Lageplan stores them); stops in one rack are
 * 0 apart; a route starts and ends at the plan origin (0, 0). So the route is a
 * travelling-salesman tour over the DISTINCT racks plus the origin, and only
 * the racks matter; the stops inside a rack are ordered afterwards (level, then
 * compartment), which costs nothing under this metric.
 *
 * Why the algorithm is shaped so:
 *  - Up to EXACT_RACK_LIMIT (15) racks the route is the exact optimum
 *    (docs/fulfilment.md "Walking distance and route").
 *    Held–Karp dynamic programming over subsets is O(2^n · n²); walking only
 *    the set bits (last rack) and the unset bits (next rack) of each mask, 15
 *    racks take about 1.8 M relaxations over one flat Float64Array (2^15 · 15
 *    cells, reused between calls); branch and bound would be
 *    faster on easy inputs but has no such bound on bad ones.
 *  - Beyond that the route must be within 2 % of the best known: the tour
 *    is built by nearest neighbour from several deterministic starts, improved
 *    by 2-opt and Or-opt (move a chain of 1–3 racks, either direction) until no
 *    move helps, then perturbed with double-bridge kicks (iterated local search)
 *    driven by a fixed-seed generator (10 kicks per rack, 200–600). Manhattan
 *    instances of warehouse size (tens of racks) are easy for this; the
 *    wave-planner benchmark measures the gap (tests/bench/waves.ts).
 *  - Determinism: racks are put in a canonical order (by rack id) before any
 *    search, all comparisons are strict (the first of equal tours wins) and the
 *    random kicks use a fixed seed, so equal input gives equal routes whatever
 *    the order the caller lists the stops in.
 */

/** Up to this many distinct racks the route is exact. */
export const EXACT_RACK_LIMIT = 15;

/** A rack as the route sees it: its id and plan position in decimetres. */
export interface RackPoint {
  rack_id: number;
  position_x: number;
  position_y: number;
}

/** One stop of a pick list: a storage location inside a rack. Barcodes read `A-01-02` = rack A, level 01, compartment 02. */
export interface PickStop extends RackPoint {
  rack_code: string;
  level_code: string;
  compartment_code: string;
}

export interface Route {
  /** Distinct rack ids in visiting order (origin → … → origin). */
  rack_ids: number[];
  length_dm: number;
  /** The pick list's `route_length_m`: decimetres / 10. */
  length_m: number;
  /** True when the order is proven shortest (≤ EXACT_RACK_LIMIT racks). */
  exact: boolean;
}

/**
 * Tour over points (decimetres) from and back to the origin: exact up to
 * EXACT_RACK_LIMIT points, heuristic beyond. Returns point indices in visiting
 * order (without the origin) and the length in decimetres. `heuristic: true`
 * skips the exact search (the tests and the benchmark measure the heuristic's gap with it).
 */
export function tourOverPoints(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  options: { heuristic?: boolean } = {},
): { order: number[]; length_dm: number; exact: boolean } {
  const n = xs.length;
  const d = distanceMatrix(xs, ys);
  const exact = n <= EXACT_RACK_LIMIT && !options.heuristic;
  const tour = exact ? heldKarp(d, n) : heuristicTour(d, n, kicksFor(n));
  const order: number[] = [];
  for (let i = 1; i <= n; i++) order.push(tour[i] - 1);
  return { order, length_dm: tourLength(tour, d, n + 1), exact };
}

/**
 * A quick estimate of the route length (decimetres) for the wave planner,
 * which weighs thousands of rack sets: exact (Held–Karp) up to 7 points, where
 * that costs microseconds, else one nearest-neighbour tour improved by 2-opt and
 * Or-opt. Never shorter than the optimum; the reported routes use tourOverPoints.
 */
export function quickTourLengthDm(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const n = xs.length;
  const d = distanceMatrix(xs, ys);
  const m = n + 1;
  if (n <= 7) return tourLength(heldKarp(d, n), d, m);
  const tour = nearestNeighbour(d, n, 0);
  localSearch(tour, d, m, new Int32Array(m));
  return tourLength(tour, d, m);
}

// ─── racks and stops ─────────────────────────────────────────────────────────

/** Distinct racks of the stops, in canonical order (ascending rack id). */
function distinctRacks(stops: readonly RackPoint[]): RackPoint[] {
  const byId = new Map<number, RackPoint>();
  for (const s of stops) if (!byId.has(s.rack_id)) byId.set(s.rack_id, s);
  return [...byId.values()].sort((a, b) => a.rack_id - b.rack_id);
}

/** Shortest route over the distinct racks of the stops (exact up to 15 racks, within 2 % of the best known beyond). */
export function shortestRoute(stops: readonly RackPoint[]): Route {
  const racks = distinctRacks(stops);
  const t = tourOverPoints(
    racks.map((r) => r.position_x),
    racks.map((r) => r.position_y),
  );
  return {
    rack_ids: t.order.map((i) => racks[i].rack_id),
    length_dm: t.length_dm,
    length_m: t.length_dm / 10,
    exact: t.exact,
  };
}

/** Length (decimetres) of visiting the racks in the given order, from and back to the origin. */
export function routeLengthDm(racks: readonly RackPoint[]): number {
  let s = 0;
  let x = 0;
  let y = 0;
  for (const r of racks) {
    s += Math.abs(r.position_x - x) + Math.abs(r.position_y - y);
    x = r.position_x;
    y = r.position_y;
  }
  return s + Math.abs(x) + Math.abs(y);
}

/** Compares codes like '02' and '10' by number when both are digits, else as text. */
export function compareCodes(a: string, b: string): number {
  const da = /^\d+$/.test(a);
  const db = /^\d+$/.test(b);
  if (da && db) {
    const d = Number(a) - Number(b);
    if (d !== 0) return d;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Pick-list order of the stops: by the route's rack order, inside one rack
 * ascending level, then compartment code. Stable for equal keys. Without a
 * route the shortest route over the stops is used.
 */
export function sortStops<T extends PickStop>(stops: readonly T[], route: Route = shortestRoute(stops)): T[] {
  const rank = new Map(route.rack_ids.map((id, i) => [id, i]));
  const last = route.rack_ids.length;
  return stops
    .map((s, i) => ({ s, i }))
    .sort(
      (a, b) =>
        (rank.get(a.s.rack_id) ?? last) - (rank.get(b.s.rack_id) ?? last) ||
        a.s.rack_id - b.s.rack_id ||
        compareCodes(a.s.level_code, b.s.level_code) ||
        compareCodes(a.s.compartment_code, b.s.compartment_code) ||
        a.i - b.i,
    )
    .map((e) => e.s);
}

/** Route and ordered stops in one call (what a pick list needs). */
export function routeStops<T extends PickStop>(stops: readonly T[]): { route: Route; stops: T[] } {
  const route = shortestRoute(stops);
  return { route, stops: sortStops(stops, route) };
}
