import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import type { InventorySearchResponse } from '../../shared/schemas/stock';
import { DEMO, DESKTOP, loginByPassword, PHONE, poll, scan, screenshot, waitForServiceWorkerControl } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * Arbeitsbereich (docs/sync.md "Entities"): the admin gives the demo worker the cold room only; the
 * worker's handheld then holds the cold room's places. Einlagern on a place of the main store asks
 * the server for it online and keeps it; offline a place the device does not hold is refused in
 * German, a kept one books as usual, and the bookings reach the server once.
 */

const suite = e2eSuite();
/** The demo catalogue's EANs (server/db/seed.ts demoEan); product 0 has 48 units on A-01-01. */
const EAN = withCheckDigit(`400638${String(133300).padStart(6, '0')}`);

async function qtyAt(page: Page, barcode: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const res = await page.request.post(`${suite.server.url}/api/inventory/search`, {
    data: { query: EAN, limit: 50 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const rows = (await res.json()) as InventorySearchResponse;
  return rows.filter((r) => r.location_barcode === barcode).reduce((s, r) => s + r.quantity, 0);
}

const lastEntry = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="booking-result"]')?.getAttribute('data-entry') ?? '');

/** Waits until a booking newer than `before` is answered on screen. */
async function newResult(page: Page, before: string): Promise<void> {
  await page.waitForFunction((b) => {
    const e = document.querySelector('[data-testid="booking-result"]')?.getAttribute('data-entry');
    return Boolean(e) && e !== b;
  }, before);
}

/** The EAN scanned and the customer chosen where the device cannot tell it (the product's stock lies outside the area). */
async function scanProduct(page: Page): Promise<void> {
  await scan(page, EAN);
  await page.getByTestId('product-preview').waitFor();
  const customer = page.getByTestId('inbound-customer');
  if ((await customer.inputValue()) === '') {
    const label = await customer.locator('option', { hasText: 'Müller' }).first().textContent();
    await customer.selectOption({ label: label?.trim() ?? '' });
  }
}

async function book(page: Page, place: string): Promise<void> {
  const before = await lastEntry(page);
  await scanProduct(page);
  await scan(page, place);
  await newResult(page, before);
}

describe('a worker with an Arbeitsbereich', () => {
  it('holds the area; a place outside it is fetched online, refused offline, and kept once fetched', async () => {
    const admin = await suite.loggedIn(DEMO.admin, DESKTOP);
    await admin.goto('/users');
    await admin.getByRole('button', { name: 'lager bearbeiten' }).click();
    const dialog = admin.getByRole('dialog');
    const area = dialog.getByTestId('work-area');
    await area.getByLabel('Kühlraum').check();
    await screenshot(admin, 'work-area-dialog-1280');
    await dialog.getByTestId('user-form-submit').click();
    await dialog.waitFor({ state: 'detached' });

    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/inbound');
    await waitForServiceWorkerControl(page);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="inbound-customer"]') as HTMLSelectElement | null)?.options.length === 3,
      undefined,
      {
        timeout: 30_000,
      },
    );
    const start = { a1: await qtyAt(page, 'A-01-01'), a2: await qtyAt(page, 'A-01-02'), k1: await qtyAt(page, 'K-01-01') };
    await book(page, 'A-01-01');
    await poll(() => qtyAt(page, 'A-01-01')).toBe(start.a1 + 1);

    await ctx.setOffline(true);
    const before = await lastEntry(page);
    await scanProduct(page);
    await scan(page, 'A-01-02');
    await page.getByText('Lagerplatz A-01-02 ist nicht auf diesem Gerät – online erneut scannen').waitFor();
    await screenshot(page, 'work-area-offline-360');
    // A-01-01 was fetched and kept, K-01-01 lies in the area: offline both book as usual.
    await scan(page, 'A-01-01');
    await newResult(page, before);
    await book(page, 'K-01-01');
    await ctx.setOffline(false);
    await poll(() => qtyAt(page, 'A-01-01')).toBe(start.a1 + 2);
    await poll(() => qtyAt(page, 'K-01-01')).toBe(start.k1 + 1);
    expect(await qtyAt(page, 'A-01-02')).toBe(start.a2);
  });
});
