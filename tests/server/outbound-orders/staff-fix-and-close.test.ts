import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeDueOrders, completeDueOrdersNow } from '../../../server/features/outbound-orders/completion';
import { SCHEDULED_JOBS } from '../../../server/jobs/schedules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { api, buildOrderWorld, expectReservationInvariant, insertOrder, type OrderWorld, orderBody, stockTotals } from './world';

/**
 * Staff fix order lines (admin, warehouse_manager; new and confirmed) and
 * orders close: POST /complete by hand, completeDueOrders by the periodic run
 * (docs/fulfilment.md "Staff fix unpickable orders", "Closing orders").
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** A confirmed order of 10 loose pieces and 2 boxes (12 pieces), both reserved. */
async function confirmedOrder(w: OrderWorld) {
  const created = await api(t).post(
    '/api/outbound-orders/',
    w.h.customer,
    orderBody([
      { product_id: w.looseProduct.id, quantity: 10 },
      { product_id: w.veProduct.id, selected_ve_type: 'box', selected_ve_quantity: 2 },
    ]),
  );
  expect(created.statusCode, created.body).toBe(201);
  const confirmed = await api(t).post(`/api/outbound-orders/${created.json().id}/confirm`, w.h.worker);
  expect(confirmed.json().status).toBe('confirmed');
  return confirmed.json() as { id: number; order_number: string };
}

async function completedLogs(orderId: number) {
  return t.db
    .selectFrom('status_logs')
    .select(['log_type', 'old_status', 'new_status', 'user_name', 'description', 'event_data'])
    .where('event_type', '=', 'order_completed')
    .where('order_id', '=', orderId)
    .execute();
}

describe('staff fix the lines of new and confirmed orders', () => {
  it('a manager changes a confirmed order: a line removed, another lowered; reservations follow', async () => {
    const w = await buildOrderWorld(t, { ve: 24, loose: 20 });
    const o = await confirmedOrder(w);
    expect(await stockTotals(t.db, w.customer.id, w.veProduct.id)).toMatchObject({ reserved: 12 });
    const res = await api(t).patch(`/api/outbound-orders/${o.id}`, w.h.manager, orderBody([{ product_id: w.looseProduct.id, quantity: 4 }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', item_count: 1, total_quantity: 4, items: [{ quantity: 4, reserved_quantity: 4 }] });
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 4, available: 16 });
    expect(await stockTotals(t.db, w.customer.id, w.veProduct.id)).toMatchObject({ reserved: 0, available: 24 });
    await expectReservationInvariant(t.db);
  });

  it('an admin raises a line of a new order up to what is there; more is the German 409 and nothing changes', async () => {
    const w = await buildOrderWorld(t, { loose: 20 });
    const o = (await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 5 }]))).json();
    const ok = await api(t).patch(`/api/outbound-orders/${o.id}`, w.h.admin, orderBody([{ product_id: w.looseProduct.id, quantity: 20 }]));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 20, available: 0 });
    const refused = await api(t).patch(`/api/outbound-orders/${o.id}`, w.h.admin, orderBody([{ product_id: w.looseProduct.id, quantity: 21 }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Nur 20 Stück verfügbar (0 reserviert)');
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 20 });
    await expectReservationInvariant(t.db);
  });

  it('refuses: worker 403, picking 409 (German), customer on confirmed 409, staff outside their scope 404; nothing changes', async () => {
    const w = await buildOrderWorld(t, { ve: 24, loose: 20 });
    const o = await confirmedOrder(w);
    const body = orderBody([{ product_id: w.looseProduct.id, quantity: 1 }]);
    const worker = await api(t).patch(`/api/outbound-orders/${o.id}`, w.h.worker, body);
    expect(worker.statusCode).toBe(403);
    expect(worker.json().code).toBe('FORBIDDEN');
    const customer = await api(t).patch(`/api/outbound-orders/${o.id}`, w.h.customer, body);
    expect(customer.statusCode).toBe(409);
    const other = await buildOrderWorld(t);
    const outside = await buildUser(t.db, 'warehouse_manager', { access: [other.customer.id] });
    expect((await api(t).patch(`/api/outbound-orders/${o.id}`, auth(t.app, outside), body)).statusCode).toBe(404);

    await api(t).post(`/api/outbound-orders/${o.id}/start-picking`, w.h.worker);
    const picking = await api(t).patch(`/api/outbound-orders/${o.id}`, w.h.manager, body);
    expect(picking.statusCode).toBe(409);
    expect(picking.json()).toMatchObject({
      code: 'ORDER_STATUS_CONFLICT',
      detail: `Auftrag ${o.order_number} ist im Status „In Kommissionierung“ – Bearbeiten ist nicht möglich`,
    });
    const after = (await api(t).get(`/api/outbound-orders/${o.id}`, w.h.manager)).json();
    expect(after).toMatchObject({ status: 'picking', item_count: 2, total_quantity: 22 });
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 10 });
    expect(await stockTotals(t.db, w.customer.id, w.veProduct.id)).toMatchObject({ reserved: 12 });
  });

  it('validates the body like the customer edit (400 naming the field, never 500)', async () => {
    const w = await buildOrderWorld(t, { loose: 5 });
    const o = await insertOrder(t.db, w.customer.id, 'confirmed');
    const res = await api(t).patch(`/api/outbound-orders/${o.id}`, w.h.manager, orderBody([{ product_id: w.looseProduct.id, quantity: -1 }]));
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().detail).toBe('string');
    const empty = await api(t).patch(`/api/outbound-orders/${o.id}`, w.h.manager, orderBody([]));
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /outbound-orders/{id}/complete', () => {
  it('a manager completes a shipped order; completed_at set, order_completed logged with the user', async () => {
    const w = await buildOrderWorld(t);
    const o = await insertOrder(t.db, w.customer.id, 'shipped');
    const res = await api(t).post(`/api/outbound-orders/${o.id}/complete`, w.h.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed' });
    expect(res.json().completed_at).toBeTruthy();
    const logs = await completedLogs(o.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      log_type: 'packing',
      old_status: 'shipped',
      new_status: 'completed',
      user_name: w.manager.full_name,
      description: `Auftrag ${o.order_number} abgeschlossen`,
    });
  });

  it('409 with German detail in any other status (no log), 403 for a worker and a customer, 404 outside the scope', async () => {
    const w = await buildOrderWorld(t);
    const packed = await insertOrder(t.db, w.customer.id, 'packed');
    const res = await api(t).post(`/api/outbound-orders/${packed.id}/complete`, w.h.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(`Auftrag ${packed.order_number} ist im Status „Gepackt“ – Abschließen ist nicht möglich`);
    const shipped = await insertOrder(t.db, w.customer.id, 'shipped');
    expect((await api(t).post(`/api/outbound-orders/${shipped.id}/complete`, w.h.worker)).statusCode).toBe(403);
    expect((await api(t).post(`/api/outbound-orders/${shipped.id}/complete`, w.h.customer)).statusCode).toBe(403);
    const other = await buildOrderWorld(t);
    const outside = await buildUser(t.db, 'admin', { access: [other.customer.id] });
    expect((await api(t).post(`/api/outbound-orders/${shipped.id}/complete`, auth(t.app, outside))).statusCode).toBe(404);
    // Completing twice: the second is the 409 of a completed order.
    expect((await api(t).post(`/api/outbound-orders/${shipped.id}/complete`, w.h.manager)).statusCode).toBe(200);
    expect((await api(t).post(`/api/outbound-orders/${shipped.id}/complete`, w.h.manager)).statusCode).toBe(409);
    expect(await completedLogs(packed.id)).toHaveLength(0);
    expect(await completedLogs(shipped.id)).toHaveLength(1);
  });
});

describe('completeDueOrders', () => {
  /** Shipped orders at the given ages (days before now), plus a packed order of long ago. */
  async function shippedAges(ages: number[]) {
    const w = await buildOrderWorld(t);
    const now = Date.now();
    const rows = [];
    for (const age of ages) {
      const o = await insertOrder(t.db, w.customer.id, 'shipped');
      await t.db
        .updateTable('outbound_orders')
        .set({ shipped_at: new Date(now - age * DAY_MS) })
        .where('id', '=', o.id)
        .execute();
      rows.push(o.id);
    }
    const packed = await insertOrder(t.db, w.customer.id, 'packed');
    await t.db
      .updateTable('outbound_orders')
      .set({ shipped_at: new Date(now - 100 * DAY_MS) })
      .where('id', '=', packed.id)
      .execute();
    return { ids: rows, packed: packed.id };
  }
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('outbound_orders').select(['status', 'completed_at']).where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('completes only orders shipped more than `days` ago, logs each once (no user), and is idempotent', async () => {
    const { ids, packed } = await shippedAges([30, 14.01, 13.99, 1]);
    const [old, justDue, notYet, fresh] = ids as [number, number, number, number];
    const done = await completeDueOrders(t.db, { days: 14, now: new Date() });
    expect(done).toEqual(expect.arrayContaining([old, justDue]));
    expect(done).not.toContain(notYet);
    expect(done).not.toContain(fresh);
    expect(await Promise.all(ids.map(statusOf))).toEqual(['completed', 'completed', 'shipped', 'shipped']);
    expect(await statusOf(packed)).toBe('packed');
    const [log] = await completedLogs(old);
    expect(log).toMatchObject({ old_status: 'shipped', new_status: 'completed', user_name: null });
    expect(log?.description).toMatch(/automatisch abgeschlossen \(14 Tage nach Versand\)$/);
    expect(log?.event_data).toMatchObject({ automatic: true, days: 14 });

    expect(await completeDueOrders(t.db, { days: 14, now: new Date() })).toEqual([]);
    expect(await completedLogs(old)).toHaveLength(1);
    // Later the next one is due.
    const later = await completeDueOrders(t.db, { days: 14, now: new Date(Date.now() + DAY_MS) });
    expect(later).toContain(notYet);
    expect(later).not.toContain(fresh);
  });

  it('0 days is off', async () => {
    const { ids } = await shippedAges([400]);
    expect(await completeDueOrders(t.db, { days: 0, now: new Date() })).toEqual([]);
    expect(await statusOf(ids[0] as number)).toBe('shipped');
  });

  it('the periodic run reads order_auto_complete_days (default 14, 0 = off, invalid values refused with 400)', async () => {
    const admin = auth(t.app, await buildUser(t.db, 'admin'));
    const { ids } = await shippedAges([20, 10]);
    const [twenty, ten] = ids as [number, number];
    const set = (value: string) => t.app.inject({ method: 'PUT', url: '/api/settings/order_auto_complete_days', headers: admin, payload: { value } });
    expect((await set('0')).statusCode).toBe(200);
    expect(await completeDueOrdersNow(t.db)).toEqual([]);
    const bad = await set('-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Aufträge automatisch abschließen nach (Tagen): ganze Zahl von 0 bis 999');
    await t.db.deleteFrom('settings').where('key', '=', 'order_auto_complete_days').execute();
    expect(await completeDueOrdersNow(t.db)).toContain(twenty);
    expect(await statusOf(ten)).toBe('shipped');
    expect((await set('7')).statusCode).toBe(200);
    expect(await completeDueOrdersNow(t.db)).toContain(ten);
    await t.db.deleteFrom('settings').where('key', '=', 'order_auto_complete_days').execute();
  });

  it('is a nightly scheduled job (Europe/Berlin) whose handler completes the due orders', async () => {
    const { ids } = await shippedAges([30]);
    const job = SCHEDULED_JOBS.find((j) => j.name === 'orders.complete-due');
    expect(job?.cron).toBe('15 3 * * *');
    await job?.handler({ db: t.db, config: t.config, signal: new AbortController().signal });
    expect(await statusOf(ids[0] as number)).toBe('completed');
  });

  // PGlite has one connection: a second transaction waits instead of running beside the first.
  it.skipIf(process.env.TEST_DB !== 'pg')('skips an order another transaction holds and completes it on the next run', async () => {
    const { ids } = await shippedAges([30]);
    const id = ids[0] as number;
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const locker = t.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM outbound_orders WHERE id = ${id} FOR UPDATE`.execute(trx);
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(await completeDueOrders(t.db, { days: 14 })).not.toContain(id);
    release();
    await locker;
    expect(await completeDueOrders(t.db, { days: 14 })).toContain(id);
  });
});
