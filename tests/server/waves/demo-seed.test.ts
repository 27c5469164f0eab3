import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../server/db/seed';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth } from '../../helpers/factories';
import { type Suggestion, type SuggestBody, suggest } from './world';

/** The wave builder on the fresh demo database (server/db/seed-wave-orders.ts, docs/demo-data.md). */

let t: TestApp;
let body: SuggestBody;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { withAdmin: true });
  const worker = await t.db.selectFrom('users').select(['id', 'role']).where('username', '=', 'lager').executeTakeFirstOrThrow();
  const res = await suggest(t, auth(t.app, worker));
  expect(res.status).toBe(200);
  body = res.body;
});
afterAll(async () => t.close());

const names = (s: Suggestion) => s.orders.map((o) => o.delivery_name).sort();

describe('demo wave planning', () => {
  it("groups Schmidt's four office-supply orders into one OPTIMAL wave over the shared racks B and C", async () => {
    const office = body.suggestions.find((s) => names(s).includes('Kanzlei Dr. Roth'));
    expect(office).toBeDefined();
    expect(names(office as Suggestion)).toEqual(['Copy-Shop Yilmaz', 'Ingenieurbüro Falk', 'Kanzlei Dr. Roth', 'Schreibwaren Lindner']);
    expect(office).toMatchObject({ total_orders: 4, is_optimal: true, has_heavy_order: false, has_missing_data: false });
    expect(office?.reason).toContain('mit gemeinsamen Regalen');
    expect(office?.route.map((r) => r.rack_code).sort()).toEqual(['B', 'C']);
    expect(office?.route.map((r) => r.sequence)).toEqual([1, 2]);
  });

  it('shows a heavy order and an order with missing product data as suggestions of their own', async () => {
    const heavy = body.suggestions.filter((s) => s.has_heavy_order);
    expect(heavy.map(names)).toEqual([['Restaurant Tandoor']]);
    const missing = body.suggestions.filter((s) => s.has_missing_data);
    expect(missing.map(names)).toEqual([['Landmarkt Ebert']]);
    expect(missing[0].missing_product_data).toEqual([expect.objectContaining({ title: 'Schneidebrett Eiche', missing: ['dimensions'] })]);
  });

  it('plans every new, confirmed and released demo order not in a wave yet (the demo picking wave holds one), none unpickable', async () => {
    const planned = body.suggestions.flatMap((s) => s.order_ids).sort((a, b) => a - b);
    const inWave = t.db.selectFrom('picking_wave_orders').select('order_id').where('is_open', '=', true);
    const candidates = await t.db
      .selectFrom('outbound_orders')
      .select('id')
      // Released: the demo's two orders started outside a wave (docs/fulfilment.md "Released orders").
      .where((eb) => eb.or([eb('status', 'in', ['new', 'confirmed']), eb.and([eb('status', '=', 'picking'), eb('picking_completed_at', 'is', null)])]))
      .where('id', 'not in', inWave)
      .orderBy('id')
      .execute();
    expect((await inWave.execute()).length).toBe(1);
    expect(
      await t.db.selectFrom('outbound_orders').select('id').where('status', '=', 'picking').where('picking_completed_at', 'is', null).execute(),
    ).toHaveLength(2);
    expect(planned).toEqual(candidates.map((c) => c.id));
    expect(body.unpickable_info).toEqual([]);
    expect(body.suggestions.filter((s) => s.is_optimal).length).toBeGreaterThanOrEqual(1);
  });
});
