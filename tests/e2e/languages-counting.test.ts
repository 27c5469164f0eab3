import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import type { Language } from '../../shared/i18n/languages';
import type { StorageLocation } from '../../shared/schemas/locations';
import type { CreateStocktakeResponse } from '../../shared/schemas/stocktake';
import { DEMO, expectText, expectTextContains, loginInLanguage, PHONE, poll, scan, screenshot, waitForServiceWorkerControl } from './helpers/browser';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * Worker languages on the counting, returns and sync screens (docs/architecture.md
 * "Languages"): one handheld per language, each logged in choosing it on the
 * login screen. English counts a place of a stocktake; Polish receives a
 * return after the device refused it twice (no number; offline, a code it
 * does not hold); Ukrainian counts offline for a stocktake the manager cancels
 * meanwhile, so the sync screen shows the queued booking, then its rejection.
 */

const suite = e2eSuite();
const api = apiClient(() => suite.server.url);
/** The demo catalogue's EANs (server/db/seed.ts demoEan): 8 Schmidt's LED lamp on A-03-02, 1 Müller's article on A-01-02, 17 oat milk. */
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);
const LAMP = demoEan(8);
const MUELLER = demoEan(1);
const OAT_MILK = demoEan(17);
/** The tracking number of Müller's shipped demo order with its announced return of 2 × oat milk (server/db/seed-returns.ts). */
const TRACKING = '05311234567890';

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-toast="info"]'), undefined, { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** A new handheld whose worker logs in choosing `language` on the login screen. */
async function handheld(language: Exclude<Language, 'de'>): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await suite.context(PHONE);
  const page = await ctx.newPage();
  await loginInLanguage(page, DEMO.worker, language);
  return { ctx, page };
}

const pending = (page: Page) => page.getByTestId('sync-pending').getAttribute('data-count').then(Number);

describe('worker languages on counting, returns and sync', () => {
  it('counts in English, receives a return in Polish, and sees a queued then rejected count in Ukrainian', async () => {
    const locations = await api<StorageLocation[]>(DEMO.manager, '/locations/');
    const placeId = (barcode: string) => locations.find((l) => l.barcode === barcode)?.id as number;
    const first = await api<CreateStocktakeResponse>(DEMO.manager, '/stocktakes', 'POST', { name: 'Regal A-03', location_ids: [placeId('A-03-02')] });
    const second = await api<CreateStocktakeResponse>(DEMO.manager, '/stocktakes', 'POST', { name: 'Regal A-01', location_ids: [placeId('A-01-02')] });

    // --- English: a place counted and closed ---
    const en = (await handheld('en')).page;
    await en.goto('/stocktake-count');
    await en.getByTestId(`count-stocktake-${first.number}`).waitFor({ timeout: 30_000 });
    await en.getByText('Several stocktakes are running – which one are you counting?').waitFor();
    await en.getByTestId(`count-stocktake-${first.number}`).click();
    await en.getByText('Step 1: Scan location').waitFor();
    await scan(en, 'A-03-02');
    await expectText(en.getByTestId('count-place'), 'A-03-02');
    await scan(en, LAMP);
    await en.getByTestId('count-qty').fill('7');
    await en.getByTestId('count-qty').press('Enter');
    await expectTextContains(en.getByTestId('booking-message'), 'Counted: ', '7 pcs at A-03-02');
    await en.getByText('Counted by you at this location').waitFor();
    await shot(en, 'language-stocktake-count-en-360');
    await en.getByTestId('count-done').click();
    await expectText(en.getByTestId('booking-message'), 'Location A-03-02 counted');
    await en.goto('/returns-receive');
    await en.getByText('Step 1: Scan order or tracking number').waitFor();
    await shot(en, 'language-returns-receive-en-360');
    await en.goto('/sync');
    await en.getByRole('heading', { name: /^Pending \(\d+\)$/ }).waitFor();
    await poll(() => pending(en)).toBe(0);
    await en.getByText('All bookings are sent').waitFor();
    await shot(en, 'language-sync-en-360');

    // --- Polish: the device refuses, then the return is received ---
    const { ctx: plDevice, page: pl } = await handheld('pl');
    await pl.goto('/returns-receive');
    await pl.getByText('Krok 1: Zeskanuj numer zamówienia lub przesyłki').waitFor();
    await pl.getByTestId('return-receive-submit').click();
    await pl.getByText('Podaj numer zamówienia lub przesyłki').waitFor();
    // Without network a code the device does not hold is refused on the device.
    await plDevice.setOffline(true);
    await pl.getByTestId('return-receive-code').focus();
    await scan(pl, 'X-404');
    await pl.getByText('Brak zgłoszonego zwrotu dla „X-404” na tym urządzeniu (bez sieci nie szukamy dalej)').waitFor();
    await shot(pl, 'language-returns-receive-refused-pl-360');
    await plDevice.setOffline(false);
    // The working set holds the return once the first pull is done: scan until the device finds it.
    await expect
      .poll(
        async () => {
          await pl.getByTestId('return-receive-code').fill('');
          await pl.getByTestId('return-receive-code').focus();
          await scan(pl, TRACKING);
          return pl
            .getByTestId('return-number')
            .waitFor({ timeout: 2000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await pl.getByText('Krok 2: Zeskanuj EAN artykułu').waitFor();
    await scan(pl, OAT_MILK);
    await pl.getByTestId('return-receive-place').waitFor();
    await pl.getByTestId('return-receive-qty').fill('2');
    await pl.getByRole('button', { name: 'Jak nowy' }).waitFor();
    await shot(pl, 'language-returns-receive-details-pl-360');
    await pl.getByTestId('return-receive-place').focus();
    await scan(pl, 'A-01-01');
    await expectText(pl.getByTestId('booking-message'), /^Przyjęto: 2 × .+ – Na stan → A-01-01$/);
    await expectText(pl.getByTestId(`return-line-${OAT_MILK}`).getByTestId('return-line-received'), '2');
    await shot(pl, 'language-returns-receive-pl-360');
    await pl.goto('/stocktake-count');
    await pl.getByText('Trwa kilka inwentaryzacji – którą liczysz?').waitFor({ timeout: 30_000 });
    await shot(pl, 'language-stocktake-count-pl-360');
    await pl.goto('/sync');
    await pl.getByRole('heading', { name: /^Oczekujące \(\d+\)$/ }).waitFor();
    await poll(() => pending(pl)).toBe(0);
    await pl.getByText('Wszystkie operacje zostały wysłane').waitFor();
    await shot(pl, 'language-sync-pl-360');

    // --- Ukrainian: a count queued offline for a stocktake cancelled meanwhile ---
    const { ctx, page: uk } = await handheld('uk');
    await uk.goto('/returns-receive');
    await uk.getByText('Крок 1: Скануйте номер замовлення або відправлення').waitFor();
    await shot(uk, 'language-returns-receive-uk-360');
    await uk.goto('/stocktake-count');
    await waitForServiceWorkerControl(uk);
    await uk.getByTestId(`count-stocktake-${second.number}`).waitFor({ timeout: 30_000 });
    await ctx.setOffline(true);
    await uk.getByTestId(`count-stocktake-${second.number}`).click();
    await uk.getByText('Крок 1: Скануйте місце').waitFor();
    await scan(uk, 'A-01-02');
    await expectText(uk.getByTestId('count-place'), 'A-01-02');
    await scan(uk, MUELLER);
    await uk.getByTestId('count-qty').fill('5');
    await uk.getByTestId('count-qty').press('Enter');
    await expectTextContains(uk.getByTestId('booking-message'), 'Пораховано: ', '5 шт., місце A-01-02');
    await shot(uk, 'language-stocktake-count-uk-360');
    await poll(() => pending(uk)).toBe(1);
    await api(DEMO.manager, `/stocktakes/${second.id}/cancel`, 'POST');

    await uk.getByTestId('sync-pending').click();
    await uk.getByRole('heading', { name: 'Очікують (1)' }).waitFor();
    await expectText(uk.getByTestId('sync-screen-online'), 'Офлайн');
    await expectText(
      uk.getByTestId('sync-pending-item').locator('div').first(),
      new RegExp(`^Інвентаризація ${second.number}: .+ пораховано на місці A-01-02 \\(5 шт\\.\\)$`),
    );
    await shot(uk, 'language-sync-queued-uk-360');

    await ctx.setOffline(false);
    await uk.getByTestId('sync-problem').waitFor({ timeout: 60_000 });
    await uk.getByRole('heading', { name: 'Відхилені (1)' }).waitFor();
    // The section of every device's refusals asks the server; after a reload it holds the one just made.
    await uk.reload();
    await uk.getByTestId('sync-rejection-card').getByText('Підрахунок інвентаризації').waitFor({ timeout: 30_000 });
    await shot(uk, 'language-sync-uk-360');
    await uk.getByTestId('sync-discard').click();
    await toast(uk, 'Операцію видалено');
    await uk.getByText('Проблем немає').waitFor();
  });
});
