import { sql } from 'kysely';
import { isStaff } from '../../../shared/domain/roles';
import { ReturnEntity, type WsReturn } from '../../../shared/schemas/returns';
import { defineSource } from '../../offline';
import { orderBalances, returnHeads } from './queries';
import { returnable } from './service';

/**
 * Working-set entity 'returns' (docs/operations.md "Returns"): the open
 * returns (announced or received) of the customers the staff user may see,
 * with their order number and tracking numbers (the handheld finds a parcel
 * by either), their lines (announced, received, what may still come) and the
 * order's EANs. Customer users receive nothing at the dock: none.
 *
 * Incremental pulls send every return of an order one of whose returns or
 * their receipts changed in the window (another return of the order changes
 * what this one may receive): still open → put, otherwise (completed,
 * cancelled) → del, so a finished return leaves the device.
 */
/** Returns a device receives (also the products on their lines are on the device, products/working-set.ts). */
export const OPEN_RETURNS = ['announced', 'received'] as const;

export const returnSource = defineSource(ReturnEntity, async (trx, actor, since) => {
  if (!isStaff(actor)) return [];
  let q = returnHeads(trx, actor);
  if (since) {
    q = q.where((eb) =>
      eb.or([
        since.changed('c'),
        since.changed('o'),
        eb.exists(
          eb
            .selectFrom('returns as r2')
            .select(sql`1`.as('one'))
            .whereRef('r2.outbound_order_id', '=', 'r.outbound_order_id')
            .where((e2) =>
              e2.or([
                since.changed('r2'),
                e2.exists(e2.selectFrom('return_receipts as rr').select(sql`1`.as('one')).whereRef('rr.return_id', '=', 'r2.id').where(since.changed('rr'))),
              ]),
            ),
        ),
      ]),
    );
  } else {
    q = q.where('r.status', 'in', OPEN_RETURNS);
  }
  const heads = await q.orderBy('r.id').execute();
  const live = heads.filter((h) => (OPEN_RETURNS as readonly string[]).includes(h.status));
  const items = live.length
    ? await trx
        .selectFrom('return_items as ri')
        .select([
          'ri.return_id',
          'ri.product_id',
          'ri.quantity',
          sql<number>`(SELECT coalesce(sum(rr.quantity), 0)::int FROM return_receipts rr WHERE rr.return_item_id = ri.id)`.as('received_quantity'),
        ])
        .where(
          'ri.return_id',
          'in',
          live.map((h) => h.id),
        )
        .orderBy('ri.id')
        .execute()
    : [];
  const rows: Array<WsReturn | { del: number }> = [];
  for (const h of heads) {
    if (!live.includes(h)) {
      rows.push({ del: h.id });
      continue;
    }
    // What the order's other returns claim, as the receive command counts it (queries.ts orderBalances).
    const balances = await orderBalances(trx, h.outbound_order_id, h.id);
    const lines = items
      .filter((i) => i.return_id === h.id)
      .flatMap((i) => {
        const b = balances.find((x) => x.product_id === i.product_id);
        if (!b) return [];
        return [
          {
            product_id: i.product_id,
            product_ean: b.product_ean,
            product_title: b.product_title,
            quantity: i.quantity,
            received_quantity: Number(i.received_quantity),
            returnable: returnable(b),
          },
        ];
      });
    rows.push({ ...h, lines, order_eans: balances.map((b) => b.product_ean) });
  }
  return rows;
});
