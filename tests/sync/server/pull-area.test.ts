import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsOf, type PullResponse } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildCustomer, buildPlacedCompartments, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { insertWave } from '../../helpers/picking-world';
import { insertOrder, newClientId, pull } from './sync-helpers';

/**
 * A worker's Arbeitsbereich (docs/sync.md "Entities"): the device holds the places of the area's
 * rooms plus those its waves and stocktakes send the worker to, the stock on them and the products
 * of that stock; a change of the area resets the device.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const puts = (r: PullResponse, entity: string) =>
  opsOf(r)
    .filter((p) => p.entity === entity && p.op === 'put')
    .map((p) => p.id);
let seq = 0;
const number = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

async function stockRow(productId: number, customerId: number, locationId: number, quantity = 5) {
  const r = await buildStock(t.db, { product_id: productId, customer_id: customerId, location_id: locationId, quantity });
  return r.stock_id;
}

/** An order line of the product reserved on the stock row, in a ready wave nobody holds. */
async function waveOn(customerId: number, productId: number, stockId: number) {
  const o = await insertOrder(t.db, { customerId, productId, status: 'confirmed', number: number('AU') });
  await t.db.insertInto('order_reservations').values({ order_item_id: o.itemId, stock_id: stockId, quantity: 1 }).execute();
  return insertWave(t.db, { orderIds: [o.orderId], status: 'ready' });
}

async function counting(locationId: number) {
  const st = await t.db
    .insertInto('stocktakes')
    .values({ number: number('INV'), name: 'Inventur' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('stocktake_places').values({ stocktake_id: st.id, location_id: locationId }).execute();
}

async function world() {
  const customer = await buildCustomer(t.db);
  const area = await buildPlacedCompartments(t.db, 2);
  const other = await buildPlacedCompartments(t.db, 3);
  const [a1, a2] = area.compartments;
  const [b1, b2, b3] = other.compartments;
  const inArea = await buildProduct(t.db);
  const outside = await buildProduct(t.db);
  const picked = await buildProduct(t.db);
  const counted = await buildProduct(t.db);
  const stock = {
    inArea: await stockRow(inArea.id, customer.id, a1.id),
    outside: await stockRow(outside.id, customer.id, b1.id),
    picked: await stockRow(picked.id, customer.id, b2.id),
    counted: await stockRow(counted.id, customer.id, b3.id),
  };
  await waveOn(customer.id, picked.id, stock.picked);
  await counting(b3.id);
  const worker = await buildUser(t.db, 'warehouse_worker');
  await t.db.insertInto('user_rooms').values({ user_id: worker.id, room_id: area.room.id }).execute();
  const whole = await buildUser(t.db, 'warehouse_worker');
  return { customer, area, other, a1, a2, b1, b2, b3, inArea, outside, picked, counted, stock, worker, whole };
}

describe('pull with an Arbeitsbereich', () => {
  it('holds the area places, the places its waves and stocktakes name, their stock and its products', async () => {
    const w = await world();
    const r: PullResponse = (await pull(t.app, w.worker, newClientId(), null)).json();
    const places = puts(r, 'location');
    expect(places).toEqual(expect.arrayContaining([w.a1.id, w.a2.id, w.b2.id, w.b3.id]));
    expect(places).not.toContain(w.b1.id);
    const stock = puts(r, 'stock');
    expect(stock).toEqual(expect.arrayContaining([w.stock.inArea, w.stock.picked, w.stock.counted]));
    expect(stock).not.toContain(w.stock.outside);
    const products = puts(r, 'product');
    expect(products).toEqual(expect.arrayContaining([w.inArea.id, w.picked.id, w.counted.id]));
    expect(products).not.toContain(w.outside.id);
  });

  it('without an area holds the whole warehouse, as before', async () => {
    const w = await world();
    const r: PullResponse = (await pull(t.app, w.whole, newClientId(), null)).json();
    expect(puts(r, 'location')).toEqual(expect.arrayContaining([w.a1.id, w.a2.id, w.b1.id, w.b2.id, w.b3.id]));
    expect(puts(r, 'stock')).toEqual(expect.arrayContaining(Object.values(w.stock)));
    expect(puts(r, 'product')).toEqual(expect.arrayContaining([w.inArea.id, w.outside.id, w.picked.id, w.counted.id]));
  });

  it('an incremental pull brings a new stock row at an area place, not one outside', async () => {
    const w = await world();
    const c = newClientId();
    const first: PullResponse = (await pull(t.app, w.worker, c, null)).json();
    const fresh = await buildProduct(t.db);
    const elsewhere = await buildProduct(t.db);
    const inside = await stockRow(fresh.id, w.customer.id, w.a2.id, 3);
    const outside = await stockRow(elsewhere.id, w.customer.id, w.b1.id, 3);
    const next: PullResponse = (await pull(t.app, w.worker, c, first.cookie)).json();
    expect(next.reset).toBeUndefined();
    expect(puts(next, 'stock')).toContain(inside);
    expect(puts(next, 'stock')).not.toContain(outside);
    expect(puts(next, 'product')).toContain(fresh.id);
    expect(puts(next, 'product')).not.toContain(elsewhere.id);
    expect(puts(next, 'location')).not.toContain(w.b1.id);
  });

  it('a place that enters the set through a new stocktake arrives with its stock', async () => {
    const w = await world();
    const c = newClientId();
    const first: PullResponse = (await pull(t.app, w.worker, c, null)).json();
    expect(puts(first, 'location')).not.toContain(w.b1.id);
    await counting(w.b1.id);
    const next: PullResponse = (await pull(t.app, w.worker, c, first.cookie)).json();
    expect(next.reset).toBeUndefined();
    expect(puts(next, 'location')).toContain(w.b1.id);
    expect(puts(next, 'stock')).toContain(w.stock.outside);
    expect(puts(next, 'product')).toContain(w.outside.id);
  });

  it('a change of the area resets the device', async () => {
    const w = await world();
    const c = newClientId();
    const first: PullResponse = (await pull(t.app, w.whole, c, null)).json();
    const same: PullResponse = (await pull(t.app, w.whole, c, first.cookie)).json();
    expect(same.reset).toBeUndefined();
    await t.db.insertInto('user_rooms').values({ user_id: w.whole.id, room_id: w.area.room.id }).execute();
    const narrowed: PullResponse = (await pull(t.app, w.whole, c, same.cookie)).json();
    expect(narrowed.reset).toBe(true);
    expect(puts(narrowed, 'location')).not.toContain(w.b1.id);
    await t.db.deleteFrom('user_rooms').where('user_id', '=', w.whole.id).execute();
    const widened: PullResponse = (await pull(t.app, w.whole, c, narrowed.cookie)).json();
    expect(widened.reset).toBe(true);
    expect(puts(widened, 'location')).toContain(w.b1.id);
  });

  it('a customer user ignores an area row', async () => {
    const w = await world();
    const cu = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    await t.db.insertInto('user_rooms').values({ user_id: cu.id, room_id: w.area.room.id }).execute();
    const r: PullResponse = (await pull(t.app, cu, newClientId(), null)).json();
    expect(puts(r, 'stock')).toEqual(expect.arrayContaining(Object.values(w.stock)));
  });
});
