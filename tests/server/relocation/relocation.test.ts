import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildStock, buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { buildWorld } from '../stock/world';
import { mutation, newClientId, push } from '../../sync/server/sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/relocations', headers, payload });

/** A world with stock at the first place: 10 units (3 reserved) of batch CH-1, expiring 2027-03-31. */
async function stocked() {
  const w = await buildWorld(t.db, t.app);
  const [from, to, other] = w.compartments;
  const s = await buildStock(t.db, {
    product_id: w.product.id,
    customer_id: w.customer.id,
    location_id: from.id,
    quantity: 10,
    batch_number: 'CH-1',
    expiry_date: '2027-03-31',
  });
  await t.db.updateTable('stock').set({ reserved_quantity: 3 }).where('id', '=', s.stock_id).execute();
  const body = { ean: w.product.ean, customer_id: w.customer.id, from_location_barcode: from.barcode, to_location_barcode: to.barcode, batch_number: 'CH-1' };
  return { ...w, from, to, other, body };
}

async function stockRows(productId: number) {
  return t.db
    .selectFrom('stock')
    .select(['location_id', 'customer_id', 'batch_number', 'expiry_date', 'quantity', 'reserved_quantity'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
}

const total = async (productId: number, customerId: number) =>
  (await stockRows(productId)).filter((r) => r.customer_id === customerId).reduce((s, r) => s + r.quantity, 0);

describe('POST /api/relocations', () => {
  it('moves free units with batch and expiry: two relocation movements sharing one relocation_id', async () => {
    const w = await stocked();
    const res = await post(w.headers, { ...w.body, quantity: 4 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      relocation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      from: { location_barcode: w.from.barcode, quantity: 6 },
      to: { location_barcode: w.to.barcode, quantity: 4 },
    });
    const moves = await t.db.selectFrom('stock_movements').selectAll().where('relocation_id', '=', body.relocation_id).orderBy('id').execute();
    expect(moves).toHaveLength(2);
    expect(moves.map((m) => [m.movement_type, m.location_id, m.quantity, m.batch_number, String(m.expiry_date).slice(0, 10), m.user_id])).toEqual([
      ['relocation', w.from.id, -4, 'CH-1', '2027-03-31', w.worker.id],
      ['relocation', w.to.id, 4, 'CH-1', '2027-03-31', w.worker.id],
    ]);
    const rows = await stockRows(w.product.id);
    expect(rows.map((r) => [r.location_id, r.batch_number, String(r.expiry_date).slice(0, 10), r.quantity, r.reserved_quantity])).toEqual([
      [w.from.id, 'CH-1', '2027-03-31', 6, 3],
      [w.to.id, 'CH-1', '2027-03-31', 4, 0],
    ]);
    expect(await total(w.product.id, w.customer.id)).toBe(10);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('moves all free units and leaves the reserved ones at the source', async () => {
    const w = await stocked();
    const res = await post(w.headers, { ...w.body, quantity: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ from: { quantity: 3 }, to: { quantity: 7 } });
    expect(await total(w.product.id, w.customer.id)).toBe(10);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('moves a batch with two expiry dates earliest first, each expiry into its own target row, under one relocation_id', async () => {
    const w = await stocked();
    await buildStock(t.db, {
      product_id: w.product.id,
      customer_id: w.customer.id,
      location_id: w.from.id,
      quantity: 2,
      batch_number: 'CH-1',
      expiry_date: '2027-01-31',
    });
    const res = await post(w.headers, { ...w.body, quantity: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ from: { quantity: 7 }, to: { quantity: 5 } });
    const moves = await t.db.selectFrom('stock_movements').selectAll().where('relocation_id', '=', res.json().relocation_id).orderBy('id').execute();
    expect(moves.map((m) => [m.location_id, m.quantity, String(m.expiry_date).slice(0, 10)])).toEqual([
      [w.from.id, -2, '2027-01-31'],
      [w.to.id, 2, '2027-01-31'],
      [w.from.id, -3, '2027-03-31'],
      [w.to.id, 3, '2027-03-31'],
    ]);
    expect(await total(w.product.id, w.customer.id)).toBe(12);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('two concurrent relocations of the same free units: one moves them, the other gets 409', async () => {
    const w = await stocked();
    const [a, b] = await Promise.all([
      post(w.headers, { ...w.body, quantity: 6 }),
      post(w.headers, { ...w.body, to_location_barcode: w.other.barcode, quantity: 6 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({ code: 'RELOCATE_INSUFFICIENT', params: { available: 1 } });
    const rows = await stockRows(w.product.id);
    expect(rows.find((r) => r.location_id === w.from.id)).toMatchObject({ quantity: 4, reserved_quantity: 3 });
    expect(await total(w.product.id, w.customer.id)).toBe(10);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('refuses more than the free units with 409 RELOCATE_INSUFFICIENT and never touches reserved units', async () => {
    const w = await stocked();
    const res = await post(w.headers, { ...w.body, quantity: 8 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'RELOCATE_INSUFFICIENT',
      detail: `Umlagern nicht möglich: Platz ${w.from.barcode} hat nur 7 freie Stück (reservierte Ware wird nicht umgelagert)`,
      params: { location: w.from.barcode, available: 7, requested: 8 },
    });
    expect((await stockRows(w.product.id)).map((r) => [r.location_id, r.quantity, r.reserved_quantity])).toEqual([[w.from.id, 10, 3]]);
    expect(
      await t.db.selectFrom('stock_movements').select('id').where('movement_type', '=', 'relocation').where('product_id', '=', w.product.id).execute(),
    ).toEqual([]);
  });

  it('counts only the named batch: units of another batch are not free for it', async () => {
    const w = await stocked();
    const res = await post(w.headers, { ...w.body, batch_number: null, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().params).toMatchObject({ available: 0 });
  });

  it('refuses the same place with 400, whatever the case of the barcode', async () => {
    const w = await stocked();
    const res = await post(w.headers, { ...w.body, to_location_barcode: String(w.from.barcode).toLowerCase(), quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'RELOCATE_SAME_PLACE', detail: expect.stringContaining('Quell- und Zielplatz sind gleich') });
  });

  it('answers an unknown EAN and unknown places with 404', async () => {
    const w = await stocked();
    const ean = await post(w.headers, { ...w.body, ean: '4006381333948', quantity: 1 });
    expect(ean.statusCode).toBe(404);
    expect(ean.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', detail: 'Produkt nicht gefunden' });
    const from = await post(w.headers, { ...w.body, from_location_barcode: 'NIX-99-99', quantity: 1 });
    expect(from.statusCode).toBe(404);
    expect(from.json()).toMatchObject({ code: 'LOCATION_NOT_FOUND', detail: 'Lagerplatz NIX-99-99 nicht gefunden' });
    const to = await post(w.headers, { ...w.body, to_location_barcode: 'NIX-99-98', quantity: 1 });
    expect(to.statusCode).toBe(404);
    expect(to.json()).toMatchObject({ code: 'LOCATION_NOT_FOUND', params: { barcode: 'NIX-99-98' } });
  });

  it('refuses a customer user with 403 and hides other customers from restricted staff (404)', async () => {
    const w = await stocked();
    const customerUser = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    const forbidden = await post(auth(t.app, customerUser), { ...w.body, quantity: 1 });
    expect(forbidden.statusCode).toBe(403);
    const other = await buildCustomer(t.db);
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [other.id] });
    const hidden = await post(auth(t.app, restricted), { ...w.body, quantity: 1 });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('CUSTOMER_NOT_FOUND');
    expect((await stockRows(w.product.id)).map((r) => r.quantity)).toEqual([10]);
  });

  it('names the field in German when a barcode is missing (400)', async () => {
    const w = await stocked();
    const res = await post(w.headers, { ...w.body, to_location_barcode: undefined, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Nach Lagerplatz');
  });

  it('relocates once per Idempotency-Key and replays the stored answer', async () => {
    const w = await stocked();
    const headers = { ...w.headers, 'idempotency-key': `reloc-${w.product.id}` };
    const first = await post(headers, { ...w.body, quantity: 2 });
    const again = await post(headers, { ...w.body, quantity: 2 });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await stockRows(w.product.id)).map((r) => r.quantity)).toEqual([8, 2]);
    const other = await post(headers, { ...w.body, quantity: 1 });
    expect(other.statusCode).toBe(422);
  });
});

describe('offline command stock.relocate', () => {
  it('is applied exactly once when pushed twice, with the REST answer as its result', async () => {
    const w = await stocked();
    const c = newClientId();
    const m = mutation(1, 'stock.relocate', { ...w.body, quantity: 5 }, w.worker.id);
    const first = await push(t.app, w.worker, c, [m]);
    const second = await push(t.app, w.worker, c, [m]);
    expect(first.statusCode).toBe(200);
    const applied = first.json().results[0];
    expect(applied).toMatchObject({ id: 1, status: 'applied', result: { from: { quantity: 5 }, to: { location_barcode: w.to.barcode, quantity: 5 } } });
    expect(second.json().results).toEqual([{ id: 1, status: 'duplicate', original: 'applied', result: applied.result }]);
    const moves = await t.db.selectFrom('stock_movements').select(['quantity', 'mutation_id', 'relocation_id']).where('client_id', '=', c).execute();
    expect(moves.map((x) => [x.quantity, x.mutation_id, x.relocation_id])).toEqual([
      [-5, 1, applied.result.relocation_id],
      [5, 1, applied.result.relocation_id],
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('is rejected with RELOCATE_INSUFFICIENT when the free units do not suffice', async () => {
    const w = await stocked();
    const res = await push(t.app, w.worker, newClientId(), [mutation(1, 'stock.relocate', { ...w.body, quantity: 9 }, w.worker.id)]);
    expect(res.json().results[0]).toMatchObject({ id: 1, status: 'rejected', code: 'RELOCATE_INSUFFICIENT', params: { available: 7 } });
  });
});
