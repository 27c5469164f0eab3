import { fitsPallet } from './pallet-load';
import type { RouteCosts } from './wave-route-costs';
import type { OrderFacts } from './wave-suggestion-types';

/**
 * How the wave planner groups the ordinary orders: the creation-order baseline
 * and the shortest-walk search (seed construction, move/swap, pair re-split).
 * Why it is shaped so: see wave-suggestions.ts.
 */

const fits = (orders: readonly OrderFacts[], max: number) => orders.length <= max && fitsPallet(orders);

export function fcfsGroups(orders: readonly OrderFacts[], max: number): OrderFacts[][] {
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
export function shortestWalkGroups(orders: readonly OrderFacts[], max: number, rc: RouteCosts): OrderFacts[][] {
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
