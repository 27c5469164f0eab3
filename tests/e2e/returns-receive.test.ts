import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import type { ReturnDetail, ReturnSummary } from '../../shared/schemas/returns';
import { DEMO, expectText, expectTextContains, loginByPassword, PHONE, poll, scan, screenshot, waitForServiceWorkerControl } from './helpers/browser';
import { apiClient, e2eSuite } from './helpers/suite';

/**
 * Retoure annehmen on a handheld (360 px) without network (docs/operations.md
 * "Returns"): Müller's demo return (announced, 2 × oat milk) is found by the
 * tracking number of the parcel, one unit goes back into stock and
 * one into the Sperrlager; once online the server holds both receipts and the
 * customer sees the outcome per unit (the announcing in the portal: returns.test.ts).
 */

/** The demo catalogue's EANs (server/db/seed.ts demoEan). */
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);
const OAT_MILK = demoEan(17);
/** The tracking number of Müller's shipped demo order (server/db/seed-returns.ts). */
const TRACKING = '05311234567890';

const suite = e2eSuite();
const api = apiClient(() => suite.server.url);

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-toast="info"]'), undefined, { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Whether the device's working set holds open returns (the first pull is done). */
const returnsOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('lagerwerk');
        req.onerror = () => resolve(0);
        req.onsuccess = () => {
          const idb = req.result;
          if (!idb.objectStoreNames.contains('returns')) {
            idb.close();
            resolve(0);
            return;
          }
          const count = idb.transaction('returns').objectStore('returns').count();
          count.onsuccess = () => {
            idb.close();
            resolve(count.result);
          };
        };
      }),
  );

const pending = (page: Page) => page.getByTestId('sync-pending').getAttribute('data-count').then(Number);

describe('Retoure annehmen on a handheld', () => {
  it('receives a demo return offline by its tracking number (restock and Sperrlager); the server has both receipts once online', async () => {
    const [demo] = await api<ReturnSummary[]>(DEMO.customer1, '/returns?status=announced');
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.getByTestId('tile-/returns-receive').click();
    await page.getByTestId('return-receive-code').waitFor();
    await waitForServiceWorkerControl(page);
    await poll(() => returnsOnDevice(page)).toBeGreaterThan(0);

    await ctx.setOffline(true);
    await expectTextContains(page.getByTestId('sync-status'), 'Offline');
    await shot(page, 'returns-receive-code-360');
    await scan(page, TRACKING);
    await expectText(page.getByTestId('return-number'), demo.return_number);
    await expectText(page.getByTestId('return-customer'), demo.customer_name);
    await scan(page, OAT_MILK);
    await page.getByTestId('return-receive-place').waitFor();
    expect(await page.getByTestId('return-receive-qty').inputValue()).toBe('1');
    await shot(page, 'returns-receive-details-360');
    await scan(page, 'A-01-01');
    await expectText(page.getByTestId('booking-message'), /^Angenommen: 1 × .+ – Wieder einlagern → A-01-01$/);
    await expectText(page.getByTestId(`return-line-${OAT_MILK}`).getByTestId('return-line-received'), '1');

    // The next unit is damaged: the Sperrlager; a normal place is refused on the device.
    await page.getByTestId('return-receive-ean').waitFor();
    await scan(page, OAT_MILK);
    await page.getByTestId('return-condition-damaged').click();
    await expect(page.getByTestId('return-disposition-quarantine').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByTestId('return-receive-place').focus();
    await scan(page, 'A-01-01');
    await expectTextContains(page.getByText(/ist kein Sperrplatz/), 'A-01-01');
    await page.getByTestId('return-receive-place').focus();
    await scan(page, 'S-01-02');
    await expectText(page.getByTestId('booking-message'), /^Angenommen: 1 × .+ – Sperrlager → S-01-02$/);
    await expectText(page.getByTestId(`return-line-${OAT_MILK}`).getByTestId('return-line-received'), '2');
    await poll(() => pending(page)).toBe(2);
    await shot(page, 'returns-receive-booked-offline-360');

    await ctx.setOffline(false);
    await poll(() => pending(page)).toBe(0);
    const detail = await api<ReturnDetail>(DEMO.manager, `/returns/${demo.id}`);
    expect(detail.status).toBe('received');
    expect(detail.lines.map((l) => [l.product_ean, l.quantity, l.received_quantity])).toEqual([[OAT_MILK, 2, 2]]);
    expect(detail.receipts.map((r) => [r.product_ean, r.quantity, r.condition, r.disposition, r.location_barcode])).toEqual([
      [OAT_MILK, 1, 'new', 'restock', 'A-01-01'],
      [OAT_MILK, 1, 'damaged', 'quarantine', 'S-01-02'],
    ]);
    await ctx.close();

    // The customer who announced it sees what happened to each unit.
    const customer = await suite.loggedIn(DEMO.customer1, PHONE);
    await customer.goto(`/returns/${demo.id}`);
    await expectText(customer.getByTestId('return-status'), 'Eingegangen');
    await expectText(customer.getByTestId('return-receipt').nth(0), /Neuwertig.*Wieder einlagern.*A-01-01/);
    await expectText(customer.getByTestId('return-receipt').nth(1), /Beschädigt.*Sperrlager.*S-01-02/);
    await screenshot(customer, 'returns-receive-outcome-customer-360');
  });

  it('online, a parcel whose order has no open return is announced on the spot and then received (Entsorgen)', async () => {
    // Schmidt's demo return is completed at the office: its order has no open return any more.
    const [done] = await api<ReturnSummary[]>(DEMO.customer2, '/returns?status=received');
    await api(DEMO.manager, `/returns/${done.id}/complete`, 'POST');
    const page = await suite.loggedIn(DEMO.worker, PHONE);
    await page.goto('/returns-receive');
    await page.getByTestId('return-receive-code').waitFor();
    await scan(page, '05311234567906');
    await expectTextContains(page.getByText(/ist keine Retoure angemeldet/), done.order_number);
    await shot(page, 'returns-receive-unannounced-360');
    await page.getByTestId('return-receive-announce').click();
    const dialog = page.getByRole('dialog', { name: `Retoure zu Auftrag ${done.order_number} anmelden` });
    await dialog.getByTestId('returnable-line').first().getByRole('spinbutton').fill('1');
    await shot(page, 'returns-receive-announce-360');
    await dialog.getByTestId('return-submit').click();
    await expectText(page.getByTestId('return-number'), /^R-\d{4}-\d{6}$/);
    const number = await page.getByTestId('return-number').textContent();
    expect(number).not.toBe(done.return_number);
    const ean = (await page.locator('[data-testid^="return-line-4"]').first().getAttribute('data-testid'))?.replace('return-line-', '') ?? '';
    await scan(page, ean);
    await page.getByTestId('return-disposition-dispose').click();
    await page.getByTestId('return-receive-submit').click();
    await expectText(page.getByTestId('booking-message'), /^Angenommen: 1 × .+ – Entsorgen$/);
    await poll(() => page.getByTestId('booking-result').getAttribute('data-state')).toBe('synced');
    const [created] = (await api<ReturnSummary[]>(DEMO.manager, '/returns?status=received')).filter((r) => r.return_number === number);
    expect(created).toMatchObject({ order_number: done.order_number, announced_quantity: 1, received_quantity: 1 });
  });
});
