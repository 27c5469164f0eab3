/**
 * The picker's walking route (handbook FULFILMENT.md, "The walking distance and the route").
 *
 * Metric: the distance between two stops is |Δx| + |Δy| of their racks' plan
 * positions (decimetres, as the Lageplan stores them); stops in one rack are
 * 0 apart; a route starts and ends at the plan origin (0, 0). So the route is a
 * travelling-salesman tour over the DISTINCT racks plus the origin, and only
 * the racks matter; the stops inside a rack are ordered afterwards (level, then
 * compartment), which costs nothing under this metric.
 *
 * Why the algorithm is shaped so:
 *  - Up to EXACT_RACK_LIMIT (15) racks the handbook asks for the exact optimum.
 *    Held–Karp dynamic programming over subsets is O(2^n · n²); walking only
 *    the set bits (last rack) and the unset bits (next rack) of each mask, 15
 *    racks take about 1.8 M relaxations over one flat Float64Array (2^15 · 15
 *    cells, 4 MB, reused between calls), about 10 ms; branch and bound would be
 *    faster on easy inputs but has no such bound on bad ones.
 *  - Beyond that the handbook asks for "within 2 % of the best known": the tour
 *    is built by nearest neighbour from several deterministic starts, improved
 *    by 2-opt and Or-opt (move a chain of 1–3 racks, either direction) until no
 *    move helps, then perturbed with double-bridge kicks (iterated local search)
 *    driven by a fixed-seed generator (10 kicks per rack, 200–600). Manhattan
 *    instances of warehouse size (tens of racks) are easy for this; the
 *    benchmark measures the gap (40 racks: 1.000 of the best known, ~40 ms).
 *  - Determinism: racks are put in a canonical order (by rack id) before any
 *    search, all comparisons are strict (the first of equal tours wins) and the
 *    random kicks use a fixed seed, so equal input gives equal routes whatever
 *    the order the caller lists the stops in.
 */

/** Up to this many distinct racks the route is exact (handbook). */
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
  /** The handbook's `route_length_m`: decimetres / 10. */
  length_m: number;
  /** True when the order is proven shortest (≤ EXACT_RACK_LIMIT racks). */
  exact: boolean;
}

// ─── numeric core: points 1..n are racks, 0 is the origin ─────────────────────

/** Distance matrix over origin + racks, (n+1)², row-major. */
function distanceMatrix(xs: ArrayLike<number>, ys: ArrayLike<number>): Float64Array {
  const n = xs.length;
  const m = n + 1;
  const d = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    const xi = i === 0 ? 0 : xs[i - 1];
    const yi = i === 0 ? 0 : ys[i - 1];
    for (let j = i + 1; j < m; j++) {
      const v = Math.abs(xi - xs[j - 1]) + Math.abs(yi - ys[j - 1]);
      d[i * m + j] = v;
      d[j * m + i] = v;
    }
  }
  return d;
}

/** Length of the closed tour `tour` (node ids 0..n, tour[0] = 0). */
function tourLength(tour: Int32Array, d: Float64Array, m: number): number {
  let s = 0;
  for (let i = 0; i < m; i++) s += d[tour[i] * m + tour[(i + 1) % m]];
  return s;
}

/** Scratch tables of Held–Karp, kept between calls (15 racks: 4 MB) so a pick list does not allocate them anew. */
let hkDp = new Float64Array(0);
let hkParent = new Int8Array(0);

/**
 * Held–Karp: dp[mask·n + j] = shortest path from the origin through exactly the
 * racks in `mask`, ending at rack j. Returns the tour (with the origin first).
 */
function heldKarp(d: Float64Array, n: number): Int32Array {
  const m = n + 1;
  const tour = new Int32Array(m);
  if (n === 0) return tour;
  if (n === 1) {
    tour[1] = 1;
    return tour;
  }
  const full = (1 << n) - 1;
  const cells = (full + 1) * n;
  if (hkDp.length < cells) {
    hkDp = new Float64Array(cells);
    hkParent = new Int8Array(cells);
  }
  const dp = hkDp;
  const parent = hkParent;
  dp.fill(Number.POSITIVE_INFINITY, 0, cells);
  // Rack-to-rack distances without the origin row, for tighter indexing.
  const dd = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) dd[i * n + j] = d[(i + 1) * m + j + 1];
  for (let j = 0; j < n; j++) dp[(1 << j) * n + j] = d[j + 1];
  // Walk only the set bits j of the mask and the unset bits k: 2^n · (n/2)² relaxations instead of 2^n · n².
  for (let mask = 1; mask < full; mask++) {
    const base = mask * n;
    for (let rem = mask; rem !== 0; rem &= rem - 1) {
      const j = 31 - Math.clz32(rem & -rem);
      const cur = dp[base + j];
      const row = j * n;
      for (let free = full & ~mask; free !== 0; free &= free - 1) {
        const bit = free & -free;
        const k = 31 - Math.clz32(bit);
        const idx = (mask | bit) * n + k;
        const v = cur + dd[row + k];
        if (v < dp[idx]) {
          dp[idx] = v;
          parent[idx] = j;
        }
      }
    }
  }
  let best = Number.POSITIVE_INFINITY;
  let last = 0;
  for (let j = 0; j < n; j++) {
    const v = dp[full * n + j] + d[j + 1];
    if (v < best) {
      best = v;
      last = j;
    }
  }
  let mask = full;
  for (let pos = n; pos >= 1; pos--) {
    tour[pos] = last + 1;
    const p = parent[mask * n + last];
    mask &= ~(1 << last);
    last = p;
  }
  return tour;
}

/** Nearest-neighbour tour from the origin; `first` forces the first rack (1..n) or 0 for a free choice. */
function nearestNeighbour(d: Float64Array, n: number, first: number): Int32Array {
  const m = n + 1;
  const tour = new Int32Array(m);
  const used = new Uint8Array(m);
  used[0] = 1;
  let cur = 0;
  for (let pos = 1; pos < m; pos++) {
    let next = -1;
    if (pos === 1 && first > 0) next = first;
    else {
      let best = Number.POSITIVE_INFINITY;
      for (let k = 1; k < m; k++) {
        if (used[k]) continue;
        const v = d[cur * m + k];
        if (v < best) {
          best = v;
          next = k;
        }
      }
    }
    tour[pos] = next;
    used[next] = 1;
    cur = next;
  }
  return tour;
}

const EPS = 1e-9;

/** 2-opt: reverse tour[i+1..j] when that shortens the tour. Returns true if anything changed. */
function twoOpt(tour: Int32Array, d: Float64Array, m: number): boolean {
  let changed = false;
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < m - 2; i++) {
      const a = tour[i];
      const b = tour[i + 1];
      const dab = d[a * m + b];
      for (let j = i + 2; j < m; j++) {
        const c = tour[j];
        const e = tour[(j + 1) % m];
        if (e === a) continue;
        const delta = d[a * m + c] + d[b * m + e] - dab - d[c * m + e];
        if (delta < -EPS) {
          for (let lo = i + 1, hi = j; lo < hi; lo++, hi--) {
            const t = tour[lo];
            tour[lo] = tour[hi];
            tour[hi] = t;
          }
          improved = true;
          changed = true;
          break;
        }
      }
    }
  }
  return changed;
}

/**
 * Or-opt: move a chain of 1–3 consecutive racks (never the origin at position 0)
 * to another edge, forwards or reversed. First improvement. Returns true if anything changed.
 */
function orOpt(tour: Int32Array, d: Float64Array, m: number, scratch: Int32Array): boolean {
  let changed = false;
  let improved = true;
  while (improved) {
    improved = false;
    for (let len = 1; len <= 3; len++) {
      for (let i = 1; i + len <= m; i++) {
        const s0 = tour[i];
        const s1 = tour[i + len - 1];
        const prev = tour[i - 1];
        const next = tour[(i + len) % m];
        const removeGain = d[prev * m + s0] + d[s1 * m + next] - d[prev * m + next];
        // Insert between tour[p] and tour[p+1] for p outside [i-1, i+len-1].
        for (let p = 0; p < m; p++) {
          if (p >= i - 1 && p <= i + len - 1) continue;
          const u = tour[p];
          const v = tour[(p + 1) % m];
          const fwd = d[u * m + s0] + d[s1 * m + v] - d[u * m + v];
          const rev = d[u * m + s1] + d[s0 * m + v] - d[u * m + v];
          const reversed = rev < fwd;
          const add = reversed ? rev : fwd;
          if (add - removeGain < -EPS) {
            // Rebuild: the tour without the chain, with the chain inserted after u.
            let w = 0;
            for (let k = 0; k < m; k++) {
              if (k >= i && k < i + len) continue;
              scratch[w++] = tour[k];
              if (k === p) {
                if (reversed) for (let c = i + len - 1; c >= i; c--) scratch[w++] = tour[c];
                else for (let c = i; c < i + len; c++) scratch[w++] = tour[c];
              }
            }
            tour.set(scratch.subarray(0, m));
            improved = true;
            changed = true;
            break;
          }
        }
      }
    }
  }
  return changed;
}

function localSearch(tour: Int32Array, d: Float64Array, m: number, scratch: Int32Array): void {
  twoOpt(tour, d, m);
  while (orOpt(tour, d, m, scratch) && twoOpt(tour, d, m)) {
    // alternate until neither finds a move
  }
}

/** Small deterministic generator (mulberry32) for the kicks. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Double bridge on the rack part (positions 1..n): A B C D → A C B D. */
function doubleBridge(tour: Int32Array, m: number, rnd: () => number, out: Int32Array): void {
  const n = m - 1;
  const cuts = [1 + Math.floor(rnd() * n), 1 + Math.floor(rnd() * n), 1 + Math.floor(rnd() * n)].sort((a, b) => a - b);
  const [p1, p2, p3] = cuts;
  let w = 0;
  for (let k = 0; k < p1; k++) out[w++] = tour[k];
  for (let k = p2; k < p3; k++) out[w++] = tour[k];
  for (let k = p1; k < p2; k++) out[w++] = tour[k];
  for (let k = p3; k < m; k++) out[w++] = tour[k];
}

/** Heuristic tour: multi-start NN + 2-opt + Or-opt, then iterated local search with double-bridge kicks. */
function heuristicTour(d: Float64Array, n: number, kicks: number): Int32Array {
  const m = n + 1;
  const scratch = new Int32Array(m);
  let best = nearestNeighbour(d, n, 0);
  localSearch(best, d, m, scratch);
  let bestLen = tourLength(best, d, m);
  // Extra starts: the nearest-neighbour tour forced to begin at racks spread over the list.
  const starts = Math.min(n, 8);
  for (let s = 0; s < starts; s++) {
    const first = 1 + Math.floor((s * n) / starts);
    const t = nearestNeighbour(d, n, first);
    localSearch(t, d, m, scratch);
    const len = tourLength(t, d, m);
    if (len < bestLen - EPS) {
      best = t;
      bestLen = len;
    }
  }
  if (n < 8) return best;
  const rnd = mulberry32(0x5eed + n);
  let cur = Int32Array.from(best);
  let curLen = bestLen;
  const cand = new Int32Array(m);
  for (let k = 0; k < kicks; k++) {
    doubleBridge(cur, m, rnd, cand);
    localSearch(cand, d, m, scratch);
    const len = tourLength(cand, d, m);
    if (len < curLen - EPS) {
      cur.set(cand);
      curLen = len;
      if (len < bestLen - EPS) {
        best = Int32Array.from(cand);
        bestLen = len;
      }
    } else if (k % 50 === 49) {
      // restart the walk from the best tour now and then
      cur = Int32Array.from(best);
      curLen = bestLen;
    }
  }
  return best;
}

/** Kicks of the iterated local search beyond the exact limit: enough for warehouse sizes, bounded for big inputs. */
function kicksFor(n: number): number {
  return Math.max(200, Math.min(600, 10 * n));
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
