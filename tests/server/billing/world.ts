import type { Db } from '../../../server/db/index';
import { removeStock } from '../../../server/features/stock/ledger';
import type { TestApp } from '../../helpers/app';
import { buildCustomer } from '../../helpers/factories';
import { insertOrder } from '../outbound-orders/world';
import { buildPackingWorld, packingUrls as u } from '../packing/world';

/**
 * Billable activities of a customer, booked through the real calls (stock
 * through the ledger, picking, packing, shipping, a return received at the
 * dock) and then moved to chosen instants around the Europe/Berlin day
 * D = 2026-03-10 (CET, UTC+1: D runs 2026-03-09T23:00Z .. 2026-03-10T23:00Z).
 *
 * The customer, during D: inbound towel 10 (00:30) and candle 10 (23:59);
 * soap 10 came in before D (23:30 the day before). Picks on D: towel 2, soap 3
 * (two lines, 5 units). On D+1 (00:30): candle 1 and one more soap (a line
 * first picked on D, so D+1 has one new line and 2 units). Shipped on D: the picked order (parcel, 2 labels) and a
 * freight order (3 pallets). A return on D: 1 towel restocked, 1 soap
 * disposed. Not charged to the customer: the other customer's inbound, picks
 * and shipment on D, a cancelled and a packed order.
 */
export const D = '2026-03-10';
const at = {
  beforeD: '2026-03-09T22:30:00Z',
  dEarly: '2026-03-09T23:30:00Z',
  dNoon: '2026-03-10T11:00:00Z',
  dLate: '2026-03-10T22:59:00Z',
  nextEarly: '2026-03-10T23:30:00Z',
};

async function post(t: TestApp, url: string, headers: Record<string, string>, payload?: object) {
  const res = await t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function moveMovements(db: Db, to: string, where: { customer_id: number; movement_type: string; product_id?: number; order_id?: number }) {
  let q = db
    .updateTable('stock_movements')
    .set({ created_at: to })
    .where('customer_id', '=', where.customer_id)
    .where('movement_type', '=', where.movement_type as 'inbound');
  if (where.product_id) q = q.where('product_id', '=', where.product_id);
  if (where.order_id) q = q.where('order_id', '=', where.order_id);
  await q.execute();
}

export async function buildBillingWorld(t: TestApp) {
  const w = await buildPackingWorld(t);
  const { customer, otherCustomer: other } = w;
  const db = t.db;
  // Inbound (the world's stock, booked through the ledger).
  await moveMovements(db, at.dEarly, { customer_id: customer.id, movement_type: 'inbound', product_id: w.towel.id });
  await moveMovements(db, at.beforeD, { customer_id: customer.id, movement_type: 'inbound', product_id: w.soap.id });
  await moveMovements(db, at.dLate, { customer_id: customer.id, movement_type: 'inbound', product_id: w.candle.id });
  await moveMovements(db, at.dNoon, { customer_id: other.id, movement_type: 'inbound' });
  // Picks of the wave on D, except the candle line (D+1); one more soap on D+1.
  await moveMovements(db, at.dNoon, { customer_id: customer.id, movement_type: 'order_pick' });
  await moveMovements(db, at.nextEarly, { customer_id: customer.id, movement_type: 'order_pick', product_id: w.candle.id });
  await moveMovements(db, at.dNoon, { customer_id: other.id, movement_type: 'order_pick' });
  // The wave's orders were created before their first pick, as every order is (countCharges relies on it).
  await db.updateTable('outbound_orders').set({ created_at: at.beforeD }).where('customer_id', 'in', [customer.id, other.id]).execute();
  const stock = (productId: number, locationId: number) =>
    db
      .selectFrom('stock')
      .select('id')
      .where('product_id', '=', productId)
      .where('customer_id', '=', customer.id)
      .where('location_id', '=', locationId)
      .executeTakeFirstOrThrow();
  const soap = await stock(w.soap.id, w.far.id);
  const extra = await db.transaction().execute((trx) => removeStock(trx, soap.id, 1, { movement_type: 'order_pick', user_id: null, order_id: w.order.id }));
  await db.updateTable('stock_movements').set({ created_at: at.nextEarly }).where('id', '=', extra.movement_id).execute();
  // Shipping: both wave orders by parcel (the customer's with 2 labels), a freight order of 3 pallets.
  await t.app.inject({ method: 'GET', url: u.pallet(w.barcode), headers: w.h });
  for (const [id, labels] of [
    [w.order.id, 2],
    [w.otherOrder.id, 1],
  ] as const) {
    await post(t, u.packed(id), w.h, { num_packages: labels });
    await post(t, u.ship(id, { carrier: 'UPS', num_labels: labels, tracking_number: Array.from({ length: labels }, (_, i) => `1Z${id}0${i}`).join(',') }), w.h);
  }
  const freight = await insertOrder(db, customer.id, 'shipped');
  await db
    .updateTable('outbound_orders')
    .set({ carrier_type: 'freight', carrier: 'Raben', num_packages: 3, num_pallets: 3 })
    .where('id', '=', freight.id)
    .execute();
  await db.updateTable('outbound_orders').set({ shipped_at: at.dNoon }).where('id', 'in', [w.order.id, w.otherOrder.id, freight.id]).execute();
  const cancelled = await insertOrder(db, customer.id, 'cancelled');
  const packed = await insertOrder(db, customer.id, 'packed');
  await db.updateTable('outbound_orders').set({ cancelled_at: at.dNoon }).where('id', '=', cancelled.id).execute();
  await db.updateTable('outbound_orders').set({ packed_at: at.dNoon, num_packages: 4 }).where('id', '=', packed.id).execute();
  // A return on D: one towel back onto its place, one soap disposed.
  const ret = await post(t, '/api/returns', w.h, {
    outbound_order_id: w.order.id,
    items: [
      { product_ean: w.towel.ean, quantity: 1, reason: 'not_wanted' },
      { product_ean: w.soap.ean, quantity: 1, reason: 'damaged' },
    ],
  });
  await post(t, `/api/returns/${ret.id}/receive-item`, w.h, {
    product_ean: w.towel.ean,
    quantity: 1,
    condition: 'new',
    disposition: 'restock',
    location_barcode: w.near[0].barcode,
  });
  await post(t, `/api/returns/${ret.id}/receive-item`, w.h, { product_ean: w.soap.ean, quantity: 1, condition: 'damaged', disposition: 'dispose' });
  await db.updateTable('return_receipts').set({ created_at: at.dNoon }).where('return_id', '=', ret.id).execute();
  await moveMovements(db, at.dNoon, { customer_id: customer.id, movement_type: 'return' });
  const third = await buildCustomer(db);
  return { ...w, customer, other, third, freight, cancelled, packed, returnId: ret.id as number };
}
