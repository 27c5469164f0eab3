import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsOf, type PullResponse } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildCustomer, buildPlacedCompartments, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { insertOrder, newClientId, pull } from './sync-helpers';

/**
 * A staff device holds the products it works on, not the whole catalogue (docs/sync.md "Entities"):
 * stock in the user's scope and lines of receivable announcements, open orders and open returns in scope.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const products = (r: PullResponse) =>
  opsOf(r)
    .filter((p) => p.entity === 'product' && p.op === 'put')
    .map((p) => p.id)
    .sort((a, b) => a - b);
const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);
let seq = 0;
const number = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

async function announce(customerId: number, product: { id: number; ean: string; title: string }, status: 'confirmed' | 'completed') {
  const n = await t.db
    .insertInto('inbound_notifications')
    .values({ notification_number: number('AV'), customer_id: customerId, status, expected_date: '2026-12-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('inbound_notification_items')
    .values({ notification_id: n.id, product_id: product.id, ean: product.ean, title: product.title, quantity: 3 })
    .execute();
}

async function order(customerId: number, productId: number, status: 'confirmed' | 'shipped') {
  return (await insertOrder(t.db, { customerId, productId, status, number: number('AU') })).orderId;
}

async function world() {
  const mine = await buildCustomer(t.db);
  const foreign = await buildCustomer(t.db);
  const worker = await buildUser(t.db, 'warehouse_worker', { access: [mine.id] });
  const { compartments } = await buildPlacedCompartments(t.db, 2);
  const p = async () => buildProduct(t.db);
  return { mine, foreign, worker, place: compartments[0], p };
}

describe('products on a staff device', () => {
  it('holds exactly the products with stock or on open lines in scope', async () => {
    const w = await world();
    const [stocked, foreignStock, none, announced, received, ordered, shipped, returned] = await Promise.all(Array.from({ length: 8 }, w.p));
    await buildStock(t.db, { product_id: stocked.id, customer_id: w.mine.id, location_id: w.place.id, quantity: 2 });
    await buildStock(t.db, { product_id: foreignStock.id, customer_id: w.foreign.id, location_id: w.place.id, quantity: 2 });
    await announce(w.mine.id, announced, 'confirmed');
    await announce(w.mine.id, received, 'completed');
    await announce(w.foreign.id, foreignStock, 'confirmed');
    await order(w.mine.id, ordered.id, 'confirmed');
    const shippedOrder = await order(w.mine.id, shipped.id, 'shipped');
    const ret = await t.db
      .insertInto('returns')
      .values({ return_number: number('RE'), customer_id: w.mine.id, outbound_order_id: shippedOrder, status: 'announced' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('return_items').values({ return_id: ret.id, product_id: returned.id, quantity: 1, reason: 'not_wanted' }).execute();

    const r: PullResponse = (await pull(t.app, w.worker, newClientId(), null)).json();
    expect(r.reset).toBe(true);
    expect(products(r)).toEqual(sorted(stocked.id, announced.id, ordered.id, returned.id));
    expect(products(r)).not.toContain(none.id);

    // An admin (all customers) also gets the foreign ones, never a product without stock or open line.
    const admin = await buildUser(t.db, 'admin');
    const all = products((await pull(t.app, admin, newClientId(), null)).json());
    expect(all).toEqual(expect.arrayContaining([stocked.id, foreignStock.id, announced.id, ordered.id, returned.id]));
    expect(all).not.toContain(none.id);
    expect(all).not.toContain(received.id);
    expect(all).not.toContain(shipped.id);
  });

  it('an incremental pull brings a product that gains stock or an announcement line, though its row did not change', async () => {
    const w = await world();
    const [gainsStock, gainsLine, gainsOrder, stays] = await Promise.all(Array.from({ length: 4 }, w.p));
    const c = newClientId();
    const first: PullResponse = (await pull(t.app, w.worker, c, null)).json();
    expect(products(first)).toEqual([]);
    await buildStock(t.db, { product_id: gainsStock.id, customer_id: w.mine.id, location_id: w.place.id, quantity: 1 });
    await announce(w.mine.id, gainsLine, 'confirmed');
    await order(w.mine.id, gainsOrder.id, 'confirmed');
    await buildStock(t.db, { product_id: stays.id, customer_id: w.foreign.id, location_id: w.place.id, quantity: 1 });
    const second: PullResponse = (await pull(t.app, w.worker, c, first.cookie)).json();
    expect(second.reset).toBeUndefined();
    expect(products(second)).toEqual(sorted(gainsStock.id, gainsLine.id, gainsOrder.id));
  });
});
