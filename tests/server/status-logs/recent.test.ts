import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { insertOrder } from '../outbound-orders/world';
import { logEvent } from './world';

/** GET /status-logs/recent (dashboard Recent Activity): 5 newest per log, merged newest first, 8 shown. */
let t: TestApp;
let ids: { picking: number[]; packing: number[]; otherCustomer: number };
let manager: Record<string, string>;
let limited: Record<string, string>;
let customer: Record<string, string>;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const a = await buildCustomer(t.db);
  const b = await buildCustomer(t.db);
  manager = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
  limited = auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [a.id] }));
  customer = auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: a.id }));
  const oA = await insertOrder(t.db, a.id, 'packed');
  const oB = await insertOrder(t.db, b.id, 'packed');
  // Picking: 7 events of A, minutes 10, 20, … 70 ago. Packing: 6 events of A, minutes 15, 25, … 65 ago.
  ids = { picking: [], packing: [], otherCustomer: 0 };
  for (let i = 0; i < 7; i++) ids.picking.push(await logEvent(t.db, { event_type: 'pick_discrepancy', order_id: oA.id }, minutesAgo(10 + 10 * i)));
  for (let i = 0; i < 6; i++) ids.packing.push(await logEvent(t.db, { event_type: 'order_packed', order_id: oA.id }, minutesAgo(15 + 10 * i)));
  // The newest event of all belongs to customer B.
  ids.otherCustomer = await logEvent(t.db, { event_type: 'order_shipped', order_id: oB.id }, minutesAgo(1));
});
afterAll(async () => t.close());

const recent = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/status-logs/recent', headers });

describe('GET /status-logs/recent', () => {
  it('merges the 5 newest of each log, newest first, and shows 8', async () => {
    const res = await recent(manager);
    expect(res.statusCode).toBe(200);
    const got = res.json().map((e: { id: number }) => e.id);
    // Packing's 5 newest: B's shipment and A's packs at 15, 25, 35, 45 min; picking's 5: 10 … 50 min.
    expect(got).toEqual([ids.otherCustomer, ids.picking[0], ids.packing[0], ids.picking[1], ids.packing[1], ids.picking[2], ids.packing[2], ids.picking[3]]);
  });

  it("a staff user limited to customer A sees A's events only", async () => {
    const got = (await recent(limited)).json().map((e: { id: number }) => e.id);
    expect(got).toEqual([ids.picking[0], ids.packing[0], ids.picking[1], ids.packing[1], ids.picking[2], ids.packing[2], ids.picking[3], ids.packing[3]]);
  });

  it('refuses customers (403)', async () => {
    const res = await recent(customer);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBeTruthy();
  });
});
