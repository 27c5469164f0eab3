import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';

/**
 * Mein Bestand's rows (the query's shape: sums per product
 * and place first, then product and place by id): products by title, equal
 * titles kept apart, places by id, batches of one place summed with their
 * notes joined, empty rows and other customers left out.
 */

let t: TestApp;
let user: { id: number; role: string };
let worker: { id: number; role: string };
let places: Array<{ id: number }>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const mine = await buildCustomer(t.db, { company_name: 'Meine GmbH' });
  const other = await buildCustomer(t.db, { company_name: 'Andere AG' });
  user = await buildUser(t.db, 'customer_user', { customer_id: mine.id });
  worker = await buildUser(t.db, 'warehouse_worker');
  places = await buildCompartments(t.db, 3);
  for (const [key, title] of [
    ['tee2', 'Tee'],
    ['apfel', 'Apfel'],
    ['tee1', 'Tee'],
    ['leer', 'Leer'],
  ] as const)
    ids[key] = (await buildProduct(t.db, { title })).id;
  const stock = (product: string, place: number, quantity: number, batch = '') =>
    buildStock(t.db, { product_id: ids[product], customer_id: mine.id, location_id: places[place].id, quantity, batch_number: batch });
  await stock('tee2', 2, 4);
  await stock('tee2', 0, 1);
  await stock('apfel', 1, 7, 'A');
  await stock('apfel', 1, 3, 'B');
  await stock('apfel', 1, 2, 'C');
  await stock('tee1', 1, 5);
  await stock('leer', 0, 1);
  await buildStock(t.db, { product_id: ids.apfel, customer_id: other.id, location_id: places[0].id, quantity: 99 });
  await t.db.updateTable('stock').set({ quantity: 0 }).where('product_id', '=', ids.leer).execute();
  await t.db.updateTable('stock').set({ notes: 'Kühl' }).where('product_id', '=', ids.apfel).where('batch_number', 'in', ['A', 'C']).execute();
  await t.db.updateTable('stock').set({ notes: 'Bruch', reserved_quantity: 1 }).where('product_id', '=', ids.apfel).where('batch_number', '=', 'B').execute();
});
afterAll(async () => t?.close());

type Item = {
  product_id: number;
  title: string;
  total_quantity: number;
  reserved_quantity: number;
  location_count: number;
  locations: Array<{ location_id: number; notes: string | null; quantity: number }>;
};

describe('Mein Bestand rows', () => {
  it('orders products by title and places by id, sums batches of a place, leaves out empty rows and other customers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inventory/my-stock', headers: auth(t.app, user) });
    expect(res.statusCode).toBe(200);
    const items = res.json() as Item[];
    expect(items.map((i) => i.title)).toEqual(['Apfel', 'Tee', 'Tee']);
    const [apfel, ...tees] = items;
    expect(apfel).toMatchObject({ product_id: ids.apfel, total_quantity: 12, reserved_quantity: 1, location_count: 1 });
    expect(apfel.locations).toEqual([expect.objectContaining({ location_id: places[1].id, quantity: 12, notes: 'Bruch; Kühl' })]);
    // Equal titles: rows came ordered by title and place, so the product first seen at the lowest place leads.
    expect(tees.map((i) => i.product_id)).toEqual([ids.tee2, ids.tee1]);
    expect(tees[0].locations.map((l) => l.location_id)).toEqual([places[0].id, places[2].id]);
    expect(tees[0]).toMatchObject({ total_quantity: 5, location_count: 2 });
  });

  it('staff see the chosen customer the same way', async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/inventory/my-stock', headers: auth(t.app, user) })).json() as Item[];
    const customerId = (await t.db.selectFrom('customers').select('id').where('company_name', '=', 'Meine GmbH').executeTakeFirstOrThrow()).id;
    const res = await t.app.inject({ method: 'GET', url: `/api/inventory/my-stock?customer_id=${customerId}`, headers: auth(t.app, worker) });
    expect(res.json()).toEqual(mine);
  });
});
