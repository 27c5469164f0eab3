import { sql } from 'kysely';
import { isCustomerUser } from '../../../shared/domain/roles';
import { ProductEntity } from '../../../shared/schemas/products';
import { inScope } from '../../auth/scope';
import { defineSource } from '../../offline';

/** Staff: the whole catalogue (any EAN may arrive). Customer users: the products they have stock of. */
export const productSource = defineSource(ProductEntity, async (trx, actor, since) => {
  let q = trx.selectFrom('products').select(['id', 'ean', 'title', 'image_url']);
  if (isCustomerUser(actor)) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('stock')
          .select(sql`1`.as('one'))
          .whereRef('stock.product_id', '=', 'products.id')
          .where((e2) => inScope(e2, 'stock.customer_id', actor.scope)),
      ),
    );
    if (since) {
      q = q.where((eb) =>
        eb.or([
          since.changed('products'),
          eb.exists(
            eb
              .selectFrom('stock')
              .select(sql`1`.as('one'))
              .whereRef('stock.product_id', '=', 'products.id')
              .where((e2) => inScope(e2, 'stock.customer_id', actor.scope))
              .where(since.changed('stock')),
          ),
        ]),
      );
    }
  } else if (since) {
    q = q.where(since.changed('products'));
  }
  return q.orderBy('id').execute();
});
