import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../server/webhooks/receiver';
import { DEMO, DESKTOP, expectCount, expectText, poll, screenshot } from './helpers/browser';
import { e2eSuite, toast } from './helpers/suite';

/**
 * Webhooks in the customer portal (docs/integrations.md "Webhooks"): a customer
 * registers a webhook to a receiver on loopback (WEBHOOK_ALLOW_PRIVATE_HOSTS),
 * copies the secret shown once, presses "Test senden" and sees the delivery in
 * the log; the receiver checks the signature with that secret.
 */

const suite = e2eSuite({ env: () => ({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' }) });
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(async () => rx.close());

describe('Webhooks', () => {
  it('a customer registers a webhook, presses "Test senden" and sees the delivery in the log', async () => {
    const page = await suite.loggedIn(DEMO.customer1, DESKTOP);
    await page.goto('/my-api-keys');
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('Noch keine Webhooks angelegt.').waitFor();
    await page.getByLabel('Ziel-URL').fill(rx.url);
    await page.getByLabel('Wareneingang gebucht').uncheck();
    await page.getByRole('button', { name: 'Webhook anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook angelegt' });
    await expectText(dialog.getByRole('alert'), /wird nur jetzt angezeigt/);
    const secret = await dialog.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'webhooks-created-1280');
    await dialog.getByRole('button', { name: 'Schließen' }).last().click();
    const list = page.getByTestId('webhook-list');
    await expectCount(list.locator('li'), 1);
    await expectText(
      list.locator('li').first(),
      new RegExp(`${rx.url}.*Auftragsstatus geändert · Auftrag versendet · Retoure eingegangen.*${secret.slice(0, 10)}…`),
    );

    await page.getByRole('button', { name: 'Test senden' }).click();
    await toast(page, 'Test-Ereignis gesendet: Zugestellt');
    const log = page.getByTestId('webhook-deliveries');
    await expectCount(log.locator('tbody tr'), 1);
    await expectText(log.locator('tbody tr').first(), /Test senden.*evt_.*Zugestellt.*1.*200/);
    await screenshot(page, 'webhooks-log-1280');

    await poll(() => rx.requests.length).toBe(1);
    const [sent] = rx.requests;
    const [t, v1] = String(sent.headers['lagerwerk-signature'])
      .split(',')
      .map((p) => p.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${sent.body}`).digest('hex'));
    expect(JSON.parse(sent.body)).toMatchObject({ type: 'webhook.test', id: expect.stringMatching(/^evt_/) });
  });

  it("an admin sees the customer's webhook and its deliveries in the customer view", async () => {
    const page = await suite.loggedIn(DEMO.admin, DESKTOP);
    await page.goto('/customers');
    await page.getByRole('button', { name: 'Benutzer und Preise von Müller Naturkost GmbH anzeigen' }).click();
    const panel = page.getByRole('region', { name: 'Webhooks' }).or(page.locator('section[aria-label="Webhooks"]')).first();
    await expectCount(panel.getByTestId('webhook-list').locator('li'), 1);
    await panel.getByRole('button', { name: 'Zustellungen anzeigen' }).click();
    await expectCount(panel.getByTestId('webhook-deliveries').locator('tbody tr'), 1);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'webhooks-admin-1280');
  });
});
