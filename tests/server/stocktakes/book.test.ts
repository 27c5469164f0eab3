import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ledgerMismatches } from '../../helpers/ledger';
import { api, expectReservationInvariant } from '../outbound-orders/world';
import { orderOf, reservationsOf, stockAt } from '../picking/world';
import { buildStocktakeWorld, type StocktakeWorld } from './world';

/** Booking a stocktake (docs/operations.md "Stocktake"): differences as count_difference adjustments, ledger = stock. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const logsOf = async (stocktakeId: number) =>
  (await t.db.selectFrom('status_logs').select(['log_type', 'event_type', 'description', 'user_id', 'event_data']).orderBy('id').execute()).filter(
    (l) => (l.event_data as { stocktake_id?: number }).stocktake_id === stocktakeId,
  );

const stockRows = (locationId: number) =>
  t.db
    .selectFrom('stock')
    .select(['product_id', 'batch_number', 'expiry_date', 'quantity', 'reserved_quantity'])
    .where('location_id', '=', locationId)
    .orderBy('product_id')
    .orderBy('expiry_date')
    .execute();

/** Place a: loose 5 (CH-1, two expiry dates 3 + 2), product 4; place b: loose 2. One stocktake over a and b. */
async function counted(s: StocktakeWorld) {
  await stockAt(t, s.w, s.w.loose.id, s.a.id, 3, { batch_number: 'CH-1', expiry_date: '2027-01-31' });
  await stockAt(t, s.w, s.w.loose.id, s.a.id, 2, { batch_number: 'CH-1', expiry_date: '2027-06-30' });
  await stockAt(t, s.w, s.w.product.id, s.a.id, 4);
  await stockAt(t, s.w, s.w.loose.id, s.b.id, 2);
  const st = (await s.create({ location_ids: [s.a.id, s.b.id] })).json();
  return st as { id: number; number: string };
}

describe('POST /api/stocktakes/{id}/book', () => {
  it('is refused (409, naming the places) while places are not done; nothing is booked', async () => {
    const s = await buildStocktakeWorld(t);
    const st = await counted(s);
    await s.done(st.id, s.a.barcode);
    const res = await s.book(st.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STOCKTAKE_PLACES_OPEN',
      detail: `Inventur ${st.number} kann noch nicht gebucht werden: 1 Plätze nicht fertig gezählt (${s.b.barcode})`,
    });
    expect(await t.db.selectFrom('stock_movements').select('id').where('stocktake_id', '=', st.id).execute()).toEqual([]);
  });

  it('books each difference as an adjustment (count_difference, stocktake number, user); stock = counted, ledger = stock; places thaw', async () => {
    const s = await buildStocktakeWorld(t);
    const st = await counted(s);
    await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 1, batch_number: 'CH-1' }); // 5 → 1
    await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.product.ean, quantity: 6 }); // 4 → 6
    await s.count(st.id, { location_barcode: s.b.barcode, ean: s.w.loose.ean, quantity: 2 }); // unchanged
    await s.count(st.id, { location_barcode: s.b.barcode, ean: s.w.product.ean, quantity: 3 }); // found: 0 → 3
    await s.done(st.id, s.a.barcode);
    await s.done(st.id, s.b.barcode);
    const res = await s.book(st.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: st.id, number: st.number, status: 'booked', movements: 4, differences: 3 });

    // Removals take the earliest expiry first: 3 of 2027-01 and 1 of 2027-06.
    expect((await stockRows(s.a.id)).map((r) => [r.product_id, String(r.expiry_date).slice(0, 10), r.quantity])).toEqual(
      [
        [s.w.product.id, 'null', 6],
        [s.w.loose.id, '2027-01-31', 0],
        [s.w.loose.id, '2027-06-30', 1],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    expect((await stockRows(s.b.id)).map((r) => [r.product_id, r.quantity]).sort()).toEqual(
      [
        [s.w.product.id, 3],
        [s.w.loose.id, 2],
      ].sort(),
    );
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['movement_type', 'adjustment_reason', 'quantity', 'notes', 'user_id', 'location_id'])
      .where('stocktake_id', '=', st.id)
      .execute();
    expect(moves).toHaveLength(4);
    expect(moves.map((m) => m.quantity).sort((x, y) => x - y)).toEqual([-3, -1, 2, 3]);
    for (const m of moves) {
      expect(m).toMatchObject({
        movement_type: 'adjustment',
        adjustment_reason: 'count_difference',
        notes: `Inventurdifferenz ${st.number}`,
        user_id: s.manager.id,
      });
    }
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect((await t.db.selectFrom('stocktake_places').select('open').where('stocktake_id', '=', st.id).execute()).every((p) => !p.open)).toBe(true);
    const out = await api(t).post('/api/outbound', s.h.worker, { ean: s.w.product.ean, quantity: 1, location_barcode: s.a.barcode });
    expect(out.statusCode, out.body).toBe(200);
    expect((await logsOf(st.id)).map((l) => [l.log_type, l.event_type, l.description, l.user_id])).toEqual([
      ['picking', 'stocktake_created', `Inventur ${st.number} (Inventur Regal) angelegt: 2 Plätze`, s.manager.id],
      ['picking', 'stocktake_booked', `Inventur ${st.number} gebucht: 3 Differenzen, 4 Buchungen`, s.manager.id],
    ]);
  });

  it('is idempotent: the same Idempotency-Key answers the first result; a second book without it is 409; nothing is booked twice', async () => {
    const s = await buildStocktakeWorld(t);
    const st = await counted(s);
    await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.product.ean, quantity: 1 });
    await s.done(st.id, s.a.barcode);
    await s.done(st.id, s.b.barcode);
    const headers = { ...s.h.manager, 'idempotency-key': `book-${st.id}` };
    const first = await s.book(st.id, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await s.book(st.id, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const plain = await s.book(st.id);
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({ code: 'STOCKTAKE_NOT_COUNTING', detail: `Inventur ${st.number} ist gebucht – keine Änderung mehr möglich` });
    expect(await t.db.selectFrom('stock_movements').select('id').where('stocktake_id', '=', st.id).execute()).toHaveLength(first.json().movements);
    expect((await s.cancel(st.id)).statusCode).toBe(409);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('a count below the reservation is booked: the newest reservation shrinks, the order line is short, reserved ≤ stock holds', async () => {
    const s = await buildStocktakeWorld(t);
    await stockAt(t, s.w, s.w.loose.id, s.a.id, 5);
    const older = await orderOf(t, s.w, [{ product_id: s.w.loose.id, quantity: 2 }]);
    const newer = await orderOf(t, s.w, [{ product_id: s.w.loose.id, quantity: 2 }]);
    const st = (await s.create({ location_ids: [s.a.id] })).json();
    await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 3 });
    await s.done(st.id, s.a.barcode);
    expect((await s.book(st.id)).statusCode).toBe(200);
    expect(await stockRows(s.a.id)).toMatchObject([{ quantity: 3, reserved_quantity: 3 }]);
    expect((await reservationsOf(t.db, older.id)).map((r) => r.quantity)).toEqual([2]);
    expect((await reservationsOf(t.db, newer.id)).map((r) => r.quantity)).toEqual([1]);
    // The newer order shows the missing unit: on its pick list and as its line's reserved quantity.
    const list = (await api(t).get(`/api/outbound-orders/${newer.id}/picking-list`, s.h.worker)).json();
    expect(list.items[0]).toMatchObject({ quantity_ordered: 2, shortage: 1 });
    const order = (await api(t).get(`/api/outbound-orders/${newer.id}`, s.h.worker)).json();
    expect(order.items[0]).toMatchObject({ quantity: 2, reserved_quantity: 1 });
    await expectReservationInvariant(t.db);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('cancel unfreezes without booking', async () => {
    const s = await buildStocktakeWorld(t);
    const st = await counted(s);
    await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.product.ean, quantity: 0 });
    const res = await s.cancel(st.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: st.id, number: st.number, status: 'cancelled' });
    expect(await t.db.selectFrom('stock_movements').select('id').where('stocktake_id', '=', st.id).execute()).toEqual([]);
    const out = await api(t).post('/api/outbound', s.h.worker, { ean: s.w.product.ean, quantity: 1, location_barcode: s.a.barcode });
    expect(out.statusCode, out.body).toBe(200);
    expect((await s.book(st.id)).json().code).toBe('STOCKTAKE_NOT_COUNTING');
    expect((await logsOf(st.id)).map((l) => l.event_type)).toEqual(['stocktake_created', 'stocktake_cancelled']);
  });
});

describe('GET /api/stocktakes/{id}/report.csv', () => {
  it('lists every line with place, EAN, product, customer, batch, expected, counted, difference, user and time (semicolons, BOM, German headers)', async () => {
    const s = await buildStocktakeWorld(t);
    const st = await counted(s);
    await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 4, batch_number: 'CH-1' });
    await s.done(st.id, s.a.barcode);
    const res = await api(t).get(`/api/stocktakes/${st.id}/report.csv`, s.h.manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`inventurprotokoll-${st.number}.csv`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((r) => r.split(';'));
    expect(rows[0]).toEqual(['Inventur', 'Lagerplatz', 'EAN', 'Artikel', 'Kunde', 'Charge', 'Soll', 'Gezählt', 'Differenz', 'Benutzer', 'Zeit']);
    expect(rows).toHaveLength(4);
    const loose = rows.find((r) => r[1] === s.a.barcode && r[2] === s.w.loose.ean);
    expect(loose?.slice(0, 9)).toEqual([st.number, s.a.barcode, s.w.loose.ean, s.w.loose.title, s.w.customer.company_name, 'CH-1', '5', '4', '-1']);
    expect(loose?.[9]).toMatch(/^Test warehouse_worker/);
    const countedAt = await t.db.selectFrom('stocktake_lines').select('counted_at').where('counted', '=', 4).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const berlin = new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Berlin',
    });
    expect(loose?.[10]).toBe(berlin.format(new Date(countedAt.counted_at as Date)));
    expect(rows.find((r) => r[1] === s.a.barcode && r[2] === s.w.product.ean)?.slice(6, 10)).toEqual(['4', '0', '-4', '']);
    expect(rows.find((r) => r[1] === s.b.barcode)?.slice(6, 9)).toEqual(['2', '', '']);
    expect((await api(t).get(`/api/stocktakes/${st.id}/report.csv`, s.h.customer)).statusCode).toBe(403);
  });
});
