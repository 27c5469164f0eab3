import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import type { InventorySearchResponse, MovementsResponse } from '../../shared/schemas/stock';
import {
  DEMO,
  expectText,
  expectTextContains,
  expectValue,
  loginByPassword,
  PHONE,
  poll,
  scan,
  screenshot,
  waitForServiceWorkerControl,
} from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * Umlagern on a handheld (360 px) without network: scan the source place, the
 * EAN, set the quantity and scan the target place; the device moves the units
 * at once, and once online the server books exactly one relocation pair.
 */

/** The demo catalogue's EANs (server/db/seed.ts demoEan). */
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);

const suite = e2eSuite();

/** Screenshots without the transient "Gescannt" toasts, from the top of the page. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-toast="info"]'), undefined, { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const token = async (page: Page) => (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '';

async function qtyAt(page: Page, tok: string, ean: string, barcode: string): Promise<number> {
  const res = await page.request.post(`${suite.server.url}/api/inventory/search`, {
    data: { query: ean, limit: 50 },
    headers: { Authorization: `Bearer ${tok}` },
  });
  expect(res.status()).toBe(200);
  const rows: InventorySearchResponse = await res.json();
  return rows.filter((r) => r.product_ean === ean && r.location_barcode === barcode).reduce((s, r) => s + r.quantity, 0);
}

async function movements(page: Page, tok: string): Promise<MovementsResponse> {
  const res = await page.request.get(`${suite.server.url}/api/movements?limit=100`, { headers: { Authorization: `Bearer ${tok}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Logged in, service worker controlling (so that pages load offline), working set pulled. */
async function readyDevice(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await loginByPassword(page, DEMO.worker);
  await page.goto('/inbound');
  await waitForServiceWorkerControl(page);
  await page.waitForFunction(() => (document.querySelector('[data-testid="inbound-customer"]') as HTMLSelectElement | null)?.options.length === 3, undefined, {
    timeout: 30_000,
  });
  return page;
}

const pending = (page: Page) => page.getByTestId('sync-pending').getAttribute('data-count').then(Number);

describe('Umlagern on a handheld', () => {
  it('relocates offline, shows the move at once, and the server books one relocation pair once online', async () => {
    const ctx = await suite.context(PHONE);
    const page = await readyDevice(ctx);
    const tok = await token(page);
    const ean = demoEan(0);
    const before = { from: await qtyAt(page, tok, ean, 'A-01-01'), to: await qtyAt(page, tok, ean, 'A-02-02') };
    const lastMovementBefore = Math.max(0, ...(await movements(page, tok)).map((m) => m.id));

    await page.goto('/relocate');
    await page.getByTestId('relocate-source').waitFor();
    await ctx.setOffline(true);
    await expectTextContains(page.getByTestId('sync-status'), 'Offline');
    await shot(page, 'relocate-source-360');

    await scan(page, 'A-01-01');
    await page.getByTestId('relocate-ean').waitFor();
    await scan(page, ean);
    await page.getByTestId('relocate-target').waitFor();
    // The quantity starts at all free units of the chosen stock.
    const free = Number(await page.getByTestId('relocate-qty').inputValue());
    expect(free).toBeGreaterThan(5);
    await expectTextContains(page.getByTestId('relocate-choice-0'), `${free} Stück frei`);
    await shot(page, 'relocate-target-360');

    await page.getByTestId('relocate-qty').fill('5');
    await page.getByTestId('relocate-target').focus();
    await scan(page, 'A-02-02');
    await expectText(page.getByTestId('booking-message'), /^Umgelagert: .+ \(5 Stück\) von A-01-01 nach A-02-02$/);
    await expectTextContains(page.getByTestId('booking-sync'), 'wird synchronisiert');
    await poll(() => pending(page)).toBe(1);

    // Offline, the device already counts the 5 units as gone from the source.
    await page.getByTestId('relocate-source').waitFor();
    await scan(page, 'A-01-01');
    await page.getByTestId('relocate-ean').waitFor();
    await scan(page, ean);
    await expectValue(page.getByTestId('relocate-qty'), String(free - 5));
    await shot(page, 'relocate-booked-offline-360');
    expect(await qtyAt(page, tok, ean, 'A-02-02').catch(() => before.to)).toBe(before.to);

    await ctx.setOffline(false);
    await poll(() => pending(page)).toBe(0);
    await page.waitForFunction(() => document.querySelector('[data-testid="booking-result"]')?.getAttribute('data-state') === 'synced', undefined, {
      timeout: 30_000,
    });

    const mine = (await movements(page, tok)).filter((m) => m.id > lastMovementBefore).sort((a, b) => a.id - b.id);
    expect(mine.map((m) => [m.movement_type, m.product_ean, m.direction, m.quantity, m.location_path.split(' / ').pop()])).toEqual([
      ['relocation', ean, 'out', 5, 'A-01-01'],
      ['relocation', ean, 'in', 5, 'A-02-02'],
    ]);
    expect(await qtyAt(page, tok, ean, 'A-01-01')).toBe(before.from - 5);
    expect(await qtyAt(page, tok, ean, 'A-02-02')).toBe(before.to + 5);
    await shot(page, 'relocate-synced-360');
    await ctx.close();
  });
});
