import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import type { StorageLocation } from '../../shared/schemas/locations';
import type { BookStocktakeResponse, CreateStocktakeResponse, StocktakeDetail } from '../../shared/schemas/stocktake';
import {
  DEMO,
  expectCount,
  expectText,
  expectTextContains,
  loginByPassword,
  PHONE,
  poll,
  scan,
  screenshot,
  waitForServiceWorkerControl,
} from './helpers/browser';
import { apiClient, e2eSuite } from './helpers/suite';

/**
 * "Inventur zählen" on a handheld (360 px) without network (docs/operations.md
 * "Stocktake"): a manager's blind stocktake of two places exists; the worker
 * goes offline, counts both places blind (one difference), closes each with
 * "Platz fertig", comes online; the server books every count once, and the
 * manager's review shows the counts and the difference, which the manager books.
 */

const suite = e2eSuite();
const api = apiClient(() => suite.server.url);
/** The demo catalogue's EANs (server/db/seed.ts demoEan): 8 Schmidt's LED lamp on A-03-02, 1 Müller's article on A-01-02. */
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);
const PLACES = [
  { barcode: 'A-03-02', ean: demoEan(8), off: 0 },
  { barcode: 'A-01-02', ean: demoEan(1), off: -1 },
];

/** Screenshots without the transient "Gescannt" toasts, from the top of the page. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-toast="info"]'), undefined, { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const pending = (page: Page) => page.getByTestId('sync-pending').getAttribute('data-count').then(Number);

describe('Inventur zählen on a handheld', () => {
  it('counts two places blind offline, closes them, and after sync the manager reviews and books the one difference', async () => {
    const locations = await api<StorageLocation[]>(DEMO.manager, '/locations/');
    const ids = PLACES.map((p) => locations.find((l) => l.barcode === p.barcode)?.id as number);
    const st = await api<CreateStocktakeResponse>(DEMO.manager, '/stocktakes', 'POST', { name: 'Regal A Stichprobe', location_ids: ids });
    const review = () => api<StocktakeDetail>(DEMO.manager, `/stocktakes/${st.id}`);
    // A second one counting (the cold room's K-01-01): the handheld asks which one is counted.
    const other = locations.find((l) => l.barcode === 'K-01-01')?.id as number;
    await api<CreateStocktakeResponse>(DEMO.manager, '/stocktakes', 'POST', { name: 'Kühlraum', location_ids: [other] });
    // What the manager expects (the counter never sees it): one line per place in the demo data.
    const expected = new Map((await review()).places.map((p) => [p.location_barcode, p.lines]));
    for (const p of PLACES) expect(expected.get(p.barcode)?.map((l) => l.ean)).toEqual([p.ean]);

    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/stocktake-count');
    await waitForServiceWorkerControl(page);
    // The working set is on the device once the counting stocktakes are offered.
    await page.getByTestId(`count-stocktake-${st.number}`).waitFor({ timeout: 30_000 });
    await ctx.setOffline(true);
    await expectTextContains(page.getByTestId('sync-status'), 'Offline');
    await shot(page, 'stocktake-count-choose-360');
    await page.getByTestId(`count-stocktake-${st.number}`).click();
    await page.getByTestId('count-place-input').waitFor();
    await shot(page, 'stocktake-count-place-360');

    // A place outside the stocktake is refused in German.
    await scan(page, 'A-01-01');
    await expectTextContains(page.locator('form'), `Lagerplatz A-01-01 gehört nicht zur Inventur ${st.number}`);

    for (const [i, p] of PLACES.entries()) {
      const quantity = (expected.get(p.barcode)?.[0].expected ?? 0) + p.off;
      await page.getByTestId('count-place-input').focus();
      await scan(page, p.barcode);
      await expectText(page.getByTestId('count-place'), p.barcode);
      await scan(page, p.ean);
      await page.getByTestId('count-qty').waitFor();
      if (i === 0) await shot(page, 'stocktake-count-qty-360');
      await page.getByTestId('count-qty').fill(String(quantity + 1));
      await page.getByTestId('count-qty').press('Enter');
      await expectTextContains(page.getByTestId('booking-message'), `${quantity + 1} Stück an ${p.barcode}`);
      // Counting the same EAN again replaces the count (the screen says so).
      await scan(page, p.ean);
      await expectTextContains(page.getByTestId('count-replaces'), `Bereits gezählt: ${quantity + 1}`);
      await page.getByTestId('count-qty').fill(String(quantity));
      await page.getByTestId('count-qty').press('Enter');
      await expectTextContains(page.getByTestId('booking-message'), `${quantity} Stück an ${p.barcode}`);
      await expectCount(page.getByTestId('count-line'), 1);
      await expectText(page.getByTestId('count-line-qty'), String(quantity));
      if (i === 0) await shot(page, 'stocktake-count-counted-360');
      await page.getByTestId('count-done').click();
      await expectTextContains(page.getByTestId('booking-message'), `Platz ${p.barcode} fertig gezählt`);
    }
    // Blind: the screen never named an expected quantity.
    expect(await page.getByText('Soll').count()).toBe(0);
    await poll(() => pending(page)).toBe(6);
    await expectText(page.getByTestId('count-progress'), '2/2 Plätze fertig');
    await shot(page, 'stocktake-count-offline-360');

    await ctx.setOffline(false);
    await poll(() => pending(page)).toBe(0);
    const after = await review();
    const byPlace = new Map(after.places.map((p) => [p.location_barcode, p]));
    for (const p of PLACES) {
      expect(byPlace.get(p.barcode)).toMatchObject({
        done: true,
        lines: [{ ean: p.ean, counted: (expected.get(p.barcode)?.[0].expected ?? 0) + p.off, difference: p.off }],
      });
    }
    const booked = await api<BookStocktakeResponse>(DEMO.manager, `/stocktakes/${st.id}/book`, 'POST');
    expect(booked).toMatchObject({ status: 'booked', differences: 1, movements: 1 });
  });
});
