import { DELIVERY_ADDRESS_KEYS } from '../../../shared/schemas/address';
import type { DbOrTrx } from '../../db/index';

/** The columns every order read starts with: the order, its customer and where it goes. */
export const ORDER_HEAD_COLUMNS = [
  'o.id',
  'o.order_number',
  'o.status',
  'o.customer_id',
  'c.company_name as customer_name',
  ...DELIVERY_ADDRESS_KEYS.map((k) => `o.${k}` as const),
] as const;

/** Outbound orders (o) with their customer (c); the caller selects ORDER_HEAD_COLUMNS and what else it needs. */
export function ordersWithCustomer(db: DbOrTrx) {
  return db.selectFrom('outbound_orders as o').innerJoin('customers as c', 'c.id', 'o.customer_id');
}
