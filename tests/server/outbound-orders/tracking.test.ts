import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DHL_TRACKING_URL } from '../../../shared/domain/tracking';
import { createTestApp, type TestApp } from '../../helpers/app';
import { api, buildOrderWorld, insertOrder } from './world';

/** What a customer reads of a shipped order's packages (docs/integrations.md "Tracking for the customer"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function shipped(w: Awaited<ReturnType<typeof buildOrderWorld>>, carrier: string, carrier_type: 'parcel' | 'freight', tracking: string) {
  const o = await insertOrder(t.db, w.customer.id, 'shipped');
  await t.db.updateTable('outbound_orders').set({ carrier, carrier_type, tracking_number: tracking, num_packages: 2 }).where('id', '=', o.id).execute();
  const res = await api(t).get(`/api/outbound-orders/${o.id}`, w.h.customer);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('packages of a shipped order', () => {
  it('answers one package per tracking number, DHL linked to its tracking page', async () => {
    const w = await buildOrderWorld(t);
    const dhl = await shipped(w, 'DHL', 'parcel', '00340434161094042557, 00340434161094042564');
    expect(dhl.packages).toEqual([
      { carrier: 'DHL', carrier_type: 'parcel', tracking_number: '00340434161094042557', tracking_url: `${DHL_TRACKING_URL}00340434161094042557` },
      { carrier: 'DHL', carrier_type: 'parcel', tracking_number: '00340434161094042564', tracking_url: `${DHL_TRACKING_URL}00340434161094042564` },
    ]);
    const dpd = await shipped(w, 'DPD', 'parcel', '05311234567890');
    expect(dpd.packages).toEqual([{ carrier: 'DPD', carrier_type: 'parcel', tracking_number: '05311234567890', tracking_url: null }]);
    const freight = await shipped(w, 'Zufall', 'freight', 'ZUF-4711');
    expect(freight.packages).toEqual([{ carrier: 'Zufall', carrier_type: 'freight', tracking_number: 'ZUF-4711', tracking_url: null }]);
  });

  it('answers no packages before shipping', async () => {
    const w = await buildOrderWorld(t);
    const o = await insertOrder(t.db, w.customer.id, 'new');
    expect((await api(t).get(`/api/outbound-orders/${o.id}`, w.h.customer)).json().packages).toEqual([]);
  });
});
