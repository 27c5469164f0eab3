import { describe, expect, it } from 'vitest';
import {
  EXACT_RACK_LIMIT,
  type PickStop,
  type RackPoint,
  routeLengthDm,
  routeStops,
  shortestRoute,
  sortStops,
  tourOverPoints,
} from '../../shared/domain/pick-route';
import { bestKnown, bruteForce, heldKarpReference, type Pt, seededRandom } from '../helpers/tsp-reference';

const randomPoints = (rnd: () => number, n: number, w = 400, h = 300): Pt[] =>
  Array.from({ length: n }, () => ({ x: Math.round(rnd() * w), y: Math.round(rnd() * h) }));

const racksOf = (pts: Pt[]): RackPoint[] => pts.map((p, i) => ({ rack_id: i + 1, position_x: p.x, position_y: p.y }));

/** The route must visit every rack once and its stated length must be the length of its order. */
function checkConsistent(racks: RackPoint[]) {
  const route = shortestRoute(racks);
  expect([...route.rack_ids].sort((a, b) => a - b)).toEqual(racks.map((r) => r.rack_id).sort((a, b) => a - b));
  const byId = new Map(racks.map((r) => [r.rack_id, r]));
  expect(route.length_dm).toBeCloseTo(routeLengthDm(route.rack_ids.map((id) => byId.get(id)!)), 9);
  expect(route.length_m).toBeCloseTo(route.length_dm / 10, 9);
  return route;
}

describe('walking metric', () => {
  it('is Manhattan from and back to the origin, racks in decimetres, length in metres', () => {
    const route = shortestRoute([{ rack_id: 1, position_x: 30, position_y: 40 }]);
    expect(route.length_dm).toBe(140);
    expect(route.length_m).toBe(14);
    expect(route.exact).toBe(true);
  });

  it('counts each rack once: stops in one rack are 0 apart', () => {
    const stop = (level: string): PickStop => ({ rack_id: 7, rack_code: 'A', position_x: 50, position_y: 20, level_code: level, compartment_code: '01' });
    expect(shortestRoute([stop('01'), stop('02'), stop('03')]).length_dm).toBe(140);
    expect(shortestRoute([stop('01'), stop('02'), stop('03')]).rack_ids).toEqual([7]);
  });

  it('an empty pick list walks nowhere', () => {
    expect(shortestRoute([])).toEqual({ rack_ids: [], length_dm: 0, length_m: 0, exact: true });
  });
});

describe('exact up to 15 racks', () => {
  it('equals brute force over all permutations on 300 random instances of 2–8 racks', () => {
    const rnd = seededRandom(20261123);
    for (let k = 0; k < 300; k++) {
      const n = 2 + (k % 7);
      const pts = randomPoints(rnd, n);
      const route = checkConsistent(racksOf(pts));
      expect(route.exact).toBe(true);
      expect(route.length_dm).toBe(bruteForce(pts));
    }
  });

  it('equals brute force when racks share coordinates or lie on a line', () => {
    const rnd = seededRandom(99);
    for (let k = 0; k < 100; k++) {
      const n = 3 + (k % 6);
      const pts = Array.from({ length: n }, () => ({ x: 10 * Math.floor(rnd() * 4), y: k % 2 ? 50 : 10 * Math.floor(rnd() * 3) }));
      expect(shortestRoute(racksOf(pts)).length_dm).toBe(bruteForce(pts));
    }
  });

  // Speed is measured by the benchmark (npm run bench, tests/bench/waves.ts), not asserted here.
  it('15 racks: equals an independent Held–Karp', () => {
    const rnd = seededRandom(15);
    for (let k = 0; k < 3; k++) {
      const pts = randomPoints(rnd, EXACT_RACK_LIMIT, 600, 400);
      const route = checkConsistent(racksOf(pts));
      expect(route.exact).toBe(true);
      expect(route.length_dm).toBe(heldKarpReference(pts));
    }
  });
});

describe('heuristic beyond 15 racks', () => {
  it('on 12–15 racks the heuristic is within 2 % of the exact optimum', () => {
    const rnd = seededRandom(1215);
    let worst = 1;
    for (let k = 0; k < 24; k++) {
      const n = 12 + (k % 4);
      const pts = randomPoints(rnd, n, 500, 300);
      const h = tourOverPoints(
        pts.map((p) => p.x),
        pts.map((p) => p.y),
        { heuristic: true },
      );
      expect(h.exact).toBe(false);
      const exact = heldKarpReference(pts);
      worst = Math.max(worst, h.length_dm / exact);
    }
    expect(worst).toBeLessThanOrEqual(1.02);
  });

  it('on 40 racks it is within 2 % of the best of 100 random-restart 2-opt/Or-opt runs', () => {
    const rnd = seededRandom(40);
    for (let k = 0; k < 2; k++) {
      const pts = randomPoints(rnd, 40, 600, 400);
      const route = checkConsistent(racksOf(pts));
      expect(route.exact).toBe(false);
      expect(route.length_dm / bestKnown(pts, 100, k + 1)).toBeLessThanOrEqual(1.02);
    }
  });

  it('is deterministic and independent of the order the stops are listed in', () => {
    const pts = randomPoints(seededRandom(5), 30);
    const racks = racksOf(pts);
    const a = shortestRoute(racks);
    const b = shortestRoute([...racks].reverse());
    expect(b).toEqual(a);
  });
});

describe('pick-list order', () => {
  const stop = (rack_id: number, rack_code: string, x: number, y: number, level: string, comp: string): PickStop => ({
    rack_id,
    rack_code,
    position_x: x,
    position_y: y,
    level_code: level,
    compartment_code: comp,
  });

  it('follows the route between racks and goes up level, then compartment, inside a rack', () => {
    const far = stop(2, 'B', 300, 300, '01', '01');
    const stops = [
      stop(1, 'A', 10, 10, '02', '01'),
      far,
      stop(1, 'A', 10, 10, '01', '10'),
      stop(1, 'A', 10, 10, '01', '02'),
      stop(3, 'C', 300, 10, '01', '01'),
      stop(1, 'A', 10, 10, '10', '01'),
    ];
    const { route, stops: ordered } = routeStops(stops);
    expect(route.length_dm).toBe(1200);
    expect(ordered.map((s) => `${s.rack_code}-${s.level_code}-${s.compartment_code}`).filter((c) => c.startsWith('A'))).toEqual([
      'A-01-02',
      'A-01-10',
      'A-02-01',
      'A-10-01',
    ]);
    // all stops of a rack are consecutive and racks come in the route's order
    const rackSeq = ordered.map((s) => s.rack_id).filter((id, i, arr) => i === 0 || arr[i - 1] !== id);
    expect(rackSeq).toEqual(route.rack_ids);
  });

  it('keeps equal stops in their given order (stable)', () => {
    const a = { ...stop(1, 'A', 10, 10, '01', '01'), tag: 'first' };
    const b = { ...stop(1, 'A', 10, 10, '01', '01'), tag: 'second' };
    expect(sortStops([a, b]).map((s) => s.tag)).toEqual(['first', 'second']);
    expect(sortStops([b, a]).map((s) => s.tag)).toEqual(['second', 'first']);
  });
});
