/**
 * Independent reference solvers for the pick-route tests and the benchmark,
 * written plainly (no shared code with shared/domain/pick-route.ts) so that a
 * bug there cannot hide in the yardstick: brute force over all permutations,
 * a textbook Held–Karp on Maps, and a random-restart 2-opt/Or-opt for "best known".
 */
export interface Pt {
  x: number;
  y: number;
}

const dist = (a: Pt, b: Pt) => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
const O: Pt = { x: 0, y: 0 };

export function closedLength(order: readonly Pt[]): number {
  let s = 0;
  let prev = O;
  for (const p of order) {
    s += dist(prev, p);
    prev = p;
  }
  return s + dist(prev, O);
}

/** Exact by trying every permutation (n ≤ 9). */
export function bruteForce(pts: readonly Pt[]): number {
  const n = pts.length;
  let best = Number.POSITIVE_INFINITY;
  const used = new Array<boolean>(n).fill(false);
  const rec = (depth: number, prev: Pt, acc: number) => {
    if (acc >= best) return;
    if (depth === n) {
      best = Math.min(best, acc + dist(prev, O));
      return;
    }
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      used[i] = true;
      rec(depth + 1, pts[i], acc + dist(prev, pts[i]));
      used[i] = false;
    }
  };
  rec(0, O, 0);
  return n === 0 ? 0 : best;
}

/** Textbook Held–Karp over subsets, layer by layer (subset size 1, 2, …), with a plain array. */
export function heldKarpReference(pts: readonly Pt[]): number {
  const n = pts.length;
  if (n === 0) return 0;
  const size = 1 << n;
  const best: number[] = new Array(size * n).fill(Number.POSITIVE_INFINITY);
  for (let j = 0; j < n; j++) best[(1 << j) * n + j] = dist(O, pts[j]);
  const bySize: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let mask = 1; mask < size; mask++) {
    let c = 0;
    for (let k = 0; k < n; k++) if (mask & (1 << k)) c++;
    bySize[c].push(mask);
  }
  for (let s = 1; s < n; s++) {
    for (const mask of bySize[s]) {
      for (let j = 0; j < n; j++) {
        const v = best[mask * n + j];
        if (!(mask & (1 << j)) || v === Number.POSITIVE_INFINITY) continue;
        for (let k = 0; k < n; k++) {
          if (mask & (1 << k)) continue;
          const idx = (mask | (1 << k)) * n + k;
          best[idx] = Math.min(best[idx], v + dist(pts[j], pts[k]));
        }
      }
    }
  }
  let result = Number.POSITIVE_INFINITY;
  for (let j = 0; j < n; j++) result = Math.min(result, best[(size - 1) * n + j] + dist(pts[j], O));
  return result;
}

export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

function improve(order: Pt[]): Pt[] {
  let tour = [O, ...order];
  const m = tour.length;
  const at = (i: number) => tour[((i % m) + m) % m];
  let improved = true;
  while (improved) {
    improved = false;
    // 2-opt: reverse tour[i+1..j]
    for (let i = 0; i < m - 2 && !improved; i++) {
      for (let j = i + 2; j < m && !improved; j++) {
        const a = tour[i];
        const b = tour[i + 1];
        const c = tour[j];
        const e = at(j + 1);
        if (e === a) continue;
        if (dist(a, c) + dist(b, e) < dist(a, b) + dist(c, e) - 1e-9) {
          tour = [...tour.slice(0, i + 1), ...tour.slice(i + 1, j + 1).reverse(), ...tour.slice(j + 1)];
          improved = true;
        }
      }
    }
    // Or-opt: move a chain of 1-3 to another edge, either direction
    for (let len = 1; len <= 3 && !improved; len++) {
      for (let i = 1; i + len <= m && !improved; i++) {
        const chain = tour.slice(i, i + len);
        const rest = [...tour.slice(0, i), ...tour.slice(i + len)];
        const gain = dist(at(i - 1), chain[0]) + dist(chain[len - 1], at(i + len)) - dist(at(i - 1), at(i + len));
        for (let p = 0; p < rest.length && !improved; p++) {
          const u = rest[p];
          const v = rest[(p + 1) % rest.length];
          for (const c of [chain, [...chain].reverse()]) {
            const add = dist(u, c[0]) + dist(c[len - 1], v) - dist(u, v);
            if (add < gain - 1e-9) {
              tour = [...rest.slice(0, p + 1), ...c, ...rest.slice(p + 1)];
              improved = true;
              break;
            }
          }
        }
      }
    }
  }
  return tour.slice(1);
}

/** Best of `restarts` random starting tours, each improved by 2-opt and Or-opt to a local optimum. */
export function bestKnown(pts: readonly Pt[], restarts: number, seed = 7): number {
  const rnd = seededRandom(seed);
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < restarts; r++) {
    const order = [...pts];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    best = Math.min(best, closedLength(improve(order)));
  }
  return best;
}
