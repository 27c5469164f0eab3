import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/i18n/errors/index';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ledgerMismatches } from '../../helpers/ledger';
import { mutation, newClientId, push } from '../../sync/server/sync-helpers';
import { api, expectReservationInvariant, stockTotals } from '../outbound-orders/world';
import { buildPickWorld, orderOf, pickingWave, rackAt, reservationsOf, stockAt } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setup(elsewhere: number) {
  const w = await buildPickWorld(t);
  const a = await rackAt(t.db, 10, 0, 1);
  const b = await rackAt(t.db, 90, 0, 1);
  await stockAt(t, w, w.loose.id, a[0].id, 6);
  const o = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 5 }]);
  if (elsewhere > 0) await stockAt(t, w, w.loose.id, b[0].id, elsewhere);
  const wave = await pickingWave(t.db, [o.id]);
  const shortage = (missing: number) => ({
    order_id: o.id,
    product_ean: w.loose.ean,
    location_barcode: a[0].barcode as string,
    missing_quantity: missing,
    note: 'Fach leer',
  });
  return { w, a, b, o, wave, shortage };
}

describe('POST /api/picking-waves/:id/shortage', () => {
  it('logs the discrepancy, books the units off the place and reserves the customer’s other free stock', async () => {
    const { w, a, b, o, wave, shortage } = await setup(10);
    const res = await api(t).post(`/api/picking-waves/${wave.id}/shortage`, w.h.worker, shortage(2));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Both places lie on one line from the origin: either direction is the shortest route.
    body.next_locations.sort((x: { location_id: number }, y: { location_id: number }) => x.location_id - y.location_id);
    expect(body).toEqual({
      order_id: o.id,
      order_item_id: o.items[0].id,
      written_off: 2,
      reserved_elsewhere: 2,
      shortage: 0,
      next_locations: [
        { location_id: a[0].id, location_barcode: a[0].barcode, full_path: a[0].barcode, batch_number: '', expiry_date: null, quantity: 3 },
        { location_id: b[0].id, location_barcode: b[0].barcode, full_path: b[0].barcode, batch_number: '', expiry_date: null, quantity: 2 },
      ],
    });
    const adj = await t.db.selectFrom('stock_movements').selectAll().where('order_id', '=', o.id).where('movement_type', '=', 'adjustment').execute();
    expect(adj).toMatchObject([{ quantity: -2, location_id: a[0].id, user_id: w.worker.id, notes: 'Fach leer' }]);
    const log = await t.db.selectFrom('status_logs').selectAll().where('wave_id', '=', wave.id).execute();
    expect(log).toMatchObject([{ event_type: 'pick_discrepancy', order_id: o.id, user_id: w.worker.id }]);
    expect(log[0].event_data).toMatchObject({ ean: w.loose.ean, location: a[0].barcode, missing_quantity: 2, note: 'Fach leer' });
    expect(await stockTotals(t.db, w.customer.id, w.loose.id)).toEqual({ quantity: 14, reserved: 5, available: 9 });
    const list = (await api(t).get(`/api/outbound-orders/${o.id}/picking-list`, w.h.worker)).json();
    expect(list.items[0].locations.map((l: { location_id: number }) => l.location_id).sort()).toEqual([a[0].id, b[0].id].sort());
    expect(await ledgerMismatches(t.db)).toEqual([]);
    await expectReservationInvariant(t.db);
  });

  it('without other stock nothing is reserved and the pick list shows the shortage', async () => {
    const { w, o, wave, shortage } = await setup(0);
    const res = await api(t).post(`/api/picking-waves/${wave.id}/shortage`, w.h.worker, shortage(3));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ written_off: 3, reserved_elsewhere: 0, shortage: 3 });
    expect(await reservationsOf(t.db, o.id)).toMatchObject([{ quantity: 2 }]);
    const list = (await api(t).get(`/api/outbound-orders/${o.id}/picking-list`, w.h.worker)).json();
    expect(list.items[0]).toMatchObject({ quantity_ordered: 5, picked_quantity: 0, shortage: 3 });
    await expectReservationInvariant(t.db);
  });

  it('reporting more missing than the order holds there is 409, wrong place 409, bad body 400', async () => {
    const { w, b, wave, shortage } = await setup(10);
    const url = `/api/picking-waves/${wave.id}/shortage`;
    const tooMany = await api(t).post(url, w.h.worker, shortage(6));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('PICK_LOCATION_INSUFFICIENT');
    const wrong = await api(t).post(url, w.h.worker, { ...shortage(1), location_barcode: b[0].barcode });
    expect(wrong.json().code).toBe('PICK_WRONG_LOCATION');
    expect((await api(t).post(url, w.h.worker, { ...shortage(1), missing_quantity: -1 })).statusCode).toBe(400);
  });
});

describe('picking commands through POST /api/sync/push', () => {
  it('a pick replayed with the same mutation id books once; a refusal is rejected with its code', async () => {
    const { w, a, o, wave } = await setup(0);
    const c = newClientId();
    const pick = mutation(
      1,
      'picking.pick',
      { wave_id: wave.id, order_id: o.id, product_ean: w.loose.ean, location_barcode: a[0].barcode, quantity: 2 },
      w.worker.id,
    );
    const first = await push(t.app, w.worker, c, [pick]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results[0]).toMatchObject({ status: 'applied', result: { picked_quantity: 2, remaining: 3 } });
    const again = await push(t.app, w.worker, c, [pick]);
    expect(again.json().results[0]).toMatchObject({ status: 'duplicate', original: 'applied' });
    const mv = await t.db
      .selectFrom('stock_movements')
      .select(['quantity', 'mutation_id', 'client_id'])
      .where('order_id', '=', o.id)
      .where('movement_type', '=', 'order_pick')
      .execute();
    expect(mv).toEqual([{ quantity: -2, mutation_id: 1, client_id: c }]);
    const wrong = mutation(
      2,
      'picking.pick',
      { wave_id: wave.id, order_id: o.id, product_ean: w.loose.ean, location_barcode: 'NIRGENDS-01', quantity: 1 },
      w.worker.id,
    );
    const r = (await push(t.app, w.worker, c, [wrong])).json().results[0];
    expect(r).toMatchObject({ status: 'rejected', code: 'PICK_WRONG_LOCATION' });
    expect(errorText(r.code, r.params)).toBe(`Falscher Lagerort! Erwartet: ${a[0].barcode}`);
    const progress = mutation(
      3,
      'picking.saveProgress',
      { wave_id: wave.id, current_item_index: 1, current_location_index: 0, scan_step: 'location' },
      w.worker.id,
    );
    expect((await push(t.app, w.worker, c, [progress])).json().results[0]).toMatchObject({
      status: 'applied',
      result: { has_progress: true, scan_step: 'location' },
    });
    const short = mutation(
      4,
      'picking.shortage',
      { wave_id: wave.id, order_id: o.id, product_ean: w.loose.ean, location_barcode: a[0].barcode, missing_quantity: 1 },
      w.worker.id,
    );
    expect((await push(t.app, w.worker, c, [short])).json().results[0]).toMatchObject({ status: 'applied', result: { written_off: 1 } });
    const adj = await t.db
      .selectFrom('stock_movements')
      .select(['mutation_id', 'client_id'])
      .where('order_id', '=', o.id)
      .where('movement_type', '=', 'adjustment')
      .execute();
    expect(adj).toEqual([{ mutation_id: 4, client_id: c }]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('the order cancelled in the office while the picker was offline: pick and shortage rejected with the German reason, nothing booked (docs/sync.md case 6)', async () => {
    const { w, a, o, wave } = await setup(4);
    const cancel = await api(t).post(`/api/outbound-orders/${o.id}/cancel`, w.h.worker, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = await stockTotals(t.db, w.customer.id, w.loose.id);
    const c = newClientId();
    const at = { wave_id: wave.id, order_id: o.id, product_ean: w.loose.ean, location_barcode: a[0].barcode };
    const res = await push(t.app, w.worker, c, [
      mutation(1, 'picking.pick', { ...at, quantity: 2 }, w.worker.id),
      mutation(2, 'picking.shortage', { ...at, missing_quantity: 1 }, w.worker.id),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results;
    expect(results).toMatchObject([
      { id: 1, status: 'rejected', code: 'PICK_ORDER_CANCELLED' },
      { id: 2, status: 'rejected', code: 'PICK_ORDER_CANCELLED' },
    ]);
    expect(errorText(results[0].code, results[0].params)).toBe(`Auftrag ${o.order_number} wurde im Büro storniert`);
    expect(await stockTotals(t.db, w.customer.id, w.loose.id)).toEqual(before);
    expect(await t.db.selectFrom('stock_movements').select('id').where('order_id', '=', o.id).execute()).toEqual([]);
    const direct = await api(t).post(`/api/picking-waves/${wave.id}/pick`, w.h.worker, { ...at, wave_id: undefined, quantity: 1 });
    expect(direct.statusCode).toBe(409);
    expect(direct.json()).toMatchObject({ code: 'PICK_ORDER_CANCELLED', detail: `Auftrag ${o.order_number} wurde im Büro storniert` });
  });
});
