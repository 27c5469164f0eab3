import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ledgerMismatches } from '../../helpers/ledger';
import { api } from '../outbound-orders/world';
import { stockOf } from '../stock/world';
import { buildReturnWorld, type ReturnWorld } from './world';

/** Receiving returned units at the dock: restock, quarantine, dispose (docs/operations.md "Returns"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function announced(w: ReturnWorld, shirts = 3, mugs = 1) {
  const res = await api(t).post('/api/returns', w.h.customer, {
    outbound_order_id: w.order.id,
    items: [
      { product_ean: w.shirt.ean, quantity: shirts, reason: 'not_wanted' },
      { product_ean: w.mug.ean, quantity: mugs, reason: 'damaged' },
    ],
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; return_number: string };
}

const receive = (id: number, headers: Record<string, string>, body: object) => api(t).post(`/api/returns/${id}/receive-item`, headers, body);

async function movementsOf(returnId: number) {
  return t.db
    .selectFrom('stock_movements')
    .select(['movement_type', 'location_id', 'quantity', 'notes'])
    .where('return_id', '=', returnId)
    .orderBy('id')
    .execute();
}

/** Available units of a product for the customer, as the stock views count them (blocked places excluded). */
async function available(w: ReturnWorld, productId: number) {
  const res = await api(t).get(`/api/inventory/my-stock?customer_id=${w.customer.id}`, w.h.manager);
  expect(res.statusCode).toBe(200);
  const item = res.json().find((i: { product_id: number }) => i.product_id === productId);
  return { available: item?.available_quantity ?? 0, blocked: item?.blocked_quantity ?? 0 };
}

describe('POST /api/returns/{id}/receive-item', () => {
  it('restocks onto a normal place, quarantines onto a blocked place, disposes without stock; the first receipt marks it received', async () => {
    const w = await buildReturnWorld(t);
    const r = await announced(w);
    const restock = await receive(r.id, w.h.worker, {
      product_ean: w.shirt.ean,
      quantity: 2,
      condition: 'new',
      disposition: 'restock',
      location_barcode: w.shelf.barcode,
    });
    expect(restock.statusCode).toBe(200);
    expect(restock.json()).toMatchObject({
      status: 'received',
      location_quantity: 2,
      receipt: { quantity: 2, condition: 'new', disposition: 'restock', location_barcode: w.shelf.barcode },
    });
    const quarantine = await receive(r.id, w.h.worker, {
      product_ean: w.shirt.ean,
      quantity: 1,
      condition: 'damaged',
      disposition: 'quarantine',
      location_barcode: (w.quarantine.barcode ?? '').toLowerCase(),
    });
    expect(quarantine.statusCode).toBe(200);
    const dispose = await receive(r.id, w.h.worker, { product_ean: w.mug.ean, quantity: 1, condition: 'damaged', disposition: 'dispose' });
    expect(dispose.statusCode).toBe(200);
    expect(dispose.json()).toMatchObject({ location_quantity: null, receipt: { location_barcode: null } });

    expect(await stockOf(t.db, w.shirt.id, w.shelf.id)).toBe(2);
    expect(await stockOf(t.db, w.shirt.id, w.quarantine.id)).toBe(1);
    expect(await stockOf(t.db, w.mug.id, w.shelf.id)).toBe(0);
    expect((await movementsOf(r.id)).map((m) => [m.movement_type, m.location_id, m.quantity, m.notes])).toEqual([
      ['return', w.shelf.id, 2, r.return_number],
      ['return', w.quarantine.id, 1, r.return_number],
    ]);
    // Quarantined units are stock, but not available.
    expect(await available(w, w.shirt.id)).toEqual({ available: 2, blocked: 1 });
    expect(await ledgerMismatches(t.db)).toEqual([]);

    const detail = (await api(t).get(`/api/returns/${r.id}`, w.h.customer)).json();
    expect(detail).toMatchObject({ status: 'received', received_quantity: 4 });
    expect(detail.lines.map((l: { product_ean: string; received_quantity: number }) => [l.product_ean, l.received_quantity])).toEqual(
      expect.arrayContaining([
        [w.shirt.ean, 3],
        [w.mug.ean, 1],
      ]),
    );
    expect(detail.receipts.map((x: { disposition: string }) => x.disposition)).toEqual(['restock', 'quarantine', 'dispose']);

    const done = await api(t).post(`/api/returns/${r.id}/complete`, w.h.worker);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed' });
    const late = await receive(r.id, w.h.worker, { product_ean: w.shirt.ean, quantity: 1, condition: 'new', disposition: 'dispose' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'RETURN_WRONG_STATUS', params: { status: 'Abgeschlossen', status_code: 'completed' } });
    expect(late.json().detail).toContain('Abgeschlossen');
    // Announced, first receipt and completion are logged once each in the packing log, with the order.
    const logs = await t.db
      .selectFrom('status_logs')
      .select(['event_type', 'log_type', 'new_status', 'description'])
      .where('order_id', '=', w.order.id)
      .where('event_type', 'in', ['return_announced', 'return_received', 'return_completed'])
      .orderBy('id')
      .execute();
    expect(logs.map((l) => [l.event_type, l.log_type, l.new_status])).toEqual([
      ['return_announced', 'packing', 'announced'],
      ['return_received', 'packing', 'received'],
      ['return_completed', 'packing', 'completed'],
    ]);
    expect(logs[0].description).toBe(`Retoure ${r.return_number} zu Auftrag ${w.order.order_number} angekündigt: 4 Stück`);
  });

  it('allows more than announced up to what was shipped; refuses beyond it, unannounced and foreign items', async () => {
    const w = await buildReturnWorld(t);
    const r = await announced(w, 1, 1);
    expect((await receive(r.id, w.h.worker, { product_ean: w.shirt.ean, quantity: 5, condition: 'opened', disposition: 'dispose' })).statusCode).toBe(200);
    const beyond = await receive(r.id, w.h.worker, { product_ean: w.shirt.ean, quantity: 1, condition: 'opened', disposition: 'dispose' });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ code: 'RETURN_TOO_MANY', params: { returnable: 0 } });
    const foreign = await receive(r.id, w.h.worker, { product_ean: '4006381333931', quantity: 1, condition: 'new', disposition: 'dispose' });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ code: 'RETURN_ITEM_NOT_IN_ORDER' });

    const onlyShirts = (
      await api(t).post('/api/returns', w.h.worker, { outbound_order_id: w.order.id, items: [{ product_ean: w.mug.ean, quantity: 1, reason: 'other' }] })
    ).json();
    const shirtOnMugReturn = await receive(onlyShirts.id, w.h.worker, { product_ean: w.shirt.ean, quantity: 1, condition: 'new', disposition: 'dispose' });
    expect(shirtOnMugReturn.statusCode).toBe(409);
    expect(shirtOnMugReturn.json()).toMatchObject({ code: 'RETURN_ITEM_NOT_ANNOUNCED' });
  });

  it('checks the place against the disposition and refuses customers, bad bodies and cancelled returns', async () => {
    const w = await buildReturnWorld(t);
    const r = await announced(w);
    const body = { product_ean: w.shirt.ean, quantity: 1, condition: 'new' };
    const restockBlocked = await receive(r.id, w.h.worker, { ...body, disposition: 'restock', location_barcode: w.quarantine.barcode });
    expect(restockBlocked.statusCode).toBe(409);
    expect(restockBlocked.json().code).toBe('RETURN_RESTOCK_BLOCKED');
    const quarantineNormal = await receive(r.id, w.h.worker, { ...body, disposition: 'quarantine', location_barcode: w.shelf.barcode });
    expect(quarantineNormal.statusCode).toBe(409);
    expect(quarantineNormal.json().detail).toBe(`Lagerplatz ${w.shelf.barcode} ist kein Sperrplatz – Ware ins Sperrlager nur auf einen gesperrten Platz`);
    const noPlace = await receive(r.id, w.h.worker, { ...body, disposition: 'restock' });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().code).toBe('RETURN_PLACE_REQUIRED');
    const unknownPlace = await receive(r.id, w.h.worker, { ...body, disposition: 'restock', location_barcode: 'ZZ-99-99' });
    expect(unknownPlace.statusCode).toBe(404);
    expect((await receive(r.id, w.h.worker, { ...body, condition: 'kaputt', disposition: 'dispose' })).statusCode).toBe(400);
    expect((await receive(r.id, w.h.worker, { ...body, disposition: 'verschenken' })).statusCode).toBe(400);
    expect((await receive(r.id, w.h.customer, { ...body, disposition: 'dispose' })).statusCode).toBe(403);
    expect((await receive(999999, w.h.worker, { ...body, disposition: 'dispose' })).statusCode).toBe(404);
    expect((await api(t).post(`/api/returns/${r.id}/complete`, w.h.worker)).json().code).toBe('RETURN_WRONG_STATUS');
    expect((await api(t).post(`/api/returns/${r.id}/cancel`, w.h.other)).statusCode).toBe(404);
    expect((await api(t).post(`/api/returns/${r.id}/cancel`, w.h.customer)).statusCode).toBe(200);
    const cancelled = await receive(r.id, w.h.worker, { ...body, disposition: 'dispose' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toContain('Storniert');
    expect(await movementsOf(r.id)).toEqual([]);
  });

  it('refuses to restock onto a place a stocktake counts (LOCATION_IN_STOCKTAKE)', async () => {
    const w = await buildReturnWorld(t);
    const r = await announced(w);
    const st = await api(t).post('/api/stocktakes', w.h.manager, { name: 'Retourenplatz', location_ids: [w.shelf.id] });
    expect(st.statusCode).toBe(201);
    const res = await receive(r.id, w.h.worker, {
      product_ean: w.shirt.ean,
      quantity: 1,
      condition: 'new',
      disposition: 'restock',
      location_barcode: w.shelf.barcode,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LOCATION_IN_STOCKTAKE', params: { barcode: w.shelf.barcode } });
    expect(await movementsOf(r.id)).toEqual([]);
  });

  it('books a receipt once for one Idempotency-Key', async () => {
    const w = await buildReturnWorld(t);
    const r = await announced(w);
    const headers = { ...w.h.worker, 'idempotency-key': `ret-${r.id}` };
    const body = { product_ean: w.shirt.ean, quantity: 2, condition: 'new', disposition: 'restock', location_barcode: w.shelf.barcode };
    const a = await receive(r.id, headers, body);
    const b = await receive(r.id, headers, body);
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(await stockOf(t.db, w.shirt.id, w.shelf.id)).toBe(2);
    expect(await movementsOf(r.id)).toHaveLength(1);
  });
});
