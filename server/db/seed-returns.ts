import { sql } from 'kysely';
import { loadActor } from '../auth/users';
import { receiveReturnItem } from '../features/returns/receive';
import { createReturn } from '../features/returns/service';
import { addStock, removeStock } from '../features/stock/ledger';
import type { Trx } from './index';
import { demoEan } from './seed-data';

/**
 * Demo returns (docs/demo-data.md, docs/operations.md "Returns"): one shipped
 * order per customer, shipped days ago by DPD, and a return for each.
 * Müller's (Bioladen Kornblume, Kassel: olive oil and oat milk) is announced
 * by the customer; Schmidt's (Elektro Weber, Dortmund: power banks and USB-C
 * cables) was received at the dock by the worker: one power bank back into
 * B-01-01, one cable with a torn plug into the Sperrlager (S-01-02).
 * The shipped units were received and picked for the order on C-01-05 (an
 * inbound and an order_pick movement each), so no other stock changes.
 */

const ORDERS = [
  {
    customer: 'K-10001',
    name: 'Bioladen Kornblume',
    address: 'Friedrich-Ebert-Straße 88',
    postal: '34119',
    city: 'Kassel',
    daysAgo: 5,
    tracking: '05311234567890',
    lines: [
      [15, 2],
      [17, 6],
    ],
  },
  {
    customer: 'K-10002',
    name: 'Elektro Weber',
    address: 'Westenhellweg 41',
    postal: '44137',
    city: 'Dortmund',
    daysAgo: 8,
    tracking: '05311234567906',
    lines: [
      [6, 2],
      [5, 3],
    ],
  },
] as const;

export async function seedReturnsDemo(
  trx: Trx,
  ids: { customerIds: Record<string, number>; customerUsers: Record<string, number>; workerId: number; productIds: number[] },
): Promise<void> {
  const pickPlace = await trx.selectFrom('locations').select('id').where('barcode', '=', 'C-01-05').executeTakeFirstOrThrow();
  const orderIds: number[] = [];
  for (const o of ORDERS) {
    const at = sql<Date>`now() - make_interval(days => ${o.daysAgo})`;
    const order = await trx
      .insertInto('outbound_orders')
      .values({
        order_number: sql<string>`'A-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
        customer_id: ids.customerIds[o.customer],
        status: 'shipped',
        delivery_name: o.name,
        delivery_address: o.address,
        delivery_postal_code: o.postal,
        delivery_city: o.city,
        created_by: ids.customerUsers[o.customer],
        created_at: sql<Date>`now() - make_interval(days => ${o.daysAgo + 1})`,
        confirmed_at: at,
        picking_started_at: at,
        picking_completed_at: at,
        packed_at: at,
        shipped_at: at,
        carrier: 'DPD',
        carrier_type: 'parcel',
        tracking_number: o.tracking,
        num_packages: 1,
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    orderIds.push(order.id);
    for (const [index, quantity] of o.lines) {
      const key = { product_id: ids.productIds[index], customer_id: ids.customerIds[o.customer], location_id: pickPlace.id };
      await trx.insertInto('outbound_order_items').values({ order_id: order.id, product_id: key.product_id, quantity, picked_quantity: quantity }).execute();
      const received = await addStock(trx, key, quantity, { movement_type: 'inbound', user_id: ids.workerId, notes: 'Demo-Wareneingang' });
      await removeStock(trx, received.stock_id, quantity, { movement_type: 'order_pick', user_id: ids.workerId, order_id: order.id });
    }
  }
  const mueller = await loadActor(trx, ids.customerUsers['K-10001']);
  const schmidt = await loadActor(trx, ids.customerUsers['K-10002']);
  const worker = await loadActor(trx, ids.workerId);
  if (!mueller || !schmidt || !worker) throw new Error('demo users missing');
  await createReturn(trx, mueller, {
    outbound_order_id: orderIds[0],
    items: [{ product_ean: demoEan(17), quantity: 2, reason: 'damaged' }],
    note: 'Zwei Packungen kamen ausgelaufen an.',
  });
  const back = await createReturn(trx, schmidt, {
    outbound_order_id: orderIds[1],
    items: [
      { product_ean: demoEan(6), quantity: 1, reason: 'not_wanted' },
      { product_ean: demoEan(5), quantity: 1, reason: 'damaged' },
    ],
    note: null,
  });
  await receiveReturnItem(trx, worker, back.id, {
    product_ean: demoEan(6),
    quantity: 1,
    condition: 'new',
    disposition: 'restock',
    location_barcode: 'B-01-01',
  });
  await receiveReturnItem(trx, worker, back.id, {
    product_ean: demoEan(5),
    quantity: 1,
    condition: 'damaged',
    disposition: 'quarantine',
    location_barcode: 'S-01-02',
  });
}
