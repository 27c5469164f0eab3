import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '../../../server/features/webhooks/deliver';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildUser } from '../../helpers/factories';
import { announce, announcement, confirm, receive } from '../inbound-notifications/fixtures';
import { api } from '../outbound-orders/world';
import { buildReturnWorld } from '../returns/world';
import { type Receiver, startReceiver } from './receiver';

/** inbound.received and return.received: recorded with the booking, only for subscribers, nothing for a refused booking (docs/integrations.md "Webhooks"). */
let t: TestApp;
let rx: Receiver;
beforeAll(async () => {
  t = await createTestApp({ webhookAllowPrivateHosts: true });
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

describe('inbound.received', () => {
  it('an announcement line booked in is sent to the subscribed webhook of its customer only', async () => {
    const customer = await buildCustomer(t.db);
    const user = await buildUser(t.db, 'customer_user', { customer_id: customer.id });
    const worker = await buildUser(t.db, 'warehouse_worker');
    const [place] = await buildCompartments(t.db, 1);
    const product = await buildProduct(t.db);
    const hook = async (events: string[]) =>
      (
        await t.app.inject({ method: 'POST', url: `/api/customers/${customer.id}/webhooks`, headers: auth(t.app, user), payload: { url: rx.url, events } })
      ).json();
    const subscribed = await hook(['inbound.received']);
    const other = await hook(['order.shipped']);
    const n = await announce(t.app, user, announcement([{ ean: product.ean, quantity: 10 }]));
    expect((await confirm(t.app, worker, n.id)).statusCode).toBe(200);
    const refused = await receive(t.app, worker, n.id, [{ ean: '4006381333931', quantity: 1, location_id: place.id }]);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.db.selectFrom('webhook_events').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);
    expect((await receive(t.app, worker, n.id, [{ ean: product.ean, quantity: 6, location_id: place.id }])).statusCode).toBe(200);
    await deliverDueWebhooks(t.db, t.config);
    expect(rx.requests).toHaveLength(1);
    const body = JSON.parse(rx.requests[0].body);
    expect(body).toMatchObject({
      type: 'inbound.received',
      data: {
        notification_id: n.id,
        notification_number: n.notification_number,
        status: 'receiving',
        item: { ean: product.ean, quantity: 6, expected_quantity: 10 },
      },
    });
    const log = (id: number) => t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers: auth(t.app, user) }).then((r) => r.json());
    expect(await log(subscribed.id)).toEqual([expect.objectContaining({ event_id: body.id, status: 'delivered' })]);
    expect(await log(other.id)).toEqual([]);
  });
});

describe('return.received', () => {
  it('each received return line is sent with the return, its order and the line', async () => {
    const w = await buildReturnWorld(t);
    const admin = await buildUser(t.db, 'admin');
    const hook = (
      await t.app.inject({
        method: 'POST',
        url: `/api/customers/${w.customer.id}/webhooks`,
        headers: auth(t.app, admin),
        payload: { url: rx.url, events: ['return.received'] },
      })
    ).json();
    const r = (
      await api(t).post('/api/returns', w.h.customer, { outbound_order_id: w.order.id, items: [{ product_ean: w.mug.ean, quantity: 1, reason: 'damaged' }] })
    ).json();
    const res = await api(t).post(`/api/returns/${r.id}/receive-item`, w.h.worker, {
      product_ean: w.mug.ean,
      quantity: 1,
      condition: 'damaged',
      disposition: 'dispose',
    });
    expect(res.statusCode, res.body).toBe(200);
    rx.requests.length = 0;
    await deliverDueWebhooks(t.db, t.config);
    expect(rx.requests.map((q) => JSON.parse(q.body))).toEqual([
      expect.objectContaining({
        type: 'return.received',
        data: {
          return_id: r.id,
          return_number: r.return_number,
          order_id: w.order.id,
          order_number: w.order.order_number,
          status: 'received',
          item: { product_ean: w.mug.ean, quantity: 1, condition: 'damaged', disposition: 'dispose' },
        },
      }),
    ]);
    const log = await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers: auth(t.app, admin) });
    expect(log.json()).toEqual([expect.objectContaining({ event_type: 'return.received', status: 'delivered' })]);
  });
});
