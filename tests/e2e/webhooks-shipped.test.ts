import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../server/webhooks/receiver';
import { DEMO } from './helpers/browser';
import { type OrderDetail, palletAtPackingTable } from './helpers/packing';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * A shop learns that its order shipped (docs/integrations.md "Webhooks"): the
 * customer's webhook points at a receiver on loopback
 * (WEBHOOK_ALLOW_PRIVATE_HOSTS); the manager ships the packed order by freight
 * in the ship dialog; the delivery job posts `order.shipped` with the tracking
 * number, signed with the webhook's secret.
 */

const suite = e2eSuite({ env: () => ({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' }) });
const api = apiClient(() => suite.server.url);
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(async () => rx.close());

describe('order.shipped to the shop', () => {
  it('the receiver gets order.shipped with the tracking number once the order ships', async () => {
    const { b } = await palletAtPackingTable(api);
    const customerId = (b as OrderDetail & { customer_id: number }).customer_id;
    const hook = await api<{ id: number; secret: string }>(DEMO.admin, `/customers/${customerId}/webhooks`, 'POST', { url: rx.url, events: ['order.shipped'] });
    await api(DEMO.worker, `/outbound-orders/${b.id}/mark-packed`, 'POST', { num_packages: 1 });

    const page = await suite.loggedIn(DEMO.manager);
    await page.goto('/warehouse/outbound');
    await page.getByTestId('order-status-filter').selectOption('packed');
    const row = page.getByTestId(`order-row-${b.order_number}`);
    await row.getByTestId('order-ship').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator(`[data-testid="ship-dialog"][data-order="${b.order_number}"]`).waitFor();
    await dialog.getByTestId('packing-ship-type').selectOption('freight');
    await dialog.getByTestId('packing-freight-tracking-1').fill('ZUF-0815');
    await dialog.getByTestId('packing-ship-submit').click();
    await toast(page, `Auftrag ${b.order_number} versendet`);

    // The delivery job sends due events within its minute (pg-boss starts it once a minute).
    await expect.poll(() => rx.requests.length, { timeout: 100_000, interval: 500 }).toBeGreaterThan(0);
    const [sent] = rx.requests;
    const event = JSON.parse(sent.body);
    expect(event).toMatchObject({
      type: 'order.shipped',
      id: expect.stringMatching(/^evt_/),
      data: { order_id: b.id, order_number: b.order_number, carrier_type: 'freight', tracking_numbers: ['ZUF-0815'] },
    });
    const [t, v1] = String(sent.headers['lagerwerk-signature'])
      .split(',')
      .map((p) => p.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', hook.secret).update(`${t}.${sent.body}`).digest('hex'));

    // The deliveries log shows it delivered, once.
    const log = () => api<Array<{ event_type: string; status: string }>>(DEMO.admin, `/webhooks/${hook.id}/deliveries`);
    await expect.poll(async () => (await log()).map((d) => [d.event_type, d.status])).toEqual([['order.shipped', 'delivered']]);
    expect(rx.requests).toHaveLength(1);
  });
});
