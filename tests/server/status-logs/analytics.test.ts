import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickPackAnalytics } from '../../../server/features/status-logs/analytics';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildUser } from '../../helpers/factories';
import { insertOrder } from '../outbound-orders/world';
import { insertWave, logEvent } from './world';

/**
 * The analytics formulas (docs/operations.md "Analytics") on a fixed event set around a
 * pinned "now": 2026-03-10 13:30 UTC = 14:30 in Berlin (CET). Customer A and
 * B; a scope limited to A must drop B's share from every figure.
 */
const NOW = new Date('2026-03-10T13:30:00Z');
let t: TestApp;
let custA: number;
let custB: number;
let staff: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  custA = (await buildCustomer(t.db)).id;
  custB = (await buildCustomer(t.db)).id;
  staff = auth(t.app, await buildUser(t.db, 'warehouse_worker'));
  customer = auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: custA }));
  const product = await buildProduct(t.db);
  const [loc] = await buildCompartments(t.db, 1);
  const move = (customer_id: number, quantity: number, created_at: string, movement_type: 'order_pick' | 'outbound' = 'order_pick') =>
    t.db.insertInto('stock_movements').values({ movement_type, product_id: product.id, customer_id, location_id: loc.id, quantity, created_at }).execute();

  // Picks (ledger). 23:30 UTC on the 9th is 00:30 on the 10th in Berlin: today's first hour.
  await move(custA, -1, '2026-03-09T23:30:00Z');
  await move(custA, -3, '2026-03-10T08:10:00Z');
  await move(custA, -2, '2026-03-10T08:40:00Z');
  await move(custB, -5, '2026-03-10T12:05:00Z');
  await move(custA, -4, '2026-03-08T10:00:00Z');
  // 22:59 UTC on the 3rd is still the 3rd in Berlin: outside 7 days (from the 4th), inside 30.
  await move(custA, -7, '2026-03-03T22:59:00Z');
  // Not a pick; and a pick after the end of today is not counted.
  await move(custA, -9, '2026-03-10T09:00:00Z', 'outbound');
  await move(custA, -9, '2026-03-10T23:30:00Z');

  const oA = await insertOrder(t.db, custA, 'shipped');
  const oB = await insertOrder(t.db, custB, 'packed');
  await logEvent(t.db, { event_type: 'order_packed', order_id: oA.id }, '2026-03-10T09:15:00Z');
  await logEvent(t.db, { event_type: 'order_packed', order_id: oB.id }, '2026-03-10T09:20:00Z');
  await logEvent(t.db, { event_type: 'label_generated', order_id: oA.id }, '2026-03-10T09:50:00Z');
  await logEvent(t.db, { event_type: 'order_shipped', order_id: oA.id }, '2026-03-10T10:00:00Z');
  await logEvent(t.db, { event_type: 'pick_discrepancy', order_id: oA.id }, '2026-03-10T08:45:00Z');
  await logEvent(t.db, { event_type: 'item_discrepancy', order_id: oB.id }, '2026-03-10T12:10:00Z');

  // Waves: A's created today and completed; B's created today, still open; A's of the 8th completed.
  const w1 = await insertWave(t.db, [oA.id], { status: 'completed' });
  const w2 = await insertWave(t.db, [oB.id], { status: 'picking' });
  const w3 = await insertWave(t.db, [oA.id], { status: 'completed' });
  await logEvent(t.db, { event_type: 'wave_created', wave_id: w1.id }, '2026-03-10T07:00:00Z');
  await logEvent(t.db, { event_type: 'wave_completed', wave_id: w1.id }, '2026-03-10T11:00:00Z');
  await logEvent(t.db, { event_type: 'wave_created', wave_id: w2.id }, '2026-03-10T07:30:00Z');
  await logEvent(t.db, { event_type: 'wave_created', wave_id: w3.id }, '2026-03-08T08:00:00Z');
  await logEvent(t.db, { event_type: 'wave_completed', wave_id: w3.id }, '2026-03-08T12:00:00Z');
});
afterAll(async () => t.close());

const all = { kind: 'all' } as const;

describe('pick & pack analytics (fixed event set)', () => {
  it('today: per Berlin hour up to the current one, totals and both rates', async () => {
    const a = await pickPackAnalytics(t.db, 'today', all, NOW);
    expect(a.granularity).toBe('hour');
    expect(new Date(a.from).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(new Date(a.to).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(a.buckets.map((b) => b.bucket)).toEqual(Array.from({ length: 15 }, (_, h) => `2026-03-10T${String(h).padStart(2, '0')}`));
    expect(a.totals).toEqual({
      picks: 4,
      picked_units: 11,
      orders_packed: 2,
      orders_shipped: 1,
      waves_created: 2,
      waves_completed: 1,
      pick_discrepancies: 1,
      item_discrepancies: 1,
      wave_completion_rate: 0.5,
      // (1 + 1) / (4 picks + 2 packed + 2 discrepancies)
      discrepancy_rate: 0.25,
    });
    const hour = (h: string) => a.buckets.find((b) => b.bucket === `2026-03-10T${h}`);
    expect(hour('00')).toMatchObject({ picks: 1, picked_units: 1 });
    expect(hour('08')).toMatchObject({ waves_created: 2, waves_completed: 1, wave_completion_rate: 0.5, picks: 0, discrepancy_rate: null });
    expect(hour('09')).toMatchObject({ picks: 2, picked_units: 5, pick_discrepancies: 1, discrepancy_rate: 1 / 3 });
    expect(hour('10')).toMatchObject({ orders_packed: 2, discrepancy_rate: 0 });
    expect(hour('11')).toMatchObject({ orders_shipped: 1, waves_completed: 0, wave_completion_rate: null });
    expect(hour('13')).toMatchObject({ picks: 1, picked_units: 5, item_discrepancies: 1, discrepancy_rate: 0.5 });
    expect(hour('14')).toMatchObject({ picks: 0, orders_packed: 0 });
  });

  it('7 days: per Berlin day, the 8th adds a pick and a completed wave', async () => {
    const a = await pickPackAnalytics(t.db, '7d', all, NOW);
    expect(a.granularity).toBe('day');
    expect(a.buckets.map((b) => b.bucket)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(a.buckets[4]).toMatchObject({ picks: 1, picked_units: 4, waves_created: 1, waves_completed: 1, wave_completion_rate: 1 });
    expect(a.buckets[5]).toMatchObject({ picks: 0, wave_completion_rate: null, discrepancy_rate: null });
    expect(a.buckets[6]).toMatchObject({ picks: 4, picked_units: 11, orders_packed: 2 });
    expect(a.totals).toMatchObject({ picks: 5, picked_units: 15, waves_created: 3, waves_completed: 2, wave_completion_rate: 2 / 3, discrepancy_rate: 2 / 9 });
  });

  it('30 days: 30 buckets from 9 February, the late pick of 3 March included', async () => {
    const a = await pickPackAnalytics(t.db, '30d', all, NOW);
    expect(a.buckets).toHaveLength(30);
    expect(a.buckets[0].bucket).toBe('2026-02-09');
    expect(a.buckets.find((b) => b.bucket === '2026-03-03')).toMatchObject({ picks: 1, picked_units: 7 });
    expect(a.totals).toMatchObject({ picks: 6, picked_units: 22, discrepancy_rate: 2 / 10 });
  });

  it("a staff user limited to customer A sees only A's picks, events and waves", async () => {
    const a = await pickPackAnalytics(t.db, 'today', { kind: 'only', ids: [custA] }, NOW);
    expect(a.totals).toEqual({
      picks: 3,
      picked_units: 6,
      orders_packed: 1,
      orders_shipped: 1,
      waves_created: 1,
      waves_completed: 1,
      pick_discrepancies: 1,
      item_discrepancies: 0,
      wave_completion_rate: 1,
      discrepancy_rate: 1 / 5,
    });
    const except = await pickPackAnalytics(t.db, 'today', { kind: 'except', ids: [custA] }, NOW);
    expect(except.totals).toMatchObject({ picks: 1, picked_units: 5, orders_packed: 1, waves_created: 1, waves_completed: 0, wave_completion_rate: 0 });
  });
});

describe('GET /status-logs/analytics', () => {
  const get = (q: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/status-logs/analytics${q}`, headers });

  it('answers staff, today by default', async () => {
    const res = await get('', staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ range: 'today', granularity: 'hour' });
    expect((await get('?range=30d', staff)).json().buckets).toHaveLength(30);
  });

  it("answers a staff user with a customer list from their customers' data only", async () => {
    const limited = auth(t.app, await buildUser(t.db, 'warehouse_manager', { access: [custA] }));
    const product = await buildProduct(t.db);
    const [loc] = await buildCompartments(t.db, 1);
    const recent = new Date(Date.now() - 60_000).toISOString();
    for (const [customer_id, quantity] of [
      [custA, -2],
      [custB, -30],
    ]) {
      await t.db
        .insertInto('stock_movements')
        .values({ movement_type: 'order_pick', product_id: product.id, customer_id, location_id: loc.id, quantity, created_at: recent })
        .execute();
    }
    const mine = (await get('?range=7d', limited)).json().totals;
    const everyone = (await get('?range=7d', staff)).json().totals;
    expect(mine).toMatchObject({ picks: 1, picked_units: 2 });
    expect(everyone).toMatchObject({ picks: 2, picked_units: 32 });
  });

  it('refuses an unknown range (400, German) and customers (403)', async () => {
    const bad = await get('?range=week', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Zeitraum muss today, 7d oder 30d sein');
    expect((await get('', customer)).statusCode).toBe(403);
    expect((await get('', {})).statusCode).toBe(401);
  });
});
