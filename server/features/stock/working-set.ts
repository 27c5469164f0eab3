import { StockEntity } from '../../../shared/schemas/stock';
import { inScope } from '../../auth/scope';
import { defineSource } from '../../offline';

/** Stock rows of the visible customers; a row that dropped to 0 leaves the set. */
export const stockSource = defineSource(StockEntity, async (trx, actor, since) => {
  let q = trx
    .selectFrom('stock')
    .select(['id', 'product_id', 'customer_id', 'location_id', 'batch_number', 'expiry_date', 'quantity', 'reserved_quantity'])
    .where((eb) => inScope(eb, 'stock.customer_id', actor.scope));
  q = since ? q.where(since.changed('stock')) : q.where('quantity', '>', 0);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => (r.quantity > 0 ? r : { del: r.id }));
});
