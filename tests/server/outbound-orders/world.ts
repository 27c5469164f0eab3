import { expect } from 'vitest';
import { sql } from 'kysely';
import type { OrderStatus } from '../../../shared/domain/order-status';
import type { OrderRequestInput } from '../../../shared/schemas/orders';
import type { Db } from '../../../server/db/index';
import type { TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';

/** A customer with a login, staff logins, a VE product (6 per box, 4 boxes per pallet) and a loose product. */
export async function buildOrderWorld(t: TestApp, stock: { ve?: number; loose?: number } = {}) {
  const customer = await buildCustomer(t.db);
  const user = await buildUser(t.db, 'customer_user', { customer_id: customer.id });
  const worker = await buildUser(t.db, 'warehouse_worker');
  const manager = await buildUser(t.db, 'warehouse_manager');
  const admin = await buildUser(t.db, 'admin');
  const veProduct = await buildProduct(t.db, { units_per_box: 6, boxes_per_pallet: 4, weight_kg: 1.05 });
  const looseProduct = await buildProduct(t.db);
  const comps = await buildCompartments(t.db, 4);
  if (stock.ve) await buildStock(t.db, { product_id: veProduct.id, customer_id: customer.id, location_id: comps[0].id, quantity: stock.ve });
  if (stock.loose) await buildStock(t.db, { product_id: looseProduct.id, customer_id: customer.id, location_id: comps[1].id, quantity: stock.loose });
  return {
    customer,
    user,
    worker,
    manager,
    admin,
    veProduct,
    looseProduct,
    comps,
    h: {
      customer: auth(t.app, user),
      worker: auth(t.app, worker),
      manager: auth(t.app, manager),
      admin: auth(t.app, admin),
    },
  };
}

export type OrderWorld = Awaited<ReturnType<typeof buildOrderWorld>>;

export function orderBody(items: OrderRequestInput['items'], over: Partial<OrderRequestInput> = {}): OrderRequestInput {
  return {
    delivery_name: 'Erika Mustermann',
    delivery_email: 'erika@example.de',
    delivery_address: 'Hauptstraße 5',
    delivery_city: 'Berlin',
    delivery_postal_code: '10117',
    delivery_country: 'DE',
    notes: 'Bitte klingeln',
    items,
    ...over,
  };
}

type Headers = Record<string, string>;
export const api = (t: TestApp) => ({
  get: (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers }),
  post: (url: string, headers: Headers, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload }),
  patch: (url: string, headers: Headers, payload: object) => t.app.inject({ method: 'PATCH', url, headers, payload }),
});

/** An order row in any status, straight in the database (no items, no reservations). */
export async function insertOrder(db: Db, customerId: number, status: OrderStatus = 'new') {
  return db
    .insertInto('outbound_orders')
    .values({
      order_number: sql<string>`'T-' || nextval('order_number_seq')`,
      customer_id: customerId,
      status,
      delivery_name: 'Test',
      delivery_address: 'Teststraße 1',
      delivery_city: 'Berlin',
      delivery_postal_code: '10117',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The reservation invariant over all stock: rows sum to reserved_quantity, 0 <= reserved <= quantity. */
export async function expectReservationInvariant(db: Db): Promise<void> {
  const rows = await db
    .selectFrom('stock as s')
    .select([
      's.id',
      's.quantity',
      's.reserved_quantity',
      (eb) =>
        eb.selectFrom('order_reservations as r').select(sql<number>`coalesce(sum(r.quantity), 0)::int`.as('q')).whereRef('r.stock_id', '=', 's.id').as('sum'),
    ])
    .execute();
  for (const r of rows) {
    expect(Number(r.sum), `stock ${r.id}`).toBe(r.reserved_quantity);
    expect(r.reserved_quantity).toBeGreaterThanOrEqual(0);
    expect(r.quantity - r.reserved_quantity).toBeGreaterThanOrEqual(0);
  }
}

export async function stockTotals(db: Db, customerId: number, productId: number) {
  const r = await db
    .selectFrom('stock')
    .select([sql<number>`coalesce(sum(quantity),0)::int`.as('quantity'), sql<number>`coalesce(sum(reserved_quantity),0)::int`.as('reserved')])
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { quantity: Number(r.quantity), reserved: Number(r.reserved), available: Number(r.quantity) - Number(r.reserved) };
}
