import { sql } from 'kysely';
import type { WaveStatus } from '../../shared/domain/wave-status';
import type { Db } from '../../server/db/index';
import type { TestApp } from './app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser, tokenFor } from './factories';

/**
 * A small warehouse with orders that hold reservations, for the wave working
 * set and the picking commands: two customers, a picker, a second picker, a
 * staff user restricted to the first customer, and racks at 1 m, 8 m and
 * 4 m from the origin on one line, so the route order differs from the
 * order of the lines.
 */
export async function buildPickingWorld(t: TestApp) {
  const customer = await buildCustomer(t.db);
  const otherCustomer = await buildCustomer(t.db);
  const customerUser = await buildUser(t.db, 'customer_user', { customer_id: customer.id });
  const otherUser = await buildUser(t.db, 'customer_user', { customer_id: otherCustomer.id });
  const picker = await buildUser(t.db, 'warehouse_worker');
  const secondPicker = await buildUser(t.db, 'warehouse_worker');
  const restricted = await buildUser(t.db, 'warehouse_worker', { access: [customer.id] });
  const soap = await buildProduct(t.db, { title: 'Seife Lavendel' });
  const towel = await buildProduct(t.db, { title: 'Handtuch Blau' });
  const candle = await buildProduct(t.db, { title: 'Kerze Weiß' });
  const [far] = await buildCompartments(t.db, 1);
  const near = await buildCompartments(t.db, 2);
  const [mid] = await buildCompartments(t.db, 1);
  await placeRack(t.db, far.rack_id as number, 80);
  await placeRack(t.db, near[0].rack_id as number, 10);
  await placeRack(t.db, mid.rack_id as number, 40);
  const soapStock = await buildStock(t.db, { product_id: soap.id, customer_id: customer.id, location_id: far.id, quantity: 10 });
  const towelStock = await buildStock(t.db, { product_id: towel.id, customer_id: customer.id, location_id: near[0].id, quantity: 10 });
  await buildStock(t.db, { product_id: candle.id, customer_id: customer.id, location_id: mid.id, quantity: 10 });
  await buildStock(t.db, { product_id: soap.id, customer_id: otherCustomer.id, location_id: near[1].id, quantity: 10 });
  // Lines near, far, mid: on the route (a line from the origin) the mid rack lies between the other two.
  const order = await createOrder(t, customerUser, [
    { product_id: towel.id, quantity: 2 },
    { product_id: soap.id, quantity: 3 },
    { product_id: candle.id, quantity: 1 },
  ]);
  const otherOrder = await createOrder(t, otherUser, [{ product_id: soap.id, quantity: 4 }]);
  return {
    customer,
    otherCustomer,
    picker,
    secondPicker,
    restricted,
    soap,
    towel,
    candle,
    mid: { id: mid.id, barcode: mid.barcode as string },
    far: { id: far.id, barcode: far.barcode as string },
    near: near.map((c) => ({ id: c.id, barcode: c.barcode as string })),
    soapStockId: soapStock.stock_id,
    towelStockId: towelStock.stock_id,
    order,
    otherOrder,
    token: (u: { id: number; role: string }) => tokenFor(t.app, u),
  };
}
export type PickingWorld = Awaited<ReturnType<typeof buildPickingWorld>>;

async function placeRack(db: Db, rackId: number, x: number): Promise<void> {
  await db.updateTable('locations').set({ position_x: x, position_y: 0 }).where('id', '=', rackId).execute();
}

async function createOrder(t: TestApp, user: { id: number; role: string }, items: Array<{ product_id: number; quantity: number }>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/outbound-orders/',
    headers: auth(t.app, user),
    payload: {
      delivery_name: 'Erika Mustermann',
      delivery_address: 'Hauptstraße 5',
      delivery_city: 'Berlin',
      delivery_postal_code: '10117',
      delivery_country: 'DE',
      items,
    },
  });
  if (res.statusCode !== 201) throw new Error(`order not created: ${res.body}`);
  return res.json() as { id: number; order_number: string };
}

/**
 * A wave straight in the database, as start/begin-picking would leave it:
 * status, pallet, picker, its orders in corner order and the orders in
 * `picking` (or `confirmed` while the wave is only ready).
 */
export async function insertWave(db: Db, w: { orderIds: number[]; status: WaveStatus; pickerId?: number | null; pallet?: string }) {
  const wave = await db
    .insertInto('picking_waves')
    .values({
      wave_number: sql<string>`'W-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('wave_number_seq')::text, 6, '0')`,
      name: 'Testwelle',
      status: w.status,
      creation_method: 'manual',
      pallet_barcode: w.status === 'draft' ? null : (w.pallet ?? `DISP-T${Math.floor(Math.random() * 1e7)}`),
      picker_user_id: w.pickerId ?? null,
      started_at: w.status === 'draft' ? null : sql<string>`now()`,
      picking_started_at: w.status === 'picking' ? sql<string>`now()` : null,
    })
    .returning(['id', 'wave_number'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('picking_wave_orders')
    .values(w.orderIds.map((order_id, position) => ({ wave_id: wave.id, order_id, position })))
    .execute();
  const orderStatus = w.status === 'picking' ? 'picking' : w.status === 'ready' ? 'confirmed' : 'new';
  await db.updateTable('outbound_orders').set({ status: orderStatus }).where('id', 'in', w.orderIds).execute();
  return wave;
}

/** Moves a wave on (as complete or a take-over would): the row changes, so the next pull sees it. */
export async function setWave(db: Db, id: number, set: { status?: WaveStatus; picker_user_id?: number | null }): Promise<void> {
  await db
    .updateTable('picking_waves')
    .set({ ...set, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
}
