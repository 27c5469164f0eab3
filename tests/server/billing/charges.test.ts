import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCharges } from '../../../server/features/billing/charges';
import { takeStorageSnapshot, yesterday } from '../../../server/features/billing/snapshots';
import { SCHEDULED_JOBS } from '../../../server/jobs/schedules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { buildBillingWorld, D } from './world';

let t: TestApp;
let w: Awaited<ReturnType<typeof buildBillingWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildBillingWorld(t);
});
afterAll(async () => t.close());

const DAY_BEFORE = '2026-03-09';
const DAY_AFTER = '2026-03-11';
const none = { storage_place_day: 0, inbound_unit: 0, pick_line: 0, pick_unit: 0, order_shipped: 0, package: 0, freight_pallet: 0, return_unit: 0 };

describe('storage snapshots', () => {
  it('records places and units per customer from the ledger as of the Berlin day end; a re-run changes nothing', async () => {
    const admin = await buildUser(t.db, 'admin');
    const snap = (date: string) => t.app.inject({ method: 'POST', url: `/api/billing/storage-snapshots?date=${date}`, headers: auth(t.app, admin) });
    const first = await snap(D);
    expect(first.statusCode).toBe(200);
    const mine = (body: { customers: Array<{ customer_id: number }> }) =>
      body.customers.filter((c) => [w.customer.id, w.other.id, w.third.id].includes(c.customer_id));
    expect(mine(first.json())).toEqual([
      { customer_id: w.customer.id, places: 3, units: 26 },
      { customer_id: w.other.id, places: 1, units: 6 },
    ]);
    const stored = await t.db.selectFrom('storage_snapshots').selectAll().where('day', '=', D).orderBy('customer_id').execute();
    const again = await snap(D);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.selectFrom('storage_snapshots').selectAll().where('day', '=', D).orderBy('customer_id').execute()).toEqual(stored);
    expect(mine((await snap(DAY_BEFORE)).json())).toEqual([{ customer_id: w.customer.id, places: 1, units: 10 }]);
  });

  it('refuses a day not over yet and an impossible date (400, German); the nightly job takes yesterday', async () => {
    const admin = await buildUser(t.db, 'admin');
    const h = auth(t.app, admin);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    for (const date of [today, '2999-01-01']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/billing/storage-snapshots?date=${date}`, headers: h });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BILLING_DAY_NOT_OVER', detail: expect.stringContaining('noch nicht vorbei') });
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/billing/storage-snapshots?date=2026-02-30', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Datum');
    const worker = await buildUser(t.db, 'warehouse_manager');
    expect((await t.app.inject({ method: 'POST', url: `/api/billing/storage-snapshots?date=${D}`, headers: auth(t.app, worker) })).statusCode).toBe(403);
    // The scheduled job snapshots the Berlin day before: at 00:05 Berlin (23:05 UTC) that is the UTC date itself.
    expect(yesterday(new Date('2026-03-11T23:05:00Z'))).toBe('2026-03-11');
    expect(yesterday(new Date('2026-03-11T22:55:00Z'))).toBe('2026-03-10');
    const job = SCHEDULED_JOBS.find((j) => j.name === 'billing.storage-snapshot');
    await job?.handler({ db: t.db, config: t.config, signal: new AbortController().signal });
    const last = await t.db
      .selectFrom('storage_snapshots')
      .select(['places', 'units'])
      .where('day', '=', yesterday())
      .where('customer_id', '=', w.customer.id)
      .execute();
    expect(last).toEqual([{ places: 3, units: 24 }]);
  });
});

describe('countCharges', () => {
  it('counts every code of the customer for day D exactly, day boundaries in Europe/Berlin', async () => {
    await takeStorageSnapshot(t.db, D);
    await takeStorageSnapshot(t.db, DAY_BEFORE);
    expect(await countCharges(t.db, w.customer.id, D, D)).toEqual({
      storage_place_day: 3,
      inbound_unit: 20,
      pick_line: 2,
      pick_unit: 5,
      order_shipped: 2,
      package: 2,
      freight_pallet: 3,
      return_unit: 2,
    });
  });

  it('counts a line once, in the period of its first pick; sums snapshots over the period', async () => {
    expect(await countCharges(t.db, w.customer.id, DAY_AFTER, DAY_AFTER)).toEqual({ ...none, pick_line: 1, pick_unit: 2 });
    expect(await countCharges(t.db, w.customer.id, DAY_BEFORE, DAY_AFTER)).toMatchObject({
      storage_place_day: 4,
      inbound_unit: 30,
      pick_line: 3,
      pick_unit: 7,
      order_shipped: 2,
    });
    expect(await countCharges(t.db, w.customer.id, DAY_BEFORE, DAY_BEFORE)).toEqual({ ...none, storage_place_day: 1, inbound_unit: 10 });
  });

  it("does not count another customer's activity, cancelled or unshipped orders", async () => {
    expect(await countCharges(t.db, w.other.id, D, D)).toEqual({
      ...none,
      storage_place_day: 1,
      inbound_unit: 10,
      pick_line: 1,
      pick_unit: 4,
      order_shipped: 1,
      package: 1,
    });
    expect(await countCharges(t.db, w.third.id, DAY_BEFORE, DAY_AFTER)).toEqual(none);
  });
});
