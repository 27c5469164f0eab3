import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildProduct, buildUser } from '../../helpers/factories';
import { StockInboundCommand } from '../../../shared/schemas/stock';
import { insertOrder } from '../outbound-orders/world';
import { insertWave, logEvent } from './world';

/**
 * The alert rules (docs/operations.md "Alerts") on a fixed data set: each rule has one
 * case that counts and one just outside it, so a count of exactly 1 (or 2)
 * per type shows the boundary as well.
 */
let t: TestApp;
let manager: Record<string, string>;
let limited: Record<string, string>;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const summary = (q = '', headers = manager) => t.app.inject({ method: 'GET', url: `/api/status-logs/alerts/summary${q}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  const custA = await buildCustomer(t.db);
  const custB = await buildCustomer(t.db);
  const mgr = await buildUser(t.db, 'warehouse_manager');
  manager = auth(t.app, mgr);
  limited = auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [custA.id] }));

  // pick_discrepancy (high): 2 h ago counts, 30 h ago is outside the default 24 h window.
  const oA = await insertOrder(t.db, custA.id, 'picking');
  const oB = await insertOrder(t.db, custB.id, 'picking');
  await logEvent(t.db, { event_type: 'pick_discrepancy', order_id: oA.id }, hoursAgo(2));
  await logEvent(t.db, { event_type: 'pick_discrepancy', order_id: oB.id }, hoursAgo(30));
  // item_discrepancy (medium): 1 h ago (customer B only).
  await logEvent(t.db, { event_type: 'item_discrepancy', order_id: oB.id }, hoursAgo(1));
  // Other events are no alerts.
  await logEvent(t.db, { event_type: 'order_packed', order_id: oA.id }, hoursAgo(1));

  // label_failed (critical): counted per order still without label. Customer B's order failed twice
  // (5 h and 2.5 h ago) and counts once; customer A's order failed 4 h ago and got its label 3 h ago
  // (cleared); another order of A failed 30 h ago (outside the default window, still without label).
  await logEvent(t.db, { event_type: 'label_failed', order_id: oB.id, carrier: 'DHL' }, hoursAgo(5));
  await logEvent(t.db, { event_type: 'label_failed', order_id: oB.id, carrier: 'DHL' }, hoursAgo(2.5));
  await logEvent(t.db, { event_type: 'label_failed', order_id: oA.id, carrier: 'DHL' }, hoursAgo(4));
  await logEvent(t.db, { event_type: 'label_generated', order_id: oA.id, carrier: 'DHL' }, hoursAgo(3));
  const oldFailure = await insertOrder(t.db, custA.id, 'packed');
  await logEvent(t.db, { event_type: 'label_failed', order_id: oldFailure.id, carrier: 'DHL' }, hoursAgo(30));

  // wave_stuck (medium): picking for 5 h counts, for 3 h not, completed not.
  await insertWave(t.db, [oA.id], { status: 'picking', picking_started_at: hoursAgo(5) });
  await insertWave(t.db, [oB.id], { status: 'picking', picking_started_at: hoursAgo(3) });
  await insertWave(t.db, [], { status: 'completed', picking_started_at: hoursAgo(50) });

  // order_unplanned (low): confirmed 30 h ago in no wave counts; confirmed 30 h ago in an open wave
  // and confirmed 2 h ago do not.
  const late = await insertOrder(t.db, custA.id, 'confirmed');
  const planned = await insertOrder(t.db, custB.id, 'confirmed');
  const fresh = await insertOrder(t.db, custB.id, 'confirmed');
  await t.db
    .updateTable('outbound_orders')
    .set({ confirmed_at: hoursAgo(30) })
    .where('id', 'in', [late.id, planned.id])
    .execute();
  await t.db
    .updateTable('outbound_orders')
    .set({ confirmed_at: hoursAgo(2) })
    .where('id', '=', fresh.id)
    .execute();
  await insertWave(t.db, [planned.id], { status: 'ready' });

  // product_incomplete (low): a product without height in an open order counts; the same lack in
  // a shipped order and a complete product in an open order do not.
  const dims = { weight_kg: 1 };
  const incomplete = await buildProduct(t.db, dims);
  const incompleteShipped = await buildProduct(t.db, dims);
  const complete = await buildProduct(t.db, dims);
  await t.db.updateTable('products').set({ length_cm: 10, width_cm: 10, height_cm: 10 }).where('id', '=', complete.id).execute();
  await t.db.updateTable('products').set({ length_cm: 10, width_cm: 10 }).where('id', 'in', [incomplete.id, incompleteShipped.id]).execute();
  const shipped = await insertOrder(t.db, custA.id, 'shipped');
  await t.db
    .insertInto('outbound_order_items')
    .values([
      { order_id: late.id, product_id: incomplete.id, quantity: 1 },
      { order_id: late.id, product_id: complete.id, quantity: 1 },
      { order_id: shipped.id, product_id: incompleteShipped.id, quantity: 1 },
    ])
    .execute();

  // stocktake_open (medium): counting for 30 h counts; counting for 2 h and booked after 50 h do not.
  await t.db
    .insertInto('stocktakes')
    .values([
      { number: 'INV-T-1', name: 'alt', status: 'counting', created_at: hoursAgo(30), created_by: mgr.id },
      { number: 'INV-T-2', name: 'neu', status: 'counting', created_at: hoursAgo(2), created_by: mgr.id },
      { number: 'INV-T-3', name: 'gebucht', status: 'booked', created_at: hoursAgo(50), created_by: mgr.id },
    ])
    .execute();
  // return_overdue (low): announced 20 days ago counts (customer B); announced 3 days ago and received after 20 days do not.
  const shippedB = await insertOrder(t.db, custB.id, 'shipped');
  await t.db
    .insertInto('returns')
    .values([
      { return_number: 'R-T-1', customer_id: custB.id, outbound_order_id: shippedB.id, status: 'announced', created_at: hoursAgo(20 * 24) },
      { return_number: 'R-T-2', customer_id: custB.id, outbound_order_id: shippedB.id, status: 'announced', created_at: hoursAgo(3 * 24) },
      { return_number: 'R-T-3', customer_id: custB.id, outbound_order_id: shippedB.id, status: 'received', created_at: hoursAgo(20 * 24) },
    ])
    .execute();

  // sync_rejected (high): refused offline bookings in the window count, an applied one not; a user
  // with a customer list counts only those whose args name one of theirs (as GET /sync/rejections lists them).
  await t.db.insertInto('sync_clients').values({ client_id: 'dev-alerts', user_id: mgr.id }).execute();
  await t.db
    .insertInto('sync_mutations')
    .values([
      { client_id: 'dev-alerts', mutation_id: 1, name: 'stock.move', args: '{}', user_id: mgr.id, status: 'applied', created_at: hoursAgo(4) },
      {
        client_id: 'dev-alerts',
        mutation_id: 2,
        name: StockInboundCommand.name,
        args: JSON.stringify({ customer_id: custA.id }),
        user_id: mgr.id,
        status: 'rejected',
        code: 'X',
        created_at: hoursAgo(3),
      },
      { client_id: 'dev-alerts', mutation_id: 3, name: 'stock.move', args: '{}', user_id: mgr.id, status: 'rejected', code: 'X', created_at: hoursAgo(3.5) },
    ])
    .execute();
});
afterAll(async () => t.close());

describe('GET /status-logs/alerts/summary', () => {
  it('counts each rule at its boundary (default 24 h window)', async () => {
    const res = await summary();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total_alerts: 10,
      by_type: {
        label_failed: 1,
        sync_rejected: 2,
        pick_discrepancy: 1,
        item_discrepancy: 1,
        wave_stuck: 1,
        order_unplanned: 1,
        product_incomplete: 1,
        stocktake_open: 1,
        return_overdue: 1,
      },
      by_severity: { critical: 1, high: 3, medium: 3, low: 3 },
    });
  });

  const agoMs = (at: string) => Date.now() - new Date(at).getTime();

  it('names the most critical: a DHL label failure without label since is critical and comes first', async () => {
    const mc = (await summary()).json().most_critical;
    expect(mc).toMatchObject({ type: 'label_failed', severity: 'critical', message: '1 Auftrag ohne DHL-Label: Label-Erstellung fehlgeschlagen' });
    expect(Math.abs(agoMs(mc.timestamp) - 2.5 * 3600_000)).toBeLessThan(60_000);
  });

  it('among equals the newest (pick discrepancy 2 h ago beats the sync refusal 3 h ago; the user does not see the label failure)', async () => {
    const mc = (await summary('', limited)).json().most_critical;
    expect(mc).toMatchObject({ type: 'pick_discrepancy', severity: 'high', message: '1 Pick-Abweichung' });
    expect(Math.abs(agoMs(mc.timestamp) - 2 * 3600_000)).toBeLessThan(60_000);
  });

  it('widens the event window with hours_back; state rules ignore it', async () => {
    const body = (await summary('?hours_back=48')).json();
    expect(body.by_type).toMatchObject({ label_failed: 2, pick_discrepancy: 2, wave_stuck: 1, order_unplanned: 1 });
    const narrow = (await summary('?hours_back=1')).json();
    expect(narrow.by_type).toMatchObject({ label_failed: 0, pick_discrepancy: 0, sync_rejected: 0, wave_stuck: 1 });
    expect((await summary('?hours_back=0')).statusCode).toBe(400);
    expect((await summary('?hours_back=abc')).json().detail).toContain('Zeitraum muss zwischen 1 und 720 Stunden liegen');
  });

  it('limits a staff user with a customer list to those customers (sync refusals only where their args name one of them)', async () => {
    const body = (await summary('', limited)).json();
    expect((await summary('?hours_back=48', limited)).json().by_type.label_failed).toBe(1);
    expect(body.by_type).toEqual({
      label_failed: 0,
      sync_rejected: 1,
      pick_discrepancy: 1,
      item_discrepancy: 0,
      wave_stuck: 1,
      order_unplanned: 1,
      product_incomplete: 1,
      stocktake_open: 1,
      return_overdue: 0,
    });
  });

  it('answers an empty summary with zeros and no most critical alert', async () => {
    const empty = await createTestApp();
    try {
      const res = await empty.app.inject({
        method: 'GET',
        url: '/api/status-logs/alerts/summary',
        headers: auth(empty.app, await buildUser(empty.db, 'warehouse_worker')),
      });
      expect(res.json()).toMatchObject({ total_alerts: 0, by_severity: { critical: 0, high: 0, medium: 0, low: 0 }, most_critical: null });
    } finally {
      await empty.close();
    }
  });

  it('is for staff: customers 403', async () => {
    expect((await summary('', auth(t.app, await buildUser(t.db, 'customer_user')))).statusCode).toBe(403);
  });
});
