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

/** Textbook Held–Karp with a Map per subset size (slow but obviously right). */
export function heldKarpReference(pts: readonly Pt[]): number {
  const n = pts.length;
  if (n === 0) return 0;
  let layer = new Map<string, number>();
  for (let j = 0; j < n; j++) layer.set(`${1 << j}:${j}`, dist(O, pts[j]));
  for (let size = 2; size <= n; size++) {
    const next = new Map<string, number>();
    for (const [key, v] of layer) {
      const [maskS, jS] = key.split(':');
      const mask = Number(maskS);
      const j = Number(jS);
      for (let k = 0; k < n; k++) {
        if (mask & (1 << k)) continue;
        const nk = `${mask | (1 << k)}:${k}`;
        const c = v + dist(pts[j], pts[k]);
        const old = next.get(nk);
        if (old === undefined || c < old) next.set(nk, c);
      }
    }
    layer = next;
  }
  let best = Number.POSITIVE_INFINITY;
  for (const [key, v] of layer) best = Math.min(best, v + dist(pts[Number(key.split(':')[1])], O));
  return best;
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
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < m - 2 && !improved; i++) {
      for (let j = i + 2; j < m && !improved; j++) {
        const a = tour[i];
        const b = tour[i + 1];
        const c = tour[j];
        const e = tour[(j + 1) % m];
        if (dist(a, c) + dist(b, e) < dist(a, b) + dist(c, e) - 1e-9) {
          tour = [...tour.slice(0, i + 1), ...tour.slice(i + 1, j + 1).reverse(), ...tour.slice(j + 1)];
          improved = true;
        }
      }
    }
    for (let len = 1; len <= 3 && !improved; len++) {
      for (let i = 1; i + len <= m && !improved; i++) {
        const chain = tour.slice(i, i + len);
        const rest = [...tour.slice(0, i), ...tour.slice(i + len)];
        const before = closedLength(tour.slice(1));
        for (let p = 1; p <= rest.length && !improved; p++) {
          for (const c of [chain, [...chain].reverse()]) {
            const cand = [...rest.slice(0, p), ...c, ...rest.slice(p)];
            if (closedLength(cand.slice(1)) < before - 1e-9) {
              tour = cand;
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
