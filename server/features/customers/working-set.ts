import { CustomerEntity } from '../../../shared/schemas/customers';
import { inScope } from '../../auth/scope';
import { defineSource } from '../../offline';

/** The customers the user may see (a booking device picks the customer offline). */
export const customerSource = defineSource(CustomerEntity, async (trx, actor, since) => {
  let q = trx
    .selectFrom('customers')
    .select(['id', 'customer_number', 'company_name', 'is_active'])
    .where((eb) => inScope(eb, 'customers.id', actor.scope));
  if (since) q = q.where(since.changed('customers'));
  return q.orderBy('id').execute();
});
