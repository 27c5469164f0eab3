import { quickTourLengthDm, type PickStop } from './pick-route';
import type { OrderFacts } from './wave-suggestion-types';

// ─── the rack catalogue and the route cost of a set of orders ────────────────

export class RouteCosts {
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
