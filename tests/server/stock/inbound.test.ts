import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildProduct, buildUser } from '../../helpers/factories';
import { buildWorld, stockOf } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (headers: Record<string, string>, payload: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/inbound', headers: { ...headers, ...extra }, payload });

describe('POST /api/inbound', () => {
  it('books goods onto a place, with the user from the token and the full path', async () => {
    const w = await buildWorld(t.db, t.app);
    const other = await buildUser(t.db, 'admin');
    const place = w.compartments[1];
    const res = await post(w.headers, {
      ean: w.product.ean,
      quantity: 7,
      location_barcode: place.barcode?.toLowerCase(),
      notes: 'Lieferung 1',
      user_id: other.id,
      customer_id: w.customer.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      product_title: w.product.title,
      location_path: `${w.building.name} / ${w.room.name} / ${place.barcode}`,
      quantity: 7,
      stock_quantity: 7,
    });
    const mv = await t.db.selectFrom('stock_movements').selectAll().where('id', '=', body.movement_id).executeTakeFirstOrThrow();
    expect(mv).toMatchObject({
      movement_type: 'inbound',
      quantity: 7,
      user_id: w.worker.id,
      notes: 'Lieferung 1',
      customer_id: w.customer.id,
      client_id: null,
    });
    const second = await post(w.headers, { ean: w.product.ean, quantity: 3, location_barcode: place.barcode, customer_id: w.customer.id });
    expect(second.json().stock_quantity).toBe(10);
    expect(await stockOf(t.db, w.product.id, place.id)).toBe(10);
  });

  it('answers an unknown EAN with 404 PRODUCT_NOT_FOUND ("Produkt nicht gefunden") and books nothing', async () => {
    const w = await buildWorld(t.db, t.app);
    const res = await post(w.headers, { ean: '4006381333948', quantity: 1, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
    expect(res.json().detail).toContain('Produkt nicht gefunden');
    expect(res.json().params.ean).toBe('4006381333948');
  });

  it('answers an unknown shelf barcode with 404 LOCATION_NOT_FOUND', async () => {
    const w = await buildWorld(t.db, t.app);
    const res = await post(w.headers, { ean: w.product.ean, quantity: 1, location_barcode: 'ZZ-99-99', customer_id: w.customer.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'LOCATION_NOT_FOUND', detail: 'Lagerplatz ZZ-99-99 nicht gefunden' });
  });

  it('refuses an inactive customer (409) and an unknown one (404)', async () => {
    const w = await buildWorld(t.db, t.app);
    const gone = await buildCustomer(t.db, { company_name: 'Alt GmbH' });
    await t.db.updateTable('customers').set({ is_active: false }).where('id', '=', gone.id).execute();
    const res = await post(w.headers, { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode, customer_id: gone.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CUSTOMER_INACTIVE', detail: 'Kunde Alt GmbH ist deaktiviert' });
    const unknown = await post(w.headers, { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode, customer_id: 999999 });
    expect(unknown.statusCode).toBe(404);
  });

  it('names invalid fields in German (400) and changes nothing', async () => {
    const w = await buildWorld(t.db, t.app);
    const noPlace = await post(w.headers, { ean: w.product.ean, quantity: 1, customer_id: w.customer.id });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().detail).toMatch(/^Lagerplatz-Barcode: /);
    const zero = await post(w.headers, { ean: w.product.ean, quantity: 0, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id });
    expect(zero.json().detail).toBe('Menge: Menge muss mindestens 1 sein');
    const noCustomer = await post(w.headers, { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode });
    expect(noCustomer.json().detail).toBe('Kunde: Bitte Kunde auswählen');
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(0);
  });

  it('refuses customer users (403) and books nothing', async () => {
    const w = await buildWorld(t.db, t.app);
    const cu = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    const res = await post(auth(t.app, cu), { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id });
    expect(res.statusCode).toBe(403);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(0);
  });

  it('lets restricted staff book only for their customers (include and exclude lists)', async () => {
    const w = await buildWorld(t.db, t.app);
    const hidden = await buildCustomer(t.db);
    const only = await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] });
    const except = await buildUser(t.db, 'warehouse_worker', { access: [hidden.id], is_exclude: true });
    const body = (customer_id: number) => ({ ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode, customer_id });
    expect((await post(auth(t.app, only), body(hidden.id))).statusCode).toBe(404);
    expect((await post(auth(t.app, except), body(hidden.id))).statusCode).toBe(404);
    expect((await post(auth(t.app, only), body(w.customer.id))).statusCode).toBe(200);
    expect((await post(auth(t.app, except), body(w.customer.id))).statusCode).toBe(200);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(2);
  });

  it('books once per Idempotency-Key and replays the stored answer', async () => {
    const w = await buildWorld(t.db, t.app);
    const body = { ean: w.product.ean, quantity: 4, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id };
    const key = { 'idempotency-key': `k-${Date.now()}` };
    const results = await Promise.all([post(w.headers, body, key), post(w.headers, body, key), post(w.headers, body, key)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json().movement_id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(4);
    const otherRoute = await t.app.inject({ method: 'POST', url: '/api/outbound', headers: { ...w.headers, ...key }, payload: { ...body, quantity: 1 } });
    expect(otherRoute.statusCode).toBe(422);
    // A failed request does not consume its key.
    const failKey = { 'idempotency-key': `f-${Date.now()}` };
    expect((await post(w.headers, { ...body, location_barcode: 'NOPE' }, failKey)).statusCode).toBe(404);
    expect((await post(w.headers, body, failKey)).statusCode).toBe(200);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(8);
  });

  it('keeps batches apart', async () => {
    const w = await buildWorld(t.db, t.app);
    const p2 = await buildProduct(t.db);
    const base = { ean: p2.ean, quantity: 2, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id };
    await post(w.headers, { ...base, batch_number: 'L1', expiry_date: '2030-01-31' });
    await post(w.headers, { ...base, batch_number: 'L2', expiry_date: '2030-06-30' });
    const rows = await t.db
      .selectFrom('stock')
      .select(['batch_number', 'expiry_date', 'quantity'])
      .where('product_id', '=', p2.id)
      .orderBy('batch_number')
      .execute();
    expect(rows).toEqual([
      { batch_number: 'L1', expiry_date: '2030-01-31', quantity: 2 },
      { batch_number: 'L2', expiry_date: '2030-06-30', quantity: 2 },
    ]);
  });
});
