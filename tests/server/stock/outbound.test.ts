import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildStock, buildUser } from '../../helpers/factories';
import { buildWorld, stockOf } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

describe('POST /api/outbound/lookup', () => {
  it('lists the places holding the product with available quantities (reservations excluded)', async () => {
    const w = await buildWorld(t.db, t.app);
    const [a, b] = w.compartments;
    await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: a.id, quantity: 5 });
    const s = await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: b.id, quantity: 4 });
    await t.db.updateTable('stock').set({ reserved_quantity: 1 }).where('id', '=', s.stock_id).execute();
    const res = await post('/api/outbound/lookup', w.headers, { ean: w.product.ean });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      product_title: w.product.title,
      ean: w.product.ean,
      total_quantity: 8,
      locations: [
        { location_id: a.id, location_path: `${w.building.name} / ${w.room.name} / ${a.barcode}`, available_quantity: 5 },
        { location_id: b.id, available_quantity: 3, quantity: 4, reserved_quantity: 1 },
      ],
    });
  });

  it('hides the stock of customers the user may not see', async () => {
    const w = await buildWorld(t.db, t.app);
    const hidden = await buildCustomer(t.db);
    await buildStock(t.db, { product_id: w.product.id, customer_id: hidden.id, location_id: w.compartments[0].id, quantity: 9 });
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] });
    const res = await post('/api/outbound/lookup', auth(t.app, restricted), { ean: w.product.ean });
    expect(res.json()).toMatchObject({ total_quantity: 0, locations: [] });
  });

  it('answers an unknown EAN with 404', async () => {
    const w = await buildWorld(t.db, t.app);
    const res = await post('/api/outbound/lookup', w.headers, { ean: '4006381333948' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Produkt nicht gefunden');
  });
});

describe('POST /api/outbound', () => {
  it('takes goods out and books a negative movement', async () => {
    const w = await buildWorld(t.db, t.app);
    const place = w.compartments[0];
    await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: place.id, quantity: 5 });
    const res = await post('/api/outbound', w.headers, { ean: w.product.ean, quantity: 2, location_barcode: place.barcode, notes: 'Bruch', user_id: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      product_title: w.product.title,
      quantity: 2,
      remaining_quantity: 3,
      location_path: `${w.building.name} / ${w.room.name} / ${place.barcode}`,
    });
    const mv = await t.db.selectFrom('stock_movements').selectAll().where('id', '=', body.movement_ids[0]).executeTakeFirstOrThrow();
    expect(mv).toMatchObject({ movement_type: 'outbound', quantity: -2, user_id: w.worker.id, notes: 'Bruch' });
    expect(await stockOf(t.db, w.product.id, place.id)).toBe(3);
  });

  it('refuses more than is there with 409 naming the place and the available quantity', async () => {
    const w = await buildWorld(t.db, t.app);
    const place = w.compartments[0];
    await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: place.id, quantity: 2 });
    const res = await post('/api/outbound', w.headers, { ean: w.product.ean, quantity: 3, location_barcode: place.barcode });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STOCK_INSUFFICIENT',
      detail: `Bestand nicht ausreichend: Platz ${place.barcode} hat nur 2 Stück verfügbar`,
      params: { location: place.barcode, available: 2, requested: 3 },
    });
    expect(await stockOf(t.db, w.product.id, place.id)).toBe(2);
  });

  it('takes the earliest expiry first and combines batches', async () => {
    const w = await buildWorld(t.db, t.app);
    const place = w.compartments[0];
    const base = { product_id: w.product.id, customer_id: w.customer.id, location_id: place.id };
    await buildStock(t.db, { ...base, quantity: 3, batch_number: 'SPAET', expiry_date: '2031-01-01' });
    await buildStock(t.db, { ...base, quantity: 3, batch_number: 'FRUEH', expiry_date: '2030-01-01' });
    const res = await post('/api/outbound', w.headers, { ean: w.product.ean, quantity: 4, location_barcode: place.barcode });
    expect(res.statusCode).toBe(200);
    expect(res.json().movement_ids).toHaveLength(2);
    const rows = await t.db.selectFrom('stock').select(['batch_number', 'quantity']).where('product_id', '=', w.product.id).orderBy('batch_number').execute();
    expect(rows).toEqual([
      { batch_number: 'FRUEH', quantity: 0 },
      { batch_number: 'SPAET', quantity: 2 },
    ]);
  });

  it("takes the named customer only, and never a hidden customer's goods", async () => {
    const w = await buildWorld(t.db, t.app);
    const place = w.compartments[0];
    const hidden = await buildCustomer(t.db);
    await buildStock(t.db, { product_id: w.product.id, customer_id: hidden.id, location_id: place.id, quantity: 10 });
    await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: place.id, quantity: 1 });
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] });
    const h = auth(t.app, restricted);
    const tooMuch = await post('/api/outbound', h, { ean: w.product.ean, quantity: 2, location_barcode: place.barcode });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().params.available).toBe(1);
    const named = await post('/api/outbound', h, { ean: w.product.ean, quantity: 1, location_barcode: place.barcode, customer_id: hidden.id });
    expect(named.statusCode).toBe(404);
    const mine = await post('/api/outbound', w.headers, { ean: w.product.ean, quantity: 3, location_barcode: place.barcode, customer_id: hidden.id });
    expect(mine.statusCode).toBe(200);
    expect(await stockOf(t.db, w.product.id, place.id)).toBe(8);
  });

  it('refuses customer users on every scan endpoint', async () => {
    const w = await buildWorld(t.db, t.app);
    const cu = auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: w.customer.id }));
    const body = { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode };
    expect((await post('/api/outbound', cu, body)).statusCode).toBe(403);
    expect((await post('/api/outbound/lookup', cu, { ean: w.product.ean })).statusCode).toBe(403);
    expect((await post('/api/inventory/search', cu, { query: 'x' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/movements', headers: cu })).statusCode).toBe(403);
  });

  it('50 concurrent removals of 1 from 10 units: exactly 10 succeed, stock ends at 0', async () => {
    const w = await buildWorld(t.db, t.app);
    const place = w.compartments[0];
    await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: place.id, quantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/outbound', w.headers, { ean: w.product.ean, quantity: 1, location_barcode: place.barcode })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(await stockOf(t.db, w.product.id, place.id)).toBe(0);
    const out = await t.db
      .selectFrom('stock_movements')
      .select('quantity')
      .where('product_id', '=', w.product.id)
      .where('movement_type', '=', 'outbound')
      .execute();
    expect(out).toHaveLength(10);
  });
});
