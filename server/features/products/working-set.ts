import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { OPEN_ORDER_STATUSES } from '../../../shared/domain/order-status';
import { isCustomerUser } from '../../../shared/domain/roles';
import { ProductEntity } from '../../../shared/schemas/products';
import type { ChangeWindow } from '../../../sync/server/change-window';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { defineSource } from '../../offline';
import { RECEIVABLE } from '../inbound-notifications/working-set';
import { OPEN_RETURNS } from '../returns/working-set';

/**
 * The products a device holds (docs/sync.md "Entities"): those with stock in the user's customer
 * scope, and on a staff device also those on the lines of the announcements, open outbound orders
 * and open returns in scope. Any other code a staff device scans is asked from the server then
 * (client/features/stock/product-fetch.ts). An incremental pull sends a product that changed or
 * that entered the set (a new or changed stock row, line or head); one that left it stays on the
 * device (no tombstones).
 */

type Eb = ExpressionBuilder<Database, 'products'>;

/** Why a product is on the device, one EXISTS per reason; with `since` only rows written in the window count. */
function reasons(eb: Eb, scope: CustomerScope, staff: boolean, since: ChangeWindow | null): Array<Expression<SqlBool>> {
  const written = (...tables: string[]) =>
    since
      ? sql<SqlBool>`(${sql.join(
          tables.map((t) => since.changed(t)),
          sql` or `,
        )})`
      : sql<SqlBool>`true`;
  const stock = eb.exists(
    eb
      .selectFrom('stock')
      .select(sql`1`.as('one'))
      .whereRef('stock.product_id', '=', 'products.id')
      .where((e) => inScope(e, 'stock.customer_id', scope))
      .where(written('stock')),
  );
  if (!staff) return [stock];
  const announced = eb.exists(
    eb
      .selectFrom('inbound_notification_items as ni')
      .innerJoin('inbound_notifications as n', 'n.id', 'ni.notification_id')
      .select(sql`1`.as('one'))
      .whereRef('ni.product_id', '=', 'products.id')
      .where('n.status', 'in', RECEIVABLE)
      .where((e) => inScope(e, 'n.customer_id', scope))
      .where(written('ni', 'n')),
  );
  const ordered = eb.exists(
    eb
      .selectFrom('outbound_order_items as oi')
      .innerJoin('outbound_orders as o', 'o.id', 'oi.order_id')
      .select(sql`1`.as('one'))
      .whereRef('oi.product_id', '=', 'products.id')
      .where('o.status', 'in', OPEN_ORDER_STATUSES)
      .where((e) => inScope(e, 'o.customer_id', scope))
      .where(written('oi', 'o')),
  );
  const returned = eb.exists(
    eb
      .selectFrom('return_items as ri')
      .innerJoin('returns as r', 'r.id', 'ri.return_id')
      .select(sql`1`.as('one'))
      .whereRef('ri.product_id', '=', 'products.id')
      .where('r.status', 'in', OPEN_RETURNS)
      .where((e) => inScope(e, 'r.customer_id', scope))
      .where(written('ri', 'r')),
  );
  return [stock, announced, ordered, returned];
}

export const productSource = defineSource(ProductEntity, async (trx, actor, since) => {
  const staff = !isCustomerUser(actor);
  let q = trx
    .selectFrom('products')
    .select(['id', 'ean', 'title', 'image_url'])
    .where((eb) => eb.or(reasons(eb, actor.scope, staff, null)));
  if (since) q = q.where((eb) => eb.or([since.changed('products'), ...reasons(eb, actor.scope, staff, since)]));
  return q.orderBy('id').execute();
});
