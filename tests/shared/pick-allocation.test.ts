import { describe, expect, it } from 'vitest';
import { allocatePick } from '../../shared/domain/pick-allocation';

const rows = [
  { id: 'a', order_item_id: 1, quantity: 2 },
  { id: 'b', order_item_id: 1, quantity: 5 },
  { id: 'c', order_item_id: 2, quantity: 4 },
];

describe('allocatePick', () => {
  it('takes the rows in the given order, each up to what it holds', () => {
    const r = allocatePick(rows, 4, () => 100);
    expect(r.takes.map((t) => [t.row.id, t.take])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
    expect(r.missing).toBe(0);
  });

  it('gives no line more than it still needs and moves on to the next line', () => {
    const r = allocatePick(rows, 6, (item) => (item === 1 ? 3 : 10));
    expect(r.takes.map((t) => [t.row.id, t.take])).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 3],
    ]);
    expect(r.missing).toBe(0);
  });

  it('reports what the place cannot give', () => {
    const r = allocatePick(rows, 20, () => Number.POSITIVE_INFINITY);
    expect(r.takes.reduce((n, t) => n + t.take, 0)).toBe(11);
    expect(r.missing).toBe(9);
    expect(allocatePick([], 3, () => 5)).toEqual({ takes: [], missing: 3 });
  });
});
