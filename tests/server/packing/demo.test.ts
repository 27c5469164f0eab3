import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKING_DEMO_PALLET } from '../../../server/db/seed-packing';
import { seedDemo } from '../../../server/db/seed';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth } from '../../helpers/factories';
import { packingUrls as u } from './world';

/** The packing demo of `npm start` (server/db/seed-packing.ts) goes through the packing calls. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { withAdmin: true });
});
afterAll(async () => t.close());

describe('packing demo data', () => {
  it('PAL-101 lists two picked orders; packing works; DHL asks for the settings; a manual carrier ships and frees the pallet', async () => {
    const worker = await t.db.selectFrom('users').select(['id', 'role']).where('email', '=', 'lager@lagerwerk.de').executeTakeFirstOrThrow();
    const h = auth(t.app, worker);
    const scan = await t.app.inject({ method: 'GET', url: u.pallet(PACKING_DEMO_PALLET), headers: h });
    expect(scan.statusCode, scan.body).toBe(200);
    const body = scan.json();
    expect(body).toMatchObject({ total: 2, pallet_status: 'packing' });
    expect(body.orders.every((o: { all_items_picked: boolean }) => o.all_items_picked)).toBe(true);
    const [first, second] = body.orders as Array<{ id: number }>;
    for (const o of [first, second]) {
      const packed = await t.app.inject({ method: 'POST', url: u.packed(o?.id ?? 0), headers: h, payload: { num_packages: 1, total_weight_grams: 2000 } });
      expect(packed.statusCode, packed.body).toBe(200);
    }
    const dhl = await t.app.inject({
      method: 'POST',
      url: u.ship(first?.id ?? 0, { carrier: 'DHL', num_labels: 1, total_weight: 2000, create_dhl_labels: true }),
      headers: h,
    });
    expect(dhl.statusCode).toBe(409);
    expect(dhl.json().detail).toContain('Einstellungen → Versand');
    for (const o of [first, second]) {
      const shipped = await t.app.inject({
        method: 'POST',
        url: u.ship(o?.id ?? 0, { carrier: 'DPD', num_labels: 1, tracking_number: `DPD-${o?.id}` }),
        headers: h,
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
    }
    const pallet = await t.db.selectFrom('pallets').select('status').where('barcode', '=', PACKING_DEMO_PALLET).executeTakeFirstOrThrow();
    expect(pallet.status).toBe('available');
  });
});
