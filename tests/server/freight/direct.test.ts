import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildPackingWorld, packingUrls as pu } from '../packing/world';
import { buildFreightWorld } from './world';

/**
 * German freight through the packing station's ship call (carrier_type=freight,
 * carrier Zufall): tracking per pallet (at least one), num_pallets and
 * pallet_details stored on the order and as freight pallets; abroad refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, h: Record<string, string>) => t.app.inject({ method: 'POST', url, headers: h });
const details = JSON.stringify([
  { length_cm: 120, width_cm: 80, height_cm: 100, weight_kg: 200 },
  { length_cm: 80, width_cm: 60, height_cm: 90, weight_kg: 150 },
]);

describe('German freight via ship', () => {
  it('packed → shipped with Zufall, one tracking number per pallet, pallets stored', async () => {
    const w = await buildFreightWorld(t);
    const res = await post(
      pu.ship(w.order.id, { carrier: 'Zufall', carrier_type: 'freight', num_pallets: 2, pallet_details: details, tracking_number: 'Z-1,Z-2' }),
      w.h,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'shipped', carrier: 'Zufall', carrier_type: 'freight', tracking_numbers: ['Z-1', 'Z-2'], num_packages: 2 });
    const row = await t.db.selectFrom('outbound_orders').selectAll().where('id', '=', w.order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'shipped', num_pallets: 2, carrier_type: 'freight', tracking_number: 'Z-1, Z-2' });
    expect(row.pallet_dimensions).toEqual([
      { length: 120, width: 80, height: 100, weight: 200 },
      { length: 80, width: 60, height: 90, weight: 150 },
    ]);
    const pallets = await t.db.selectFrom('freight_pallets').select(['position', 'weight_kg']).where('order_id', '=', w.order.id).orderBy('position').execute();
    expect(pallets.map((p) => [p.position, Number(p.weight_kg)])).toEqual([
      [1, 200],
      [2, 150],
    ]);
    const log = await t.db
      .selectFrom('status_logs')
      .selectAll()
      .where('order_id', '=', w.order.id)
      .where('event_type', '=', 'order_shipped')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ carrier: 'Zufall', tracking_number: 'Z-1, Z-2' });
  });

  it('one tracking number is enough; the pallet count falls back to 1; no dimensions needed', async () => {
    const w = await buildFreightWorld(t);
    const res = await post(pu.ship(w.order.id, { carrier: 'Zufall', carrier_type: 'freight', num_pallets: '', tracking_number: 'Z-9' }), w.h);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.selectFrom('outbound_orders').select(['num_pallets', 'pallet_dimensions']).where('id', '=', w.order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ num_pallets: 1, pallet_dimensions: null });
  });

  it('400 with the texts of §5; 409 abroad, not packed and twice', async () => {
    const w = await buildPackingWorld(t);
    const notPacked = await post(pu.ship(w.order.id, { carrier: 'Zufall', carrier_type: 'freight', tracking_number: 'Z-1' }), w.h);
    expect(notPacked.statusCode).toBe(409);
    expect(notPacked.json().code).toBe('SHIP_NOT_PACKED');

    const p = await buildFreightWorld(t);
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ carrier: 'Zufall', carrier_type: 'freight', num_pallets: 2 }, 'Bitte mindestens eine Tracking-Nummer eingeben'],
      [{ carrier: 'Zufall', carrier_type: 'freight', num_pallets: 1, tracking_number: 'A,B' }, 'Höchstens eine Tracking-Nummer pro Palette (1 Paletten)'],
      [
        {
          carrier: 'Zufall',
          carrier_type: 'freight',
          num_pallets: 1,
          tracking_number: 'A',
          pallet_details: '[{"length_cm":120,"width_cm":80,"height_cm":0,"weight_kg":1}]',
        },
        'Bitte alle Maße und Gewichte für alle Paletten eingeben',
      ],
      [{ carrier: 'Zufall', carrier_type: 'freight', num_pallets: 0, tracking_number: 'A' }, 'Anzahl Paletten muss eine ganze Zahl ab 1 sein'],
      [{ carrier: 'Schenker', carrier_type: 'freight', tracking_number: 'A' }, 'Unbekannter Versanddienstleister: Schenker'],
    ];
    for (const [q, text] of cases) {
      const res = await post(pu.ship(p.order.id, q), p.h);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().detail).toContain(text);
    }
    await t.db.updateTable('outbound_orders').set({ delivery_country: 'CH' }).where('id', '=', p.otherOrder.id).execute();
    const abroad = await post(pu.ship(p.otherOrder.id, { carrier: 'Raben', carrier_type: 'freight', tracking_number: 'R-1' }), p.h);
    expect(abroad.statusCode).toBe(409);
    expect(abroad.json()).toMatchObject({ code: 'FREIGHT_QUOTE_REQUIRED', detail: expect.stringContaining('Speditionsangebot anfordern') });

    expect((await post(pu.ship(p.order.id, { carrier: 'Zufall', carrier_type: 'freight', tracking_number: 'Z-1' }), p.h)).statusCode).toBe(200);
    const twice = await post(pu.ship(p.order.id, { carrier: 'Zufall', carrier_type: 'freight', tracking_number: 'Z-2' }), p.h);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('SHIP_NOT_PACKED');
  });
});
