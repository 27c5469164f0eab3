import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildStock, buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { adjustmentWorld, stockRows } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/stock-adjustments', headers, payload });
const world = () => adjustmentWorld(t.db, t.app);

describe('POST /api/stock-adjustments', () => {
  it('books a damaged unit off as one adjustment movement carrying reason, note and user', async () => {
    const w = await world();
    const res = await post(w.headers, { ...w.body, quantity_delta: -1, reason: 'damaged', note: 'Karton nass' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ location_barcode: w.place.barcode, quantity_delta: -1, reason: 'damaged', quantity_after: 9, ean: w.product.ean });
    expect(body.movement_ids).toHaveLength(1);
    const m = await t.db.selectFrom('stock_movements').selectAll().where('id', '=', body.movement_ids[0]).executeTakeFirstOrThrow();
    expect([m.movement_type, m.quantity, m.adjustment_reason, m.notes, m.user_id, m.location_id]).toEqual([
      'adjustment',
      -1,
      'damaged',
      'Karton nass',
      w.manager.id,
      w.place.id,
    ]);
    expect((await stockRows(t.db, w.product.id)).map((r) => [r.quantity, r.reserved_quantity])).toEqual([[9, 3]]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('adds found units to the existing row, and an admin may correct too', async () => {
    const w = await world();
    const admin = await buildUser(t.db, 'admin');
    const res = await post(auth(t.app, admin), { ...w.body, quantity_delta: 4, reason: 'found' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity_after: 14, reason: 'found' });
    expect((await stockRows(t.db, w.product.id)).map((r) => r.quantity)).toEqual([14]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('creates the stock row on a place without stock (batch given or none)', async () => {
    const w = await world();
    const res = await post(w.headers, { ...w.body, location_barcode: w.empty.barcode, quantity_delta: 2, reason: 'count_difference', batch_number: 'L-7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity_after: 2, location_barcode: w.empty.barcode });
    const rows = await stockRows(t.db, w.product.id);
    expect(rows.map((r) => [r.location_id, r.batch_number, r.expiry_date, r.quantity])).toEqual([
      [w.place.id, '', null, 10],
      [w.empty.id, 'L-7', null, 2],
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('books a batch with two expiry dates off earliest first', async () => {
    const w = await world();
    for (const expiry_date of ['2028-01-31', '2027-06-30']) {
      await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: w.empty.id, quantity: 2, batch_number: 'B', expiry_date });
    }
    const res = await post(w.headers, { ...w.body, location_barcode: w.empty.barcode, batch_number: 'B', quantity_delta: -3, reason: 'expired' });
    expect(res.statusCode).toBe(200);
    expect(res.json().movement_ids).toHaveLength(2);
    expect(res.json().quantity_after).toBe(1);
    const rows = (await stockRows(t.db, w.product.id)).filter((r) => r.location_id === w.empty.id);
    expect(rows.map((r) => [String(r.expiry_date).slice(0, 10), r.quantity])).toEqual([
      ['2028-01-31', 1],
      ['2027-06-30', 0],
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('corrects stock on a blocked place (Sperrplatz)', async () => {
    const w = await world();
    await t.db.updateTable('locations').set({ is_blocked: true }).where('id', '=', w.place.id).execute();
    const res = await post(w.headers, { ...w.body, quantity_delta: -2, reason: 'damaged' });
    expect(res.statusCode).toBe(200);
    expect(res.json().quantity_after).toBe(8);
  });

  it('refuses a place a stocktake counts (409 LOCATION_IN_STOCKTAKE), booking nothing', async () => {
    const w = await world();
    const st = await t.app.inject({ method: 'POST', url: '/api/stocktakes', headers: w.headers, payload: { name: 'Korrektur', location_ids: [w.place.id] } });
    expect(st.statusCode).toBe(201);
    const res = await post(w.headers, { ...w.body, quantity_delta: -1, reason: 'damaged' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LOCATION_IN_STOCKTAKE', params: { barcode: w.place.barcode } });
    expect((await stockRows(t.db, w.product.id)).map((r) => r.quantity)).toEqual([10]);
  });

  it('writes a stock_adjusted event into the picking log', async () => {
    const w = await world();
    const res = await post(w.headers, { ...w.body, quantity_delta: -1, reason: 'lost' });
    const log = await t.db.selectFrom('status_logs').selectAll().where('event_type', '=', 'stock_adjusted').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([log.log_type, log.user_id]).toEqual(['picking', w.manager.id]);
    expect(log.description).toContain('verloren');
    expect(log.description).toContain(w.place.barcode);
    const data = typeof log.event_data === 'string' ? JSON.parse(log.event_data) : log.event_data;
    expect(data).toMatchObject({ reason: 'lost', quantity_delta: -1, movement_ids: res.json().movement_ids });
  });

  it('refuses below 0 and below the reserved units with 409 and German details, booking nothing', async () => {
    const w = await world();
    const zero = await post(w.headers, { ...w.body, quantity_delta: -11, reason: 'lost' });
    expect(zero.statusCode).toBe(409);
    expect(zero.json()).toMatchObject({ code: 'ADJUST_BELOW_ZERO' });
    expect(zero.json().detail).toContain('unter 0');
    const reserved = await post(w.headers, { ...w.body, quantity_delta: -8, reason: 'lost' });
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json()).toMatchObject({ code: 'ADJUST_BELOW_RESERVED', params: { reserved: 3, available: 7 } });
    expect(reserved.json().detail).toContain('reserviert');
    const none = await post(w.headers, { ...w.body, location_barcode: w.empty.barcode, quantity_delta: -1, reason: 'lost' });
    expect(none.statusCode).toBe(409);
    expect((await stockRows(t.db, w.product.id)).map((r) => r.quantity)).toEqual([10]);
    const count = await t.db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('adjustment_reason', 'is not', null)
      .where('product_id', '=', w.product.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses bad input with 400 naming the field in German', async () => {
    const w = await world();
    const zero = await post(w.headers, { ...w.body, quantity_delta: 0, reason: 'damaged' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().detail).toContain('Mengenänderung');
    const badReason = await post(w.headers, { ...w.body, quantity_delta: -1, reason: 'stolen' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().detail).toContain('Grund');
    const noNote = await post(w.headers, { ...w.body, quantity_delta: -1, reason: 'other', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().detail).toContain('Notiz');
    const withNote = await post(w.headers, { ...w.body, quantity_delta: -1, reason: 'other', note: 'Muster an Vertrieb' });
    expect(withNote.statusCode).toBe(200);
  });

  it('answers an unknown EAN, place or customer with 404', async () => {
    const w = await world();
    const ean = await post(w.headers, { ...w.body, ean: '4006381333931', quantity_delta: 1, reason: 'found' });
    expect(ean.statusCode).toBe(404);
    expect(ean.json().code).toBe('PRODUCT_NOT_FOUND');
    const place = await post(w.headers, { ...w.body, location_barcode: 'NIRGENDS-99', quantity_delta: 1, reason: 'found' });
    expect(place.statusCode).toBe(404);
    expect(place.json().detail).toContain('NIRGENDS-99');
    const customer = await post(w.headers, { ...w.body, customer_id: 999_999, quantity_delta: 1, reason: 'found' });
    expect(customer.statusCode).toBe(404);
  });

  it('refuses workers and customer users (403) and hides other customers from restricted managers (404)', async () => {
    const w = await world();
    expect((await post(w.workerHeaders, { ...w.body, quantity_delta: -1, reason: 'damaged' })).statusCode).toBe(403);
    const customerUser = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    expect((await post(auth(t.app, customerUser), { ...w.body, quantity_delta: -1, reason: 'damaged' })).statusCode).toBe(403);
    const other = await buildCustomer(t.db);
    const restricted = await buildUser(t.db, 'warehouse_manager', { access: [other.id] });
    const hidden = await post(auth(t.app, restricted), { ...w.body, quantity_delta: -1, reason: 'damaged' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('CUSTOMER_NOT_FOUND');
    expect((await stockRows(t.db, w.product.id)).map((r) => r.quantity)).toEqual([10]);
  });

  it('books once per Idempotency-Key and replays the stored answer', async () => {
    const w = await world();
    const headers = { ...w.headers, 'idempotency-key': `adjust-${w.product.id}` };
    const first = await post(headers, { ...w.body, quantity_delta: -2, reason: 'damaged' });
    const again = await post(headers, { ...w.body, quantity_delta: -2, reason: 'damaged' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await stockRows(t.db, w.product.id)).map((r) => r.quantity)).toEqual([8]);
    expect((await post(headers, { ...w.body, quantity_delta: -1, reason: 'damaged' })).statusCode).toBe(422);
  });
});
