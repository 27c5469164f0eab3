import { describe, expect, it } from 'vitest';
import { overviewPageAt } from '../../client/features/inventory/overviewPaging';
import type { InventoryOverview } from '../../shared/schemas/inventory';

/** The overview's pager asks for the next page by keyset and remembers where pages reached that way start. */

const shown = (page: number, rows: Array<[number, number]>) =>
  ({ page, product_summary: rows.map(([product_id, customer_id]) => ({ product_id, customer_id })) }) as unknown as InventoryOverview;

describe('overview pager', () => {
  it('asks for the next page after the last row shown, and for that page by the same row later', () => {
    const two = overviewPageAt(
      shown(1, [
        [5, 1],
        [9, 2],
      ]),
      2,
      {},
    );
    expect(two.at).toEqual({ page: 2, after: { product_id: 9, customer_id: 2 } });
    const three = overviewPageAt(
      shown(2, [
        [11, 1],
        [12, 3],
      ]),
      3,
      two.starts,
    );
    expect(three.at).toEqual({ page: 3, after: { product_id: 12, customer_id: 3 } });
    // Back to page 2: by the row it started after; page 1 from the start.
    expect(overviewPageAt(shown(3, [[13, 1]]), 2, three.starts).at).toEqual({ page: 2, after: { product_id: 9, customer_id: 2 } });
    expect(overviewPageAt(shown(3, [[13, 1]]), 1, three.starts).at).toEqual({ page: 1 });
  });

  it('counts a page picked by number, or after an empty page, from the start', () => {
    expect(overviewPageAt(shown(1, [[5, 1]]), 40, {}).at).toEqual({ page: 40 });
    expect(overviewPageAt(shown(7, []), 8, {}).at).toEqual({ page: 8 });
    expect(overviewPageAt(undefined, 2, {}).at).toEqual({ page: 2 });
  });
});
