import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attemptDelivery, DEFAULT_WEBHOOK_RETRY_DELAYS, deliverDueWebhooks, deliverForAMinute } from '../../../server/features/webhooks/deliver';
import { SCHEDULED_JOBS } from '../../../server/jobs/schedules';
import { insertEvent } from '../../../server/features/webhooks/outbox';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { buildPackingWorld, packingUrls as u } from '../packing/world';
import { type Receiver, startReceiver } from './receiver';

/**
 * Delivering webhooks to a receiver on loopback (WEBHOOK_ALLOW_PRIVATE_HOSTS):
 * the signature checked with an independent HMAC, retries with the same event
 * id, the deliveries log, order per order, and the SSRF check at delivery time
 * (docs/integrations.md "Webhooks").
 */
let t: TestApp;
let rx: Receiver;
const RETRIES = 3;
beforeAll(async () => {
  t = await createTestApp({ webhookAllowPrivateHosts: true, webhookRetryDelaysSeconds: Array(RETRIES).fill(0) });
});
afterAll(async () => t.close());
afterEach(async () => rx?.close());

type Who = { id: number; role: string };
const req = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: auth(t.app, who), ...(payload === undefined ? {} : { payload }) });

/** The receiver's side: verifies Lagerwerk-Signature as a shop would, with node:crypto only. */
function verified(r: Receiver['requests'][number], secret: string): { id: string; type: string; created_at: string; data: Record<string, unknown> } {
  const header = String(r.headers['lagerwerk-signature']);
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest('hex');
  expect(parts.v1).toBe(expected);
  expect(Math.abs(Date.now() / 1000 - Number(parts.t))).toBeLessThan(60);
  expect(r.headers['content-type']).toBe('application/json');
  return JSON.parse(r.body);
}

async function hookFor(who: Who, customerId: number, events: string[]) {
  rx = await startReceiver();
  const res = await req('POST', `/customers/${customerId}/webhooks`, who, { url: rx.url, events });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; secret: string };
}

describe('Test senden', () => {
  it('delivers a signed webhook.test at once and shows it in the deliveries log', async () => {
    const customer = await buildCustomer(t.db);
    const user = await buildUser(t.db, 'customer_user', { customer_id: customer.id });
    const hook = await hookFor(user, customer.id, ['order.shipped']);
    const res = await req('POST', `/webhooks/${hook.id}/test`, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ event_type: 'webhook.test', status: 'delivered', attempts: 1, response_status: 200, last_error: null });
    expect(rx.requests).toHaveLength(1);
    const body = verified(rx.requests[0], hook.secret);
    expect(body).toMatchObject({ id: res.json().event_id, type: 'webhook.test', data: { webhook_id: hook.id } });
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    const log = (await req('GET', `/webhooks/${hook.id}/deliveries`, user)).json();
    expect(log).toEqual([expect.objectContaining({ id: res.json().id, status: 'delivered', delivered_at: expect.any(String), next_attempt_at: null })]);
  });

  it('a receiver answering 500 gets retries with the same event id until it answers 2xx; each attempt is recorded', async () => {
    const customer = await buildCustomer(t.db);
    const admin = await buildUser(t.db, 'admin');
    const hook = await hookFor(admin, customer.id, ['order.shipped']);
    rx.answer.push(500, 503);
    const first = (await req('POST', `/webhooks/${hook.id}/test`, admin)).json();
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: 500,
      last_error: 'Antwort mit HTTP-Status 500',
      next_attempt_at: expect.any(String),
    });
    await t.db.updateTable('webhook_deliveries').set({ next_attempt_at: new Date() }).where('id', '=', first.id).execute();
    await deliverDueWebhooks(t.db, t.config);
    expect(rx.requests).toHaveLength(3);
    const ids = rx.requests.map((r) => verified(r, hook.secret).id);
    expect(new Set(ids)).toEqual(new Set([first.event_id]));
    const [row] = (await req('GET', `/webhooks/${hook.id}/deliveries`, admin)).json();
    expect(row).toMatchObject({ id: first.id, status: 'delivered', attempts: 3, response_status: 200, last_error: null });
  });

  it('gives up after the last delay (status failed, the last error kept)', async () => {
    const customer = await buildCustomer(t.db);
    const admin = await buildUser(t.db, 'admin');
    const hook = await hookFor(admin, customer.id, ['order.shipped']);
    rx.answer.push(...Array(RETRIES + 1).fill(500));
    const first = (await req('POST', `/webhooks/${hook.id}/test`, admin)).json();
    await t.db.updateTable('webhook_deliveries').set({ next_attempt_at: new Date() }).where('id', '=', first.id).execute();
    await deliverDueWebhooks(t.db, t.config);
    expect(rx.requests).toHaveLength(RETRIES + 1);
    const [row] = (await req('GET', `/webhooks/${hook.id}/deliveries`, admin)).json();
    expect(row).toMatchObject({ status: 'failed', attempts: RETRIES + 1, response_status: 500, next_attempt_at: null });
  });

  it('the default schedule retries within a minute and keeps trying for more than an hour over at least 5 tries', () => {
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS[0]).toBeLessThanOrEqual(60);
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS.length + 1).toBeGreaterThanOrEqual(5);
    expect(DEFAULT_WEBHOOK_RETRY_DELAYS.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3600);
    for (let i = 1; i < DEFAULT_WEBHOOK_RETRY_DELAYS.length; i++) expect(DEFAULT_WEBHOOK_RETRY_DELAYS[i]).toBeGreaterThan(DEFAULT_WEBHOOK_RETRY_DELAYS[i - 1]);
  });
});

describe('the delivery job', () => {
  it('is scheduled each minute and, within its minute, sends an event recorded while it runs within seconds', async () => {
    expect(SCHEDULED_JOBS.find((j) => j.name === 'webhooks.deliver')?.cron).toBe('* * * * *');
    const customer = await buildCustomer(t.db);
    const admin = await buildUser(t.db, 'admin');
    const hook = await hookFor(admin, customer.id, ['order.shipped']);
    const stop = new AbortController();
    const started = Date.now();
    const loop = deliverForAMinute(t.db, t.config, stop.signal, { forMs: 20_000, everyMs: 200 });
    await new Promise((r) => setTimeout(r, 500));
    const eventId = await t.db.transaction().execute((trx) => insertEvent(trx, customer.id, 'order.shipped', { order_id: 1 }, 1, [hook.id]));
    await expect.poll(() => rx.requests.length, { timeout: 5_000 }).toBe(1);
    expect(verified(rx.requests[0], hook.secret).id).toBe(eventId);
    stop.abort();
    expect(await loop).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('order events', () => {
  it('packing and shipping send order.status_changed and order.shipped with carrier, tracking numbers and packages, in order', async () => {
    const w = await buildPackingWorld(t);
    const user = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    const hook = await hookFor(user, w.customer.id, ['order.status_changed', 'order.shipped']);
    await t.app.inject({ method: 'GET', url: u.pallet(w.barcode), headers: w.h });
    for (const id of [w.order.id, w.otherOrder.id]) {
      const res = await t.app.inject({ method: 'POST', url: u.packed(id), headers: w.h, payload: { num_packages: 2, total_weight_grams: 3000 } });
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.app.inject({ method: 'POST', url: u.ship(w.order.id, { carrier: 'DPD', num_labels: 2, tracking_number: '' }), headers: w.h });
    expect(refused.statusCode).toBe(400);
    const ship = await t.app.inject({
      method: 'POST',
      url: u.ship(w.order.id, { carrier: 'DPD', carrier_type: 'parcel', num_labels: 2, tracking_number: '01234567890123, 01234567890124', total_weight: 3000 }),
      headers: w.h,
    });
    expect(ship.statusCode).toBe(200);
    // Recorded with the change, not sent yet: the delivery job sends them.
    expect(rx.requests).toHaveLength(0);
    await deliverDueWebhooks(t.db, t.config);
    const bodies = rx.requests.map((r) => verified(r, hook.secret));
    // The other customer's order sends nothing here.
    expect(bodies.map((b) => [b.type, b.data.new_status ?? null])).toEqual([
      ['order.status_changed', 'packed'],
      ['order.status_changed', 'shipped'],
      ['order.shipped', null],
    ]);
    expect(bodies[0].data).toMatchObject({ order_id: w.order.id, order_number: w.order.order_number, old_status: 'picking' });
    expect(bodies[2].data).toMatchObject({
      order_id: w.order.id,
      carrier: 'DPD',
      carrier_type: 'parcel',
      num_packages: 2,
      tracking_numbers: ['01234567890123', '01234567890124'],
      packages: [
        { number: 1, tracking_number: '01234567890123', weight_grams: null },
        { number: 2, tracking_number: '01234567890124', weight_grams: null },
      ],
    });
    expect(new Set(bodies.map((b) => b.id)).size).toBe(3);
  });

  it('a later event of an order waits until the earlier one is delivered', async () => {
    const w = await buildPackingWorld(t);
    const admin = await buildUser(t.db, 'admin');
    const hook = await hookFor(admin, w.customer.id, ['order.status_changed', 'order.shipped']);
    await t.app.inject({ method: 'GET', url: u.pallet(w.barcode), headers: w.h });
    await t.app.inject({ method: 'POST', url: u.packed(w.order.id), headers: w.h, payload: { num_packages: 1 } });
    await t.app.inject({ method: 'POST', url: u.ship(w.order.id, { carrier: 'GLS', num_labels: 1, tracking_number: 'GLS-1' }), headers: w.h });
    const slow = { ...t.config, webhookRetryDelaysSeconds: [3600] };
    rx.answer.push(500);
    await deliverDueWebhooks(t.db, slow);
    expect(rx.requests.map((r) => verified(r, hook.secret).data.new_status)).toEqual(['packed']);
    const log = (await req('GET', `/webhooks/${hook.id}/deliveries`, admin)).json();
    expect(log.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['pending', 1],
    ]);
    await t.db.updateTable('webhook_deliveries').set({ next_attempt_at: new Date() }).where('webhook_id', '=', hook.id).execute();
    await deliverDueWebhooks(t.db, slow);
    const bodies = rx.requests.map((r) => verified(r, hook.secret));
    expect(bodies.map((b) => b.type)).toEqual(['order.status_changed', 'order.status_changed', 'order.status_changed', 'order.shipped']);
    expect(bodies[0].id).toBe(bodies[1].id);
  });
});

describe('SSRF at delivery time', () => {
  it('refuses http and private targets when private hosts are not allowed, without sending anything', async () => {
    const customer = await buildCustomer(t.db);
    const admin = await buildUser(t.db, 'admin');
    const hook = await hookFor(admin, customer.id, ['order.shipped']);
    const strict = { ...t.config, webhookAllowPrivateHosts: false };
    const send = async () => {
      const eventId = await t.db.transaction().execute((trx) => insertEvent(trx, customer.id, 'webhook.test', {}, null, [hook.id]));
      const d = await t.db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId).executeTakeFirstOrThrow();
      await attemptDelivery(t.db, strict, d.id);
      return t.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', d.id).executeTakeFirstOrThrow();
    };
    const plain = await send();
    expect(plain).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(plain.last_error).toContain('https-Adresse');
    await t.db
      .updateTable('webhooks')
      .set({ url: rx.url.replace('http:', 'https:') })
      .where('id', '=', hook.id)
      .execute();
    const loopback = await send();
    expect(loopback.last_error).toContain('nicht öffentlich erreichbar');
    await t.db.updateTable('webhooks').set({ url: 'https://10.0.0.1/hook' }).where('id', '=', hook.id).execute();
    expect((await send()).last_error).toContain('10.0.0.1');
    expect(rx.requests).toHaveLength(0);
  });
});
