import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { buildPackingWorld, type PackingWorld, packingUrls as u } from './world';

/**
 * POST /outbound-orders/:id/ship with manual carriers (tracking numbers typed
 * in): validation of spec §5, 409s, pallet release, logs, races. DHL labels:
 * dhl-ship.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, h: Record<string, string>, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: h, payload: payload as object });
const orderRow = (id: number) =>
  t.db
    .selectFrom('outbound_orders')
    .select(['status', 'shipped_at', 'carrier', 'carrier_type', 'tracking_number', 'num_packages', 'total_weight_grams', 'ship_claimed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const palletRow = (barcode: string) => t.db.selectFrom('pallets').selectAll().where('barcode', '=', barcode).executeTakeFirstOrThrow();

async function packedWorld(): Promise<PackingWorld> {
  const w = await buildPackingWorld(t);
  await t.app.inject({ method: 'GET', url: u.pallet(w.barcode), headers: w.h });
  for (const id of [w.order.id, w.otherOrder.id]) {
    const res = await post(u.packed(id), w.h, { num_packages: 1, total_weight_grams: 1500 });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return w;
}

describe('ship with a manual carrier', () => {
  it('packed → shipped with tracking numbers per package; the pallet is released when its last order is shipped', async () => {
    const w = await packedWorld();
    const first = await post(
      u.ship(w.order.id, { carrier: 'DPD', carrier_type: 'parcel', num_labels: 2, tracking_number: '01234567890123, 01234567890124', total_weight: 3000 }),
      w.h,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: `Auftrag ${w.order.order_number} versendet`,
      tracking_number: '01234567890123, 01234567890124',
      tracking_numbers: ['01234567890123', '01234567890124'],
      status: 'shipped',
      carrier: 'DPD',
      num_packages: 2,
      total_weight_grams: 3000,
      remaining_on_pallet: 1,
      pallet_released: false,
    });
    expect(first.json().dhl_result).toBeUndefined();
    expect(await orderRow(w.order.id)).toMatchObject({ status: 'shipped', carrier: 'DPD', carrier_type: 'parcel', num_packages: 2, total_weight_grams: 3000 });
    expect(await palletRow(w.barcode)).toMatchObject({ status: 'packing', current_order_count: 1 });

    // Weight optional for other carriers: the packed weight stays.
    const last = await post(u.ship(w.otherOrder.id, { carrier: 'GLS', carrier_type: 'parcel', num_labels: 1, tracking_number: 'GLS-778899' }), w.h);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ remaining_on_pallet: 0, pallet_released: true, total_weight_grams: 1500 });
    expect(await palletRow(w.barcode)).toMatchObject({
      status: 'available',
      current_wave_id: null,
      current_order_count: 0,
      packer_user_id: null,
      picker_user_id: null,
    });
    // The pallet is free for the next wave.
    const rescan = await t.app.inject({ method: 'GET', url: u.pallet(w.barcode), headers: w.h });
    expect(rescan.json()).toMatchObject({ total: 0, pallet_status: 'available' });

    const logs = await t.db.selectFrom('status_logs').selectAll().where('order_id', '=', w.order.id).where('event_type', '=', 'order_shipped').execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      old_status: 'packed',
      new_status: 'shipped',
      carrier: 'DPD',
      tracking_number: '01234567890123, 01234567890124',
      wave_id: w.waveId,
      log_type: 'packing',
    });
    expect(await t.db.selectFrom('status_logs').select('id').where('order_id', '=', w.order.id).where('event_type', '=', 'label_generated').execute()).toEqual(
      [],
    );
  });

  it('a DISP- pallet stays used after its last order is shipped', async () => {
    const w = await buildPackingWorld(t, { disposable: true });
    for (const id of [w.order.id, w.otherOrder.id]) {
      expect((await post(u.packed(id), w.h, { num_packages: 1 })).statusCode).toBe(200);
      expect((await post(u.ship(id, { carrier: 'UPS', num_labels: 1, tracking_number: `1Z${id}` }), w.h)).statusCode).toBe(200);
    }
    const d = await t.db.selectFrom('disposable_pallets').select('status').where('barcode', '=', w.barcode).executeTakeFirstOrThrow();
    expect(d.status).toBe('used');
  });

  it('refuses invalid input with the German texts of spec §5 (400), nothing shipped', async () => {
    const w = await packedWorld();
    const cases: Array<[Record<string, string | number | boolean>, string]> = [
      [{ carrier: 'DPD', num_labels: 1 }, 'Bitte Tracking-Nummer eingeben'],
      [{ carrier: 'DPD', num_labels: 2, tracking_number: 'A1' }, 'Bitte für jedes Paket eine Tracking-Nummer eingeben (2 Pakete)'],
      [{ carrier: 'DPD', num_labels: 0, tracking_number: 'A1' }, 'Bitte Anzahl der Pakete/Paletten eingeben'],
      [{ carrier: 'DPD', num_labels: 'zwei', tracking_number: 'A1' }, 'Bitte Anzahl der Pakete/Paletten eingeben'],
      [{ carrier: '', tracking_number: 'A1' }, 'Bitte Versanddienstleister auswählen'],
      [{ carrier: 'Schneckenpost', tracking_number: 'A1' }, 'Unbekannter Versanddienstleister: Schneckenpost'],
      [{ carrier: 'DHL', create_dhl_labels: true, num_labels: 1 }, 'Bitte Gesamtgewicht eingeben'],
      [{ carrier: 'DHL', create_dhl_labels: true, num_labels: 1, total_weight: 50 }, 'Gewicht pro Paket mindestens 0,1 kg'],
      [{ carrier: 'DHL', create_dhl_labels: true, num_labels: 2, total_weight: 2000 }, 'Bitte Gewicht für alle Pakete eingeben'],
      [{ carrier: 'DHL', create_dhl_labels: true, num_labels: 2, label_weights: '[1000,0]' }, 'Bitte Gewicht für alle Pakete eingeben'],
      [{ carrier: 'DHL', create_dhl_labels: true, num_labels: 2, label_weights: '[1000,60]' }, 'Gewicht pro Paket mindestens 0,1 kg'],
      [{ carrier: 'DHL', create_dhl_labels: true, num_labels: 2, label_weights: 'kaputt' }, 'Paketgewichte müssen eine JSON-Liste von Grammzahlen sein'],
      [{ carrier: 'DPD', create_dhl_labels: true, num_labels: 1, total_weight: 1000 }, 'Automatische Labels gibt es nur für DHL'],
      [{ carrier: 'DHL', carrier_type: 'luftpost', tracking_number: 'A1' }, 'Versandart muss'],
    ];
    for (const [q, text] of cases) {
      const res = await post(u.ship(w.order.id, q), w.h);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().detail, JSON.stringify(q)).toContain(text);
    }
    expect((await orderRow(w.order.id)).status).toBe('packed');
  });

  it('409: not packed, shipped twice; freight abroad needs a quotation', async () => {
    const w = await buildPackingWorld(t);
    const notPacked = await post(u.ship(w.order.id, { carrier: 'DPD', tracking_number: 'X1' }), w.h);
    expect(notPacked.statusCode).toBe(409);
    expect(notPacked.json()).toMatchObject({ code: 'SHIP_NOT_PACKED' });
    expect(notPacked.json().detail).toContain('In Kommissionierung');
    await post(u.packed(w.order.id), w.h, { num_packages: 1 });
    await t.db.updateTable('outbound_orders').set({ delivery_country: 'AT' }).where('id', '=', w.order.id).execute();
    const freight = await post(u.ship(w.order.id, { carrier: 'Raben', carrier_type: 'freight', tracking_number: 'R1' }), w.h);
    expect(freight.statusCode).toBe(409);
    expect(freight.json()).toMatchObject({ code: 'FREIGHT_QUOTE_REQUIRED', detail: expect.stringContaining('Ausland') });
    expect((await post(u.ship(w.order.id, { carrier: 'DPD', tracking_number: 'X1' }), w.h)).statusCode).toBe(200);
    const twice = await post(u.ship(w.order.id, { carrier: 'DPD', tracking_number: 'X2' }), w.h);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('SHIP_NOT_PACKED');
    expect((await orderRow(w.order.id)).tracking_number).toBe('X1');
  });

  it('two ship calls at once: exactly one ships, the other gets 409; one order_shipped log', async () => {
    const w = await packedWorld();
    const results = await Promise.all([
      post(u.ship(w.order.id, { carrier: 'DPD', tracking_number: 'RACE-A' }), w.h),
      post(u.ship(w.order.id, { carrier: 'DPD', tracking_number: 'RACE-B' }), w.h),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json().tracking_number;
    expect((await orderRow(w.order.id)).tracking_number).toBe(winner);
    const logs = await t.db.selectFrom('status_logs').select('id').where('order_id', '=', w.order.id).where('event_type', '=', 'order_shipped').execute();
    expect(logs).toHaveLength(1);
  });

  it('scope and role: other customer 404, customers 403', async () => {
    const w = await packedWorld();
    expect((await post(u.ship(w.otherOrder.id, { carrier: 'DPD', tracking_number: 'S1' }), auth(t.app, w.restricted))).statusCode).toBe(404);
    const customer = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    expect((await post(u.ship(w.order.id, { carrier: 'DPD', tracking_number: 'S1' }), auth(t.app, customer))).statusCode).toBe(403);
    expect((await orderRow(w.otherOrder.id)).status).toBe('packed');
  });
});
