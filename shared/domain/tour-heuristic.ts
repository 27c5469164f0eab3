import { tourLength } from './tour-exact';

/**
 * The heuristic half of the route search beyond the exact limit (see
 * pick-route.ts for why it is shaped so): multi-start nearest neighbour, 2-opt
 * and Or-opt, then iterated local search with double-bridge kicks.
 */

/** Nearest-neighbour tour from the origin; `first` forces the first rack (1..n) or 0 for a free choice. */
export function nearestNeighbour(d: Float64Array, n: number, first: number): Int32Array {
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

export function localSearch(tour: Int32Array, d: Float64Array, m: number, scratch: Int32Array): void {
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
export function heuristicTour(d: Float64Array, n: number, kicks: number): Int32Array {
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
export function kicksFor(n: number): number {
  return Math.max(200, Math.min(600, 10 * n));
}
