import { StockEntity } from '../../../shared/schemas/stock';
import { inScope } from '../../auth/scope';
import { onDevicePlace, placeEntered } from '../locations/work-area';
import { defineSource } from '../../offline';

/**
 * Stock rows of the visible customers on the places the device holds (with an Arbeitsbereich only
 * those, docs/sync.md "Entities"); a row that dropped to 0 leaves the set. An incremental pull sends
 * the rows written in the window and those on a place that entered the set; a row whose place left
 * it stays until the next reset (no tombstones, as products).
 */
/** The columns of a stock row on the device (WsStock). */
export const STOCK_ROW = ['id', 'product_id', 'customer_id', 'location_id', 'batch_number', 'expiry_date', 'quantity', 'reserved_quantity'] as const;

export const stockSource = defineSource(StockEntity, async (trx, actor, since) => {
  let q = trx
    .selectFrom('stock')
    .select(STOCK_ROW)
    .where((eb) => inScope(eb, 'stock.customer_id', actor.scope))
    .where(onDevicePlace('stock.location_id', actor));
  q = since
    ? q.where((eb) => eb.or([since.changed('stock'), eb.and([eb('quantity', '>', 0), placeEntered('stock.location_id', actor, since)])]))
    : q.where('quantity', '>', 0);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => (r.quantity > 0 ? r : { del: r.id }));
});
