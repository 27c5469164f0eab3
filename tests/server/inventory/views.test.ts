import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { announce, announcement, confirm, receive } from '../inbound-notifications/fixtures';

let t: TestApp;
let c1: { id: number; company_name: string };
let c2: { id: number; company_name: string };
let u1: { id: number; role: string };
let _u2: { id: number; role: string };
let worker: { id: number; role: string };
let restricted: { id: number; role: string };
let shared: { id: number; ean: string };
let only2: { id: number; ean: string };
let places: Array<{ id: number; barcode: string | null }>;
let notificationId: number;

beforeAll(async () => {
  t = await createTestApp();
  c1 = await buildCustomer(t.db, { company_name: 'Erste Kunde GmbH' });
  c2 = await buildCustomer(t.db, { company_name: 'Zweite Kunde AG' });
  u1 = await buildUser(t.db, 'customer_user', { customer_id: c1.id });
  _u2 = await buildUser(t.db, 'customer_user', { customer_id: c2.id });
  worker = await buildUser(t.db, 'warehouse_worker');
  restricted = await buildUser(t.db, 'warehouse_manager', { access: [c1.id] });
  shared = await buildProduct(t.db, { units_per_box: 6, boxes_per_pallet: 10 });
  only2 = await buildProduct(t.db);
  places = await buildCompartments(t.db, 3);
  await buildStock(t.db, { product_id: shared.id, customer_id: c1.id, location_id: places[0].id, quantity: 70 });
  await buildStock(t.db, { product_id: shared.id, customer_id: c1.id, location_id: places[1].id, quantity: 5, batch_number: 'B1', expiry_date: '2027-01-31' });
  await buildStock(t.db, { product_id: shared.id, customer_id: c2.id, location_id: places[0].id, quantity: 333 });
  await buildStock(t.db, { product_id: only2.id, customer_id: c2.id, location_id: places[2].id, quantity: 44 });
  // a reservation on c1's first row
  await t.db.updateTable('stock').set({ reserved_quantity: 10 }).where('customer_id', '=', c1.id).where('location_id', '=', places[0].id).execute();
  // a receipt for c1 so that a movement carries an announcement id
  const n = await announce(t.app, u1, announcement([{ ean: shared.ean, quantity: 3 }]));
  notificationId = n.id;
  await confirm(t.app, worker, n.id);
  await receive(t.app, worker, n.id, [{ ean: shared.ean, quantity: 3, location_id: places[2].id }]);
});
afterAll(async () => t?.close());

const get = (user: { id: number; role: string }, url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.app, user) });

describe('Mein Bestand', () => {
  it('a customer sees only their own stock with locations and VE summary', async () => {
    const res = await get(u1, '/api/inventory/my-stock');
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items).toHaveLength(1);
    const it1 = items[0];
    expect(it1).toMatchObject({ product_id: shared.id, total_quantity: 78, reserved_quantity: 10, available_quantity: 68, location_count: 3 });
    expect(it1.ve_summary).toEqual({
      has_ve: true,
      ve_units: [
        { type: 'box', pieces_per_unit: 6, total_quantity: 11 },
        { type: 'pallet', pieces_per_unit: 60, total_quantity: 1 },
      ],
    });
    expect(res.body).not.toContain('333');
    expect(res.body).not.toContain(c2.company_name);
    expect(res.body).not.toContain(only2.ean);
  });

  it('a customer passing another customer_id still gets only their own', async () => {
    const res = await get(u1, `/api/inventory/my-stock?customer_id=${c2.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { total_quantity: number }) => i.total_quantity)).toEqual([78]);
  });

  it('staff may choose a customer; restricted staff not one outside their scope', async () => {
    const res = await get(worker, `/api/inventory/my-stock?customer_id=${c2.id}`);
    expect(
      res
        .json()
        .map((i: { total_quantity: number }) => i.total_quantity)
        .sort(),
    ).toEqual([333, 44]);
    expect(res.json().find((i: { product_id: number }) => i.product_id === only2.id).ve_summary).toEqual({ has_ve: false, ve_units: [] });
    expect((await get(restricted, `/api/inventory/my-stock?customer_id=${c2.id}`)).statusCode).toBe(404);
  });
});

describe('inventory overview (staff)', () => {
  it('customers are refused', async () => {
    expect((await get(u1, '/api/dashboard/inventory-overview')).statusCode).toBe(403);
    expect((await get(u1, `/api/dashboard/inventory-overview?customer_id=${c1.id}`)).statusCode).toBe(403);
  });

  it('totals, rows per product and customer, locations and recent movements', async () => {
    const res = await get(worker, '/api/dashboard/inventory-overview');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.total_unique_products).toBe(2);
    expect(o.total_items).toBe(78 + 333 + 44);
    const row = o.product_summary.find((s: { product_id: number; customer_id: number }) => s.product_id === shared.id && s.customer_id === c1.id);
    expect(row).toMatchObject({ customer_name: c1.company_name, total_quantity: 78, reserved_quantity: 10, available_quantity: 68 });
    expect(row.locations).toHaveLength(3);
    expect(row.locations[0]).toMatchObject({ quantity: 70, reserved_quantity: 10, available_quantity: 60 });
    expect(row.locations[0].location_path).toContain(places[0].barcode);
    expect(row.recent_movements.length).toBeLessThanOrEqual(5);
    expect(row.recent_movements[0]).toMatchObject({ movement_type: 'inbound', quantity: 3, inbound_notification_id: notificationId });
    expect(o.recent_movements).toHaveLength(5);
  });

  it('customer filter and restricted staff scope', async () => {
    const one = (await get(worker, `/api/dashboard/inventory-overview?customer_id=${c2.id}`)).json();
    expect(one.product_summary.every((s: { customer_id: number }) => s.customer_id === c2.id)).toBe(true);
    expect(one.total_items).toBe(377);
    const r = await get(restricted, '/api/dashboard/inventory-overview');
    expect(r.body).not.toContain(c2.company_name);
    expect(r.json().total_items).toBe(78);
    expect((await get(restricted, `/api/dashboard/inventory-overview?customer_id=${c2.id}`)).statusCode).toBe(404);
  });
});

describe('product details (staff)', () => {
  it('product, places with barcode/batch/expiry and history with the announcement id', async () => {
    const res = await get(worker, `/api/inventory/products/${shared.id}/details`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.product).toMatchObject({ ean: shared.ean, units_per_box: 6, boxes_per_pallet: 10 });
    expect(d.stock.total_quantity).toBe(78 + 333);
    expect(d.stock.locations_count).toBe(3);
    expect(d.stock.locations.find((l: { batch_number: string | null }) => l.batch_number === 'B1')).toMatchObject({
      expiry_date: '2027-01-31',
      location_barcode: places[1].barcode,
      quantity: 5,
    });
    const receipt = d.movement_history.find((m: { inbound_notification_id: number | null }) => m.inbound_notification_id === notificationId);
    expect(receipt).toMatchObject({ movement_type: 'inbound', quantity: 3, username: expect.any(String) });
    expect(receipt.notification_number).toMatch(/^AV-/);
  });

  it('restricted staff see only their customers; customers are refused; unknown is 404', async () => {
    const d = (await get(restricted, `/api/inventory/products/${shared.id}/details`)).json();
    expect(d.stock.total_quantity).toBe(78);
    expect(JSON.stringify(d)).not.toContain(c2.company_name);
    expect(d.movement_history.every((m: { quantity: number }) => m.quantity !== 333)).toBe(true);
    expect((await get(u1, `/api/inventory/products/${shared.id}/details`)).statusCode).toBe(403);
    const missing = await get(worker, '/api/inventory/products/999999/details');
    expect(missing.statusCode).toBe(404);
  });
});
