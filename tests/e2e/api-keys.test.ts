import { describe, expect, it } from 'vitest';
import { DEMO, expectCount, expectText, PHONE, poll, screenshot } from './helpers/browser';
import { e2eSuite, toast } from './helpers/suite';

/**
 * API keys in the customer portal (docs/operations.md "API keys"): the
 * customer creates a key, its shop reads the orders with it, and after
 * "Widerrufen" the very next request is refused.
 */

const suite = e2eSuite();

describe('API-Schlüssel', () => {
  it('a customer creates a key in the portal, a shop reads the orders with it, and revoking it ends it at once', async () => {
    const page = await suite.loggedIn(DEMO.customer1, PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('link', { name: 'API-Schlüssel' }).click();
    await page.getByRole('heading', { name: 'API-Schlüssel' }).waitFor();
    await page.getByLabel('Name').fill('Mein Shop');
    await page.getByRole('button', { name: 'Neuer Schlüssel' }).click();
    const dialog = page.getByRole('dialog', { name: 'API-Schlüssel „Mein Shop“' });
    await expectText(dialog.getByRole('alert'), /wird nur jetzt angezeigt/);
    const key = await dialog.getByTestId('api-key-secret').inputValue();
    expect(key).toMatch(/^lw_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'api-keys-created-360');
    await dialog.getByRole('button', { name: 'Schließen' }).last().click();
    await expectCount(page.getByTestId('api-key-list').locator('li'), 1);
    await expectText(page.getByTestId('api-key-list'), new RegExp(`Mein Shop${key.slice(0, 10)}…`));

    const orders = () => fetch(`${suite.server.url}/api/outbound-orders/`, { headers: { authorization: `Bearer ${key}` } });
    const ok = await orders();
    expect(ok.status).toBe(200);
    const list = (await ok.json()) as { items: Array<{ customer_name: string }> };
    expect(list.items.length).toBeGreaterThan(0);
    expect(new Set(list.items.map((o) => o.customer_name))).toEqual(new Set(['Müller Naturkost GmbH']));
    await page.reload();
    await expectText(page.getByTestId('api-key-list'), /Zuletzt benutzt:\s*\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    await screenshot(page, 'api-keys-list-360');

    await page.getByRole('button', { name: 'Widerrufen: Mein Shop' }).click();
    await page.getByRole('dialog', { name: 'Schlüssel widerrufen?' }).getByRole('button', { name: 'Widerrufen' }).click();
    await toast(page, 'widerrufen');
    await page.getByText('Noch keine API-Schlüssel angelegt.').waitFor();
    await poll(async () => (await orders()).status).toBe(401);
    expect((await (await orders()).json()).detail).toBe('API-Schlüssel ungültig oder widerrufen');
  });
});
