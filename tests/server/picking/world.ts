import { sql } from 'kysely';
import type { Db } from '../../../server/db/index';
import type { TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { api, orderBody } from '../outbound-orders/world';

/**
 * Picking test world: racks at known plan positions (decimetres), a
 * customer with products, staff logins, orders created through the API (so
 * they are reserved like in production) and waves put straight into
 * `picking` (the lifecycle routes are another issue).
 */

/** A rack at (x, y) dm with `count` compartments on level 01; returns the compartments. */
export async function rackAt(db: Db, x: number, y: number, count = 2) {
  const comps = await buildCompartments(db, count);
  await db
    .updateTable('locations')
    .set({ position_x: x, position_y: y })
    .where('id', '=', comps[0].rack_id as number)
    .execute();
  return comps;
}

export async function buildPickWorld(t: TestApp) {
  const customer = await buildCustomer(t.db);
  const other = await buildCustomer(t.db);
  const worker = await buildUser(t.db, 'warehouse_worker');
  const outsider = await buildUser(t.db, 'warehouse_worker', { access: [other.id] });
  const product = await buildProduct(t.db, { units_per_box: 6, boxes_per_pallet: 4 });
  const loose = await buildProduct(t.db);
  return { customer, other, worker, outsider, product, loose, h: { worker: auth(t.app, worker), outsider: auth(t.app, outsider) } };
}
export type PickWorld = Awaited<ReturnType<typeof buildPickWorld>>;

export async function stockAt(
  t: TestApp,
  w: PickWorld,
  productId: number,
  locationId: number,
  quantity: number,
  over: { batch_number?: string; expiry_date?: string } = {},
) {
  return buildStock(t.db, { product_id: productId, customer_id: w.customer.id, location_id: locationId, quantity, ...over });
}

/** An order of loose lines through POST /api/outbound-orders/ (reserved on creation). */
export async function orderOf(t: TestApp, w: PickWorld, items: Array<{ product_id: number; quantity: number }>) {
  const res = await api(t).post(
    '/api/outbound-orders/',
    w.h.worker,
    orderBody(
      items.map((i) => ({ ...i, unit: 'piece' as const })),
      { customer_id: w.customer.id },
    ),
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: number; order_number: string; items: Array<{ id: number; product_id: number }> };
}

let waveSeq = 0;
/** A wave in `picking` with a pallet, its orders in corner order and in status picking, straight in the database. */
export async function pickingWave(db: Db, orderIds: number[], status: 'draft' | 'ready' | 'picking' | 'completed' = 'picking') {
  waveSeq += 1;
  const wave = await db
    .insertInto('picking_waves')
    .values({
      wave_number: `W-TEST-${process.pid}-${waveSeq}`,
      name: `Testwelle ${waveSeq}`,
      status,
      creation_method: 'manual',
      pallet_barcode: status === 'draft' ? null : `DISP-T${String(waveSeq).padStart(7, '0')}`,
    })
    .returning(['id', 'wave_number'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('picking_wave_orders')
    .values(orderIds.map((order_id, position) => ({ wave_id: wave.id, order_id, position, is_open: status !== 'completed' })))
    .execute();
  if (status === 'picking') {
    await db.updateTable('outbound_orders').set({ status: 'picking', picking_started_at: sql<string>`now()` }).where('id', 'in', orderIds).execute();
  }
  return wave;
}

export async function setStrategy(db: Db, value: 'route_optimized' | 'quantity_first') {
  await db
    .insertInto('settings')
    .values({ key: 'picking_strategy', value, category: 'warehouse', description: 'Test' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function reservationsOf(db: Db, orderId: number) {
  return db
    .selectFrom('order_reservations as r')
    .innerJoin('outbound_order_items as i', 'i.id', 'r.order_item_id')
    .innerJoin('stock as s', 's.id', 'r.stock_id')
    .select(['r.order_item_id', 'r.stock_id', 'r.quantity', 's.location_id'])
    .where('i.order_id', '=', orderId)
    .orderBy('r.stock_id')
    .execute();
}
