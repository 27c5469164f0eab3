import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/index';

/**
 * The one read of order lines with their product, shared by the order views
 * and the packing station: the common columns, the quantity still reserved
 * (reserved_quantity) and the line order. Callers add their own columns with
 * .select() and must not call it with an empty id list.
 */
export function orderItemRows(db: DbOrTrx, orderIds: readonly number[]) {
  return db
    .selectFrom('outbound_order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select([
      'i.id',
      'i.order_id',
      'i.product_id',
      'p.ean as product_ean',
      'p.title as product_title',
      'i.quantity',
      'i.picked_quantity',
      'i.unit',
      'p.image_url',
      'p.weight_kg',
      (eb) =>
        eb
          .selectFrom('order_reservations as r')
          .select(sql<number>`coalesce(sum(r.quantity), 0)::int`.as('q'))
          .whereRef('r.order_item_id', '=', 'i.id')
          .as('reserved_quantity'),
    ])
    .where('i.order_id', 'in', [...orderIds])
    .orderBy('i.order_id')
    .orderBy('i.sort_index')
    .orderBy('i.id');
}

/** Groups mapped rows by their order id, keeping the row order. */
export function groupByOrder<R extends { order_id: number }, T>(rows: readonly R[], toItem: (r: R) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const item = toItem(r);
    const list = out.get(r.order_id);
    if (list) list.push(item);
    else out.set(r.order_id, [item]);
  }
  return out;
}
