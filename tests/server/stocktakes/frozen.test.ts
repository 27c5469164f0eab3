import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/i18n/errors/index';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { inbound, mutation, newClientId, outbound, push } from '../../sync/server/sync-helpers';
import { announce, announcement, confirm, receive } from '../inbound-notifications/fixtures';
import { api } from '../outbound-orders/world';
import { orderOf, pickingWave, stockAt } from '../picking/world';
import { buildStocktakeWorld, type StocktakeWorld } from './world';

/**
 * Frozen places (docs/operations.md "Stocktake"): while a stocktake counts a
 * place, every booking path on it — REST and offline push — answers 409
 * LOCATION_IN_STOCKTAKE naming the place; after booking or cancelling it books again.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const frozenText = (barcode: string, number: string) =>
  `Lagerplatz ${barcode} wird gerade gezählt (Inventur ${number}) – Buchungen dort erst nach Abschluss der Inventur`;

/** Place a holds 5 loose units, 3 of them reserved by an order in a picking wave; a stocktake freezes a. */
async function frozen(s: StocktakeWorld) {
  await stockAt(t, s.w, s.w.loose.id, s.a.id, 5);
  await stockAt(t, s.w, s.w.loose.id, s.b.id, 5);
  const order = await orderOf(t, s.w, [{ product_id: s.w.loose.id, quantity: 3 }]);
  const wave = await pickingWave(t.db, [order.id]);
  const st = (await s.create({ location_ids: [s.a.id] })).json() as { id: number; number: string };
  const expectFrozen = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'LOCATION_IN_STOCKTAKE',
      detail: frozenText(s.a.barcode, st.number),
      params: { barcode: s.a.barcode, number: st.number },
    });
  };
  return { st, order, wave, expectFrozen };
}

const stockAtA = async (s: StocktakeWorld) =>
  (await t.db.selectFrom('stock').select(['quantity', 'reserved_quantity']).where('location_id', '=', s.a.id).execute()).reduce((n, r) => n + r.quantity, 0);

describe('a place in an open stocktake is frozen', () => {
  it('REST: Einlagern, Auslagern, relocation (either end), goods receipt, pick and shortage answer 409 LOCATION_IN_STOCKTAKE; nothing moves', async () => {
    const s = await buildStocktakeWorld(t);
    const { order, wave, expectFrozen } = await frozen(s);
    const { w, a, b, h } = s;
    expectFrozen(await api(t).post('/api/inbound', h.worker, { ean: w.loose.ean, quantity: 1, location_barcode: a.barcode, customer_id: w.customer.id }));
    expectFrozen(await api(t).post('/api/outbound', h.worker, { ean: w.loose.ean, quantity: 1, location_barcode: a.barcode.toLowerCase() }));
    const move = { ean: w.loose.ean, customer_id: w.customer.id, quantity: 1 };
    expectFrozen(await api(t).post('/api/relocations', h.worker, { ...move, from_location_barcode: a.barcode, to_location_barcode: b.barcode }));
    expectFrozen(await api(t).post('/api/relocations', h.worker, { ...move, from_location_barcode: b.barcode, to_location_barcode: a.barcode }));
    const customerUser = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    const manager = await buildUser(t.db, 'warehouse_manager');
    const notice = await announce(t.app, customerUser, announcement([{ ean: w.loose.ean, quantity: 4 }]));
    expect((await confirm(t.app, manager, notice.id)).statusCode).toBe(200);
    expectFrozen(await receive(t.app, manager, notice.id, [{ ean: w.loose.ean, quantity: 4, location_id: a.id }]));
    const pick = await api(t).post(`/api/picking-waves/${wave.id}/pick`, h.worker, {
      order_id: order.id,
      product_ean: w.loose.ean,
      location_barcode: a.barcode,
      quantity: 1,
    });
    expectFrozen(pick);
    const shortage = await api(t).post(`/api/picking-waves/${wave.id}/shortage`, h.worker, {
      order_id: order.id,
      product_ean: w.loose.ean,
      location_barcode: a.barcode,
      missing_quantity: 1,
    });
    expectFrozen(shortage);
    expect(await stockAtA(s)).toBe(5);
    // The other place still books.
    expect((await api(t).post('/api/outbound', h.worker, { ean: w.loose.ean, quantity: 1, location_barcode: b.barcode })).statusCode).toBe(200);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('offline push: stock.inbound (alone and in a run), stock.outbound, stock.relocate, receipt.receiveItem and picking.pick are rejected with the code', async () => {
    const s = await buildStocktakeWorld(t);
    const { st, order, wave } = await frozen(s);
    const { w, a, b } = s;
    const manager = await buildUser(t.db, 'warehouse_manager');
    const customerUser = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    const notice = await announce(t.app, customerUser, announcement([{ ean: w.loose.ean, quantity: 4 }]));
    await confirm(t.app, manager, notice.id);
    const into = (place: string) => ({ ean: w.loose.ean, quantity: 1, location_barcode: place, customer_id: w.customer.id });
    const res = await push(t.app, w.worker, newClientId(), [
      inbound(1, w.worker.id, into(b.barcode)),
      inbound(2, w.worker.id, into(a.barcode)),
      inbound(3, w.worker.id, into(b.barcode)),
      outbound(4, w.worker.id, { ean: w.loose.ean, quantity: 1, location_barcode: a.barcode }),
      mutation(
        5,
        'stock.relocate',
        { ean: w.loose.ean, customer_id: w.customer.id, quantity: 1, from_location_barcode: a.barcode, to_location_barcode: b.barcode },
        w.worker.id,
      ),
      mutation(6, 'receipt.receiveItem', { notification_id: notice.id, item: { ean: w.loose.ean, quantity: 4, location_id: a.id } }, w.worker.id),
      mutation(7, 'picking.pick', { wave_id: wave.id, order_id: order.id, product_ean: w.loose.ean, location_barcode: a.barcode, quantity: 1 }, w.worker.id),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as Array<{ status: string; code?: string; params?: Record<string, unknown> }>;
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied', 'rejected', 'rejected', 'rejected', 'rejected']);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect(r).toMatchObject({ code: 'LOCATION_IN_STOCKTAKE', params: { barcode: a.barcode, number: st.number } });
      expect(errorText(r.code ?? '', r.params)).toBe(frozenText(a.barcode, st.number));
    }
    expect(await stockAtA(s)).toBe(5);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('after booking the place books again', async () => {
    const s = await buildStocktakeWorld(t);
    const { st, expectFrozen } = await frozen(s);
    const body = { ean: s.w.loose.ean, quantity: 2, location_barcode: s.a.barcode, customer_id: s.w.customer.id };
    expectFrozen(await api(t).post('/api/inbound', s.h.worker, body));
    await s.done(st.id, s.a.barcode);
    expect((await s.book(st.id)).statusCode).toBe(200);
    const res = await api(t).post('/api/inbound', s.h.worker, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
