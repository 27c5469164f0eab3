/**
 * The exact half of the route search (see pick-route.ts for why it is shaped
 * so): the distance matrix over origin + racks, the length of a tour, and
 * Held–Karp. Points 1..n are racks, 0 is the origin.
 */

/** Distance matrix over origin + racks, (n+1)², row-major. */
export function distanceMatrix(xs: ArrayLike<number>, ys: ArrayLike<number>): Float64Array {
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
export function tourLength(tour: Int32Array, d: Float64Array, m: number): number {
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
export function heldKarp(d: Float64Array, n: number): Int32Array {
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
