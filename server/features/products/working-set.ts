import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { OPEN_ORDER_STATUSES } from '../../../shared/domain/order-status';
import { isCustomerUser } from '../../../shared/domain/roles';
import { ProductEntity } from '../../../shared/schemas/products';
import { type ChangeWindow, writtenIn } from '../../../sync/server/change-window';
import type { Actor } from '../../auth/actor';
import { inScope } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { defineSource } from '../../offline';
import { RECEIVABLE } from '../inbound-notifications/working-set';
import { onDevicePlace, placeEntered } from '../locations/work-area';
import { OPEN_RETURNS } from '../returns/working-set';

/**
 * The products a device holds (docs/sync.md "Entities"): those with stock in the user's customer
 * scope (with an Arbeitsbereich: stock on the places the device holds, ../locations/work-area.ts),
 * and on a staff device also those on the lines of the announcements, open outbound orders and
 * open returns in scope. Any other code a staff device scans is asked from the server then
 * (client/features/stock/product-fetch.ts). An incremental pull sends a product that changed or
 * that entered the set (a new or changed stock row, line or head, a place that entered the area
 * set); one that left it stays on the device (no tombstones).
 */

type Eb = ExpressionBuilder<Database, 'products'>;

/** The three document reasons have one shape: a line of an open head in scope names the product. */
interface DocumentLines {
  lines: 'inbound_notification_items' | 'outbound_order_items' | 'return_items';
  head: 'inbound_notifications' | 'outbound_orders' | 'returns';
  /** The line's column pointing at its head. */
  headKey: 'notification_id' | 'order_id' | 'return_id';
  open: readonly string[];
}

const DOCUMENTS: readonly DocumentLines[] = [
  { lines: 'inbound_notification_items', head: 'inbound_notifications', headKey: 'notification_id', open: RECEIVABLE },
  { lines: 'outbound_order_items', head: 'outbound_orders', headKey: 'order_id', open: OPEN_ORDER_STATUSES },
  { lines: 'return_items', head: 'returns', headKey: 'return_id', open: OPEN_RETURNS },
];

function onDocumentLines(eb: Eb, d: DocumentLines, actor: Actor, since: ChangeWindow | null): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (
    SELECT 1 FROM ${sql.table(d.lines)} dl JOIN ${sql.table(d.head)} dh ON dh.id = dl.${sql.ref(d.headKey)}
    WHERE dl.product_id = products.id AND dh.status IN (${sql.join(d.open)})
      AND ${inScope(eb, 'dh.customer_id', actor.scope)} AND ${writtenIn(since, 'dl', 'dh')})`;
}

/** Why a product is on the device, one EXISTS per reason; with `since` only rows written in the window count. */
function reasons(eb: Eb, actor: Actor, since: ChangeWindow | null): Array<Expression<SqlBool>> {
  let held = eb
    .selectFrom('stock')
    .select(sql`1`.as('one'))
    .whereRef('stock.product_id', '=', 'products.id')
    .where((e) => inScope(e, 'stock.customer_id', actor.scope))
    .where(onDevicePlace('stock.location_id', actor));
  if (since) held = held.where((e) => e.or([since.changed('stock'), placeEntered('stock.location_id', actor, since)]));
  const stock = eb.exists(held);
  if (isCustomerUser(actor)) return [stock];
  return [stock, ...DOCUMENTS.map((d) => onDocumentLines(eb, d, actor, since))];
}

export const productSource = defineSource(ProductEntity, async (trx, actor, since) => {
  let q = trx
    .selectFrom('products')
    .select(['id', 'ean', 'title', 'image_url'])
    .where((eb) => eb.or(reasons(eb, actor, null)));
  if (since) q = q.where((eb) => eb.or([since.changed('products'), ...reasons(eb, actor, since)]));
  return q.orderBy('id').execute();
});
