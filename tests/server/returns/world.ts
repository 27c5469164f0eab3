import type { Db } from '../../../server/db/index';
import type { TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildUser } from '../../helpers/factories';
import { insertOrder } from '../outbound-orders/world';

/**
 * A shipped order to return: customer with login, staff, two products (5 and
 * 2 shipped), a normal place and a blocked place, and a second customer with
 * its own shipped order (for scope).
 */
export async function buildReturnWorld(t: TestApp) {
  const customer = await buildCustomer(t.db);
  const user = await buildUser(t.db, 'customer_user', { customer_id: customer.id });
  const other = await buildCustomer(t.db);
  const otherUser = await buildUser(t.db, 'customer_user', { customer_id: other.id });
  const worker = await buildUser(t.db, 'warehouse_worker');
  const manager = await buildUser(t.db, 'warehouse_manager');
  const shirt = await buildProduct(t.db);
  const mug = await buildProduct(t.db);
  const [shelf, quarantine] = await buildCompartments(t.db, 2);
  await t.db.updateTable('locations').set({ is_blocked: true }).where('id', '=', quarantine.id).execute();
  const order = await shippedOrder(t.db, customer.id, [
    [shirt.id, 5],
    [mug.id, 2],
  ]);
  await t.db.updateTable('outbound_orders').set({ tracking_number: '00340434161094042557, 00340434161094042564' }).where('id', '=', order.id).execute();
  const otherOrder = await shippedOrder(t.db, other.id, [[shirt.id, 1]]);
  return {
    customer,
    other,
    shirt,
    mug,
    shelf,
    quarantine,
    order,
    otherOrder,
    worker,
    h: { customer: auth(t.app, user), other: auth(t.app, otherUser), worker: auth(t.app, worker), manager: auth(t.app, manager) },
  };
}

export type ReturnWorld = Awaited<ReturnType<typeof buildReturnWorld>>;

/** A shipped order whose lines were picked in full. */
export async function shippedOrder(db: Db, customerId: number, lines: Array<[number, number]>) {
  const order = await insertOrder(db, customerId, 'shipped');
  await db
    .insertInto('outbound_order_items')
    .values(lines.map(([product_id, quantity]) => ({ order_id: order.id, product_id, quantity, picked_quantity: quantity })))
    .execute();
  return order;
}
