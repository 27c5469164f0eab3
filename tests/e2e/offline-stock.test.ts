import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import type { InventorySearchResponse, MovementsResponse } from '../../shared/schemas/stock';
import {
  DEMO,
  DESKTOP,
  expectAttr,
  expectDisabled,
  expectText,
  expectTextContains,
  loginByPassword,
  PHONE,
  poll,
  scan,
  screenshot,
  waitForServiceWorkerControl,
} from './helpers/browser';
import { e2eSuite } from './helpers/suite';
import { scanWhenFocused } from './helpers/packing';

/**
 * A shift offline: log in online, go offline, book 5 inbound and 2 outbound
 * scans with the simulated scanner, reload offline (queue intact), go online:
 * the server's stock and movement history show exactly those 7 bookings.
 * Meanwhile a second device takes the last units of a place the first device
 * also booked from offline: the first device shows the German rejection.
 */

/** The demo catalogue's EANs (server/db/seed.ts demoEan). */
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);

const suite = e2eSuite();

/** Scanner-screen page model. */
class ScanPage {
  constructor(readonly page: Page) {}
  pending() {
    return this.page.getByTestId('sync-pending').getAttribute('data-count').then(Number);
  }
  async waitPending(n: number, timeout = 30_000) {
    await this.page.waitForFunction((want) => document.querySelector('[data-testid="sync-pending"]')?.getAttribute('data-count') === String(want), n, {
      timeout,
    });
  }
  private lastEntry() {
    return this.page.evaluate(() => document.querySelector('[data-testid="booking-result"]')?.getAttribute('data-entry') ?? '');
  }
  /** Waits until a booking newer than `before` is answered on screen. */
  private async waitResult(before: string) {
    await this.page.waitForFunction((b) => {
      const e = document.querySelector('[data-testid="booking-result"]')?.getAttribute('data-entry');
      return Boolean(e) && e !== b;
    }, before);
  }
  async inbound(ean: string, qty: number, shelf: string) {
    const before = await this.lastEntry();
    await scan(this.page, ean);
    await this.page.getByTestId('product-preview').waitFor();
    if (qty !== 1) await this.page.getByTestId('inbound-qty').fill(String(qty));
    await scan(this.page, shelf);
    await this.waitResult(before);
  }
  async outbound(ean: string, qty: number, shelf: string) {
    const before = await this.lastEntry();
    await scan(this.page, ean);
    await this.page.getByTestId('outbound-shelf').waitFor();
    if (qty !== 1) await this.page.getByTestId('outbound-qty').fill(String(qty));
    await scan(this.page, shelf);
    await this.waitResult(before);
  }
  message() {
    return this.page.getByTestId('booking-message');
  }
}

/** Screenshots without the transient "Gescannt" toasts, from the top of the page. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-toast="info"]'), undefined, { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '';
}

async function searchStock(page: Page, tok: string, query: string): Promise<InventorySearchResponse> {
  const res = await page.request.post(`${suite.server.url}/api/inventory/search`, { data: { query, limit: 50 }, headers: { Authorization: `Bearer ${tok}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

async function qtyAt(page: Page, tok: string, ean: string, barcode: string): Promise<number> {
  const rows = await searchStock(page, tok, ean);
  return rows.filter((r) => r.product_ean === ean && r.location_barcode === barcode).reduce((s, r) => s + r.quantity, 0);
}

async function movements(page: Page, tok: string): Promise<MovementsResponse> {
  const res = await page.request.get(`${suite.server.url}/api/movements?limit=100`, { headers: { Authorization: `Bearer ${tok}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Logged in, service worker controlling (so that an offline reload works), working set pulled. */
async function readyDevice(ctx: BrowserContext, user: (typeof DEMO)[keyof typeof DEMO]): Promise<Page> {
  const page = await ctx.newPage();
  await loginByPassword(page, user);
  await page.goto('/inbound');
  await waitForServiceWorkerControl(page);
  // the working set is there when the customer list is filled from Dexie
  await page.waitForFunction(() => (document.querySelector('[data-testid="inbound-customer"]') as HTMLSelectElement | null)?.options.length === 3, undefined, {
    timeout: 30_000,
  });
  return page;
}

describe('offline shift on a handheld', () => {
  it('books 7 scans offline, survives a reload, syncs exactly once, and shows a rejection from a conflict', async () => {
    const ctx1 = await suite.context(PHONE);
    const page = await readyDevice(ctx1, DEMO.worker);
    const dev = new ScanPage(page);
    const tok = await token(page);

    const E = { p0: demoEan(0), p1: demoEan(1), p2: demoEan(2), p3: demoEan(3), p4: demoEan(4), p8: demoEan(8) };
    const before = {
      p2A0201: await qtyAt(page, tok, E.p2, 'A-02-01'),
      p3A0202: await qtyAt(page, tok, E.p3, 'A-02-02'),
      p0A0101: await qtyAt(page, tok, E.p0, 'A-01-01'),
      p4C0101: await qtyAt(page, tok, E.p4, 'C-01-01'),
      p8A0302: await qtyAt(page, tok, E.p8, 'A-03-02'),
      p1A0102: await qtyAt(page, tok, E.p1, 'A-01-02'),
    };
    expect(before.p0A0101).toBe(48);
    expect(before.p1A0102).toBe(36);
    expect(before.p8A0302).toBe(10);
    const lastMovementBefore = Math.max(0, ...(await movements(page, tok)).map((m) => m.id));

    // p3 and p4 have no stock and are on no open line: not on the device until scanned online once, which
    // fetches them from the server and keeps them (docs/sync.md "Entities").
    for (const ean of [E.p3, E.p4]) {
      await scan(page, ean);
      await expectTextContains(page.getByTestId('product-preview'), ean);
      await page.goto('/inbound');
      await page.getByTestId('inbound-customer').waitFor();
    }

    await ctx1.setOffline(true);
    await expectTextContains(page.getByTestId('sync-status'), 'Offline');

    // --- Einlagern offline: 5 scans ---
    await page.getByTestId('inbound-customer').selectOption({ label: 'Müller Naturkost GmbH (K-10001)' });
    await dev.inbound(E.p2, 3, 'A-02-01');
    await expectText(dev.message(), /^Erfolgreich eingelagert: .+ \(3 Stück\) an Halle 1 \/ Hauptlager \/ A-02-01$/);
    await expectTextContains(page.getByTestId('booking-sync'), 'wird synchronisiert');
    await dev.inbound(E.p3, 1, 'A-02-02');
    await dev.inbound(E.p0, 2, 'A-01-01');
    await dev.inbound(E.p4, 5, 'C-01-01');
    await dev.inbound(E.p2, 1, 'A-02-01');
    await dev.waitPending(5);
    await expectText(dev.message(), /^Erfolgreich eingelagert: .+ \(1 Stück\) an Halle 1 \/ Hauptlager \/ A-02-01$/);
    await shot(page, 'inbound-offline-360');

    // --- Auslagern offline: 2 scans ---
    await page.goto('/outbound');
    await page.getByTestId('outbound-ean').waitFor();
    await scanWhenFocused(page, E.p0);
    await page.getByTestId('outbound-place-A-01-01').waitFor();
    // local available includes the offline inbound (+2)
    await expectText(page.getByTestId('outbound-place-A-01-01').getByTestId('place-available'), '50');
    await shot(page, 'outbound-pick-360');
    await page.getByTestId('outbound-qty').fill('2');
    await scan(page, 'A-01-01');
    await page.getByTestId('booking-message').waitFor();
    await expectText(dev.message(), /^Erfolgreich ausgelagert: .+ \(2 Stück\)$/);
    // the message renders with the booking; the place's figure follows with the local stock's live query
    await expectText(page.getByTestId('outbound-place-A-01-01').getByTestId('place-available'), '48');
    // back to the lookup after 3 s
    await page.getByTestId('outbound-ean').waitFor({ timeout: 6000 });
    await dev.outbound(E.p8, 4, 'A-03-02');
    await dev.waitPending(7);

    // --- reload while offline: the queue is intact ---
    await page.reload();
    await page.getByTestId('outbound-ean').waitFor();
    await dev.waitPending(7);
    expect(await dev.pending()).toBe(7);

    // --- an 8th booking that will conflict: 5 of the 36 at A-01-02 ---
    await scanWhenFocused(page, E.p1);
    await page.getByTestId('outbound-place-A-01-02').waitFor();
    await page.getByTestId('outbound-qty').fill('5');
    await scan(page, 'A-01-02');
    await dev.waitPending(8);

    // --- meanwhile a second device (admin, online) takes all 36 at A-01-02 ---
    const ctx2 = await suite.context(PHONE);
    const page2 = await readyDevice(ctx2, DEMO.admin);
    const dev2 = new ScanPage(page2);
    await page2.goto('/outbound');
    await page2.getByTestId('outbound-ean').waitFor();
    await scanWhenFocused(page2, E.p1);
    await page2.getByTestId('outbound-place-A-01-02').waitFor();
    await page2.getByTestId('outbound-qty').fill('36');
    await scan(page2, 'A-01-02');
    // A fresh device's first booking waits for its working set; with another e2e file beside it that took over 30 s once.
    await page2.getByTestId('booking-message').waitFor({ timeout: 60_000 });
    await dev2.waitPending(0);
    await page2.waitForFunction(() => document.querySelector('[data-testid="booking-result"]')?.getAttribute('data-state') === 'synced', undefined, {
      timeout: 30_000,
    });

    // --- device 1 back online: everything goes out once ---
    await ctx1.setOffline(false);
    await dev.waitPending(0, 60_000);
    await page.getByTestId('sync-problems').waitFor({ timeout: 30_000 });
    await expectAttr(page.getByTestId('sync-problems'), 'data-count', '1');

    // the server: exactly the 7 bookings of device 1 (plus device 2's one), nothing twice
    const after = (await movements(page, tok)).filter((m) => m.id > lastMovementBefore);
    const mine = after.filter((m) => m.username === 'lager').sort((a, b) => a.id - b.id);
    expect(mine.map((m) => [m.movement_type, m.product_ean, m.quantity, m.location_path.split(' / ').pop()])).toEqual([
      ['inbound', E.p2, 3, 'A-02-01'],
      ['inbound', E.p3, 1, 'A-02-02'],
      ['inbound', E.p0, 2, 'A-01-01'],
      ['inbound', E.p4, 5, 'C-01-01'],
      ['inbound', E.p2, 1, 'A-02-01'],
      ['outbound', E.p0, 2, 'A-01-01'],
      ['outbound', E.p8, 4, 'A-03-02'],
    ]);
    expect(after.filter((m) => m.username !== 'lager').map((m) => [m.movement_type, m.product_ean, m.quantity])).toEqual([['outbound', E.p1, 36]]);
    expect(await qtyAt(page, tok, E.p2, 'A-02-01')).toBe(before.p2A0201 + 4);
    expect(await qtyAt(page, tok, E.p3, 'A-02-02')).toBe(before.p3A0202 + 1);
    expect(await qtyAt(page, tok, E.p0, 'A-01-01')).toBe(48);
    expect(await qtyAt(page, tok, E.p4, 'C-01-01')).toBe(before.p4C0101 + 5);
    expect(await qtyAt(page, tok, E.p8, 'A-03-02')).toBe(6);
    expect(await qtyAt(page, tok, E.p1, 'A-01-02')).toBe(0);

    // the rejection in German on /sync, kept until acknowledged
    await page.goto('/sync');
    const problem = page.getByTestId('sync-problem');
    await problem.waitFor();
    await expectText(problem.getByTestId('sync-problem-reason'), 'Bestand nicht ausreichend: Platz A-01-02 hat nur 0 Stück verfügbar');
    await expectTextContains(problem, 'Auslagern:');
    await shot(page, 'sync-rejected-360');
    await page.getByTestId('sync-discard').click();
    await page.getByText('Keine Probleme').waitFor();
    // The top-bar badge follows its own live query: it goes once the problem is gone.
    await page.getByTestId('sync-problems').waitFor({ state: 'detached' });

    // Bewegungshistorie for the admin at desktop width
    await page2.setViewportSize(DESKTOP);
    await page2.goto('/movements');
    await page2.getByTestId('movements-table').waitFor();
    await poll(() => page2.getByTestId('movement-row').count()).toBeGreaterThanOrEqual(8);
    await shot(page2, 'movements-1280');

    await ctx2.close();
    await ctx1.close();
  });

  it('Suche and Bewegungshistorie say clearly that they need a network', async () => {
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.admin);
    await page.goto('/search');
    await page.getByTestId('search-input').fill(demoEan(0));
    await page.getByTestId('search-input').press('Enter');
    await page.getByTestId('search-result').first().waitFor();
    await ctx.setOffline(true);
    await page.getByTestId('search-offline').waitFor();
    await expectText(page.getByTestId('search-offline'), 'Keine Verbindung – die Suche braucht eine Netzwerkverbindung');
    await ctx.setOffline(false);
    await ctx.close();
  });

  it('Auslagern online finds an article received elsewhere since the last pull', async () => {
    const ctx = await suite.context(PHONE);
    const page = await readyDevice(ctx, DEMO.worker);
    const tok = await token(page);
    const headers = { Authorization: `Bearer ${tok}` };
    const ean = withCheckDigit('400638999902');
    // Auslagern is open and its start-up sync is done before the article exists on the server.
    const loadedAt = Date.now();
    await page.goto('/outbound');
    await page.getByRole('heading', { name: 'Auslagern' }).waitFor();
    await page.waitForFunction((t) => {
      const el = document.querySelector('[data-testid="sync-status"]');
      const last = el?.getAttribute('data-last-sync');
      return el?.getAttribute('data-syncing') === 'false' && Boolean(last) && Date.parse(last ?? '') >= t;
    }, loadedAt - 1000);
    const customers = (await (await page.request.get(`${suite.server.url}/api/customers/`, { headers })).json()) as Array<{ id: number; company_name: string }>;
    const mueller = customers.find((c) => c.company_name === 'Müller Naturkost GmbH');
    expect(
      (
        await page.request.post(`${suite.server.url}/api/products/`, {
          headers,
          data: { ean, title: 'Frisch eingetroffen', description: null, keepa_data: null },
        })
      ).status(),
    ).toBe(201);
    const booked = await page.request.post(`${suite.server.url}/api/inbound`, {
      headers,
      data: { ean, quantity: 5, location_barcode: 'A-02-02', notes: '', customer_id: mueller?.id },
    });
    expect(booked.status()).toBe(200);
    await scan(page, ean);
    await page.getByTestId('outbound-shelf').waitFor();
    await expectText(page.getByTestId('outbound-lookup'), /Frisch eingetroffen[\s\S]*A-02-02/);
    await ctx.close();
  });

  it('an unknown EAN opens the manual product dialog; created offline, it is booked after the product', async () => {
    const ctx = await suite.context(PHONE);
    const page = await readyDevice(ctx, DEMO.worker);
    const dev = new ScanPage(page);
    const tok = await token(page);
    await ctx.setOffline(true);
    const ean = withCheckDigit('400638999901');
    await scan(page, ean);
    await page.getByTestId('manual-title').waitFor();
    await expectDisabled(page.getByTestId('manual-create'));
    await page.getByTestId('manual-title').fill('Neuer Artikel offline');
    await page.getByTestId('manual-create').click();
    await page.getByTestId('product-preview').waitFor();
    await page.getByTestId('inbound-customer').selectOption({ label: 'Müller Naturkost GmbH (K-10001)' });
    await scan(page, 'A-03-04');
    await page.getByTestId('booking-message').waitFor();
    await expectText(dev.message(), 'Erfolgreich eingelagert: Neuer Artikel offline (1 Stück) an Halle 1 / Hauptlager / A-03-04');
    await dev.waitPending(2);
    await ctx.setOffline(false);
    await dev.waitPending(0, 60_000);
    await poll(() => qtyAt(page, tok, ean, 'A-03-04')).toBe(1);
    await ctx.close();
  });
});
