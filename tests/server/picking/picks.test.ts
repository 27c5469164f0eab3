import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ledgerMismatches } from '../../helpers/ledger';
import { api, expectReservationInvariant, stockTotals } from '../outbound-orders/world';
import { buildPickWorld, orderOf, pickingWave, rackAt, reservationsOf, stockAt } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const pickUrl = (waveId: number) => `/api/picking-waves/${waveId}/pick`;

/** One order (loose × 5 at place A, VE × 4 at place B) in a wave in picking. */
async function pickSetup() {
  const w = await buildPickWorld(t);
  const r = await rackAt(t.db, 20, 20, 3);
  await stockAt(t, w, w.loose.id, r[0].id, 8);
  await stockAt(t, w, w.product.id, r[1].id, 6);
  const o = await orderOf(t, w, [
    { product_id: w.loose.id, quantity: 5 },
    { product_id: w.product.id, quantity: 4 },
  ]);
  const wave = await pickingWave(t.db, [o.id]);
  const body = (over: Record<string, unknown> = {}) => ({
    order_id: o.id,
    product_ean: w.loose.ean,
    location_barcode: r[0].barcode as string,
    quantity: 2,
    ...over,
  });
  return { w, r, o, wave, body };
}

describe('POST /api/picking-waves/:id/pick', () => {
  it('books the pick: stock and reservation fall together, picked_quantity rises, order_pick movement, progress over the wave', async () => {
    const { w, r, o, wave, body } = await pickSetup();
    const before = await t.db.selectFrom('picking_waves').select('change_version').where('id', '=', wave.id).executeTakeFirstOrThrow();
    const res = await api(t).post(pickUrl(wave.id), w.h.worker, body());
    expect(res.statusCode, res.body).toBe(200);
    const line = o.items.find((i) => i.product_id === w.loose.id);
    expect(res.json()).toEqual({
      order_id: o.id,
      order_item_id: line?.id,
      picked_quantity: 2,
      quantity_ordered: 5,
      remaining: 3,
      wave_progress: { picked: 2, total: 9 },
    });
    expect(await stockTotals(t.db, w.customer.id, w.loose.id)).toEqual({ quantity: 6, reserved: 3, available: 3 });
    expect((await reservationsOf(t.db, o.id)).find((x) => x.location_id === r[0].id)?.quantity).toBe(3);
    const mv = await t.db.selectFrom('stock_movements').selectAll().where('order_id', '=', o.id).where('movement_type', '=', 'order_pick').execute();
    expect(mv).toMatchObject([{ quantity: -2, user_id: w.worker.id, location_id: r[0].id, product_id: w.loose.id }]);
    const after = await t.db.selectFrom('picking_waves').select('change_version').where('id', '=', wave.id).executeTakeFirstOrThrow();
    expect(Number(after.change_version)).toBeGreaterThan(Number(before.change_version));
    expect(await ledgerMismatches(t.db)).toEqual([]);
    await expectReservationInvariant(t.db);
  });

  it('a lower-case place scan matches; a fully picked line stays on the pick list with no places', async () => {
    const { w, r, o, wave, body } = await pickSetup();
    const res = await api(t).post(pickUrl(wave.id), w.h.worker, body({ quantity: 5, location_barcode: (r[0].barcode as string).toLowerCase() }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ picked_quantity: 5, remaining: 0 });
    const list = (await api(t).get(`/api/outbound-orders/${o.id}/picking-list`, w.h.worker)).json();
    const item = list.items.find((i: { product_id: number }) => i.product_id === w.loose.id);
    expect(item).toMatchObject({ picked_quantity: 5, quantity_ordered: 5, shortage: 0, locations: [] });
  });

  it('takes from several batch rows at one place, FEFO, and honours a scanned batch', async () => {
    const w = await buildPickWorld(t);
    const r = await rackAt(t.db, 5, 5, 1);
    await stockAt(t, w, w.loose.id, r[0].id, 2, { batch_number: 'CH-1', expiry_date: '2027-01-01' });
    await stockAt(t, w, w.loose.id, r[0].id, 5, { batch_number: 'CH-2', expiry_date: '2027-05-01' });
    const o = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 6 }]);
    const wave = await pickingWave(t.db, [o.id]);
    const base = { order_id: o.id, product_ean: w.loose.ean, location_barcode: r[0].barcode as string };
    const wrong = await api(t).post(pickUrl(wave.id), w.h.worker, { ...base, quantity: 1, batch_number: 'CH-9' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'PICK_WRONG_BATCH', detail: 'Falsche Charge! Erwartet: CH-1, CH-2' });
    expect((await api(t).post(pickUrl(wave.id), w.h.worker, { ...base, quantity: 3 })).statusCode).toBe(200);
    const left = await t.db
      .selectFrom('stock')
      .select(['batch_number', 'quantity', 'reserved_quantity'])
      .where('location_id', '=', r[0].id)
      .orderBy('batch_number')
      .execute();
    expect(left).toEqual([
      { batch_number: 'CH-1', quantity: 0, reserved_quantity: 0 },
      { batch_number: 'CH-2', quantity: 4, reserved_quantity: 3 },
    ]);
    expect((await api(t).post(pickUrl(wave.id), w.h.worker, { ...base, quantity: 3, batch_number: 'ch-2' })).json()).toMatchObject({ remaining: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
    await expectReservationInvariant(t.db);
  });

  it('refuses with stable codes and German details, booking nothing', async () => {
    const { w, r, o, wave, body } = await pickSetup();
    const refuse = async (payload: object, code: string, detail: string | RegExp, waveId = wave.id) => {
      const res = await api(t).post(pickUrl(waveId), w.h.worker, payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe(code);
      if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
      else expect(res.json().detail).toMatch(detail);
    };
    await refuse(body({ location_barcode: r[1].barcode }), 'PICK_WRONG_LOCATION', `Falscher Lagerort! Erwartet: ${r[0].barcode}`);
    const stranger = await buildPickWorld(t);
    await refuse(body({ product_ean: stranger.loose.ean }), 'PICK_PRODUCT_NOT_IN_ORDER', `Produkt ${stranger.loose.ean} gehört nicht zu diesem Auftrag`);
    await refuse(body({ quantity: 6 }), 'PICK_TOO_MANY', /nur noch 5 offen \(6 gescannt\)/);
    const other = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 1 }]);
    await refuse(body({ order_id: other.id }), 'PICK_ORDER_NOT_IN_WAVE', `Auftrag gehört nicht zu Welle ${wave.wave_number}`);
    const ready = await pickingWave(t.db, [other.id], 'ready');
    await refuse({ ...body(), order_id: other.id }, 'WAVE_STATUS_CONFLICT', /im Status „Gestartet“ – Kommissionieren ist nicht möglich/, ready.id);
    expect(await stockTotals(t.db, w.customer.id, w.loose.id)).toEqual({ quantity: 8, reserved: 6, available: 2 });
    expect(
      (await t.db.selectFrom('outbound_order_items').select('picked_quantity').where('order_id', '=', o.id).execute()).every((i) => i.picked_quantity === 0),
    ).toBe(true);
  });

  it('more than the order holds at the place is 409; an invisible wave is 404; bad bodies are 400', async () => {
    const { w, r, wave, body } = await pickSetup();
    // A second order of 4 is split: the 3 left free at the first place, 1 at a new one.
    const split = await rackAt(t.db, 60, 0, 2);
    await stockAt(t, w, w.loose.id, split[0].id, 3);
    const o2 = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 4 }]);
    const w2 = await pickingWave(t.db, [o2.id]);
    const held = await reservationsOf(t.db, o2.id);
    const [first] = held;
    const place = first.location_id === r[0].id ? (r[0].barcode as string) : (split[0].barcode as string);
    const res = await api(t).post(pickUrl(w2.id), w.h.worker, { order_id: o2.id, product_ean: w.loose.ean, location_barcode: place, quantity: 4 });
    expect(held.length).toBe(2);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PICK_LOCATION_INSUFFICIENT' });
    expect(res.json().detail).toBe(`Am Lagerort ${place} sind für diesen Auftrag nur ${first.quantity} reserviert (4 gemeldet)`);
    expect((await api(t).post(pickUrl(wave.id), w.h.worker, body({ location_barcode: r[2].barcode }))).json().code).toBe('PICK_WRONG_LOCATION');
    const hidden = await api(t).post(pickUrl(wave.id), w.h.outsider, body());
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'WAVE_NOT_FOUND', detail: 'Wave nicht gefunden' });
    expect((await api(t).post(pickUrl(99_999_999), w.h.worker, body())).statusCode).toBe(404);
    for (const bad of [{}, body({ quantity: 0 }), body({ location_barcode: '' }), body({ order_id: 'x' })]) {
      const b = await api(t).post(pickUrl(wave.id), w.h.worker, bad);
      expect(b.statusCode, JSON.stringify(bad)).toBe(400);
      expect(b.json().detail).toMatch(/[A-ZÄÖÜ]/);
    }
  });

  it('the Idempotency-Key makes a retried pick book once', async () => {
    const { w, wave, body } = await pickSetup();
    const headers = { ...w.h.worker, 'idempotency-key': 'pick-retry-1' };
    const a = await api(t).post(pickUrl(wave.id), headers, body());
    const b = await api(t).post(pickUrl(wave.id), headers, body());
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(await stockTotals(t.db, w.customer.id, w.loose.id)).toMatchObject({ quantity: 6 });
    const stored = await t.db.selectFrom('idempotency_keys').select('route').where('key', '=', 'pick-retry-1').executeTakeFirstOrThrow();
    expect(stored.route).toBe(`POST /picking-waves/${wave.id}/pick`);
  });
});
