import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import { DEMO, expectCount, expectText, expectTextContains, loginInLanguage, PHONE, scan, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * The stock scan screens in the worker's language (docs/architecture.md
 * "Languages"): Einlagern, Auslagern, Umlagern, Suche and the goods receipt
 * on a 360 px handheld. English books by scans, Polish meets the device's
 * own refusals, Ukrainian shows the screens mid-flow; every screen is
 * photographed in every language.
 */

/** The demo catalogue's EANs (server/db/seed.ts demoEan). */
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);
/** The demo announcement of K-10001 that the manager confirmed (products 16 × 24 and 18 × 36). */
const ANNOUNCEMENT = 'LS-MN-4698';

const suite = e2eSuite();

/** Screenshots without the short-lived scan toasts in front. */
async function shot(page: Page, name: string): Promise<void> {
  await expectCount(page.locator('[data-toast]'), 0);
  await screenshot(page, name);
}

/** Switches the worker's language in Profil (stored with the user) and waits until the app speaks it. */
async function switchTo(page: Page, language: 'pl' | 'uk'): Promise<void> {
  await page.goto('/profile');
  await page.getByTestId('profile-language').selectOption(language);
  await page.getByTestId('profile-form').locator('button[type="submit"]').click();
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
}

/** Opens the goods receipt of the confirmed demo announcement. */
async function openReceipt(page: Page): Promise<void> {
  await page.goto('/notifications');
  const card = page.locator('[data-testid^="notification-AV-"]', { hasText: ANNOUNCEMENT });
  await card.getByTestId('notification-receive').click();
  await page.getByTestId('receipt-flow').waitFor();
}

async function scanInto(page: Page, testId: string, code: string): Promise<void> {
  await page.getByTestId(testId).click();
  await scan(page, code);
}

describe('stock scan screens in the worker language', () => {
  it('a worker books in English, meets the device checks in Polish and walks the screens in Ukrainian', async () => {
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginInLanguage(page, DEMO.worker, 'en');

    // --- English: a real scan flow on every screen ---
    await page.goto('/inbound');
    await page.getByRole('heading', { name: 'Put away' }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="inbound-customer"]') as HTMLSelectElement | null)?.options.length === 3,
      undefined,
      {
        timeout: 30_000,
      },
    );
    await page.getByTestId('inbound-customer').selectOption({ label: 'Müller Naturkost GmbH (K-10001)' });
    await scan(page, demoEan(2));
    await page.getByTestId('product-preview').waitFor();
    await page.getByTestId('inbound-qty').fill('3');
    await scanInto(page, 'inbound-shelf', 'A-02-01');
    await expectText(page.getByTestId('booking-message'), /^Put away: .+ \(3 pcs\) at .*A-02-01$/);
    await expectText(page.getByTestId('booking-sync'), /syncing|✓ synced/);
    await shot(page, 'language-inbound-en-360');

    await page.goto('/outbound');
    await page.getByText('Step 1: Scan EAN').waitFor();
    await scan(page, demoEan(0));
    await page.getByTestId('outbound-place-A-01-01').waitFor();
    await page.getByText('Total available:').waitFor();
    await scanInto(page, 'outbound-shelf', 'A-01-01');
    await expectText(page.getByTestId('booking-message'), /^Taken out: .+ \(1 pcs\)$/);
    await shot(page, 'language-outbound-en-360');

    await page.goto('/relocate');
    await page.getByText('Step 1: Scan source location').waitFor();
    await scan(page, 'A-01-01');
    await page.getByTestId('relocate-ean').waitFor();
    await scan(page, demoEan(0));
    await page.getByTestId('relocate-target').waitFor();
    await expectText(page.getByTestId('relocate-choice-0'), /pcs free/);
    await page.getByTestId('relocate-qty').fill('2');
    await scanInto(page, 'relocate-target', 'A-02-02');
    await expectText(page.getByTestId('booking-message'), /^Relocated: .+ \(2 pcs\) from A-01-01 to A-02-02$/);
    await shot(page, 'language-relocate-en-360');

    await page.goto('/search');
    await page.getByTestId('search-input').fill(demoEan(0));
    await page.getByTestId('search-input').press('Enter');
    await expectTextContains(page.getByTestId('search-result').first(), 'Stock:', 'Reserved:', 'Customer:');
    await shot(page, 'language-search-en-360');

    await openReceipt(page);
    await page.getByText('0 of 2 articles recorded').waitFor();
    await scanInto(page, 'receipt-scan', demoEan(16));
    await page.getByTestId('receipt-item-form').waitFor();
    await page.getByTestId('receipt-quantity').fill('24');
    await scanInto(page, 'receipt-location', 'A-01-01');
    await page.getByText(/Chosen: .*A-01-01/).waitFor();
    await page.getByTestId('receipt-confirm').click();
    await page.getByText('1 of 2 articles recorded').waitFor();
    await shot(page, 'language-receipt-en-360');

    // --- Polish: the device's own checks answer in Polish ---
    await switchTo(page, 'pl');
    await page.goto('/inbound');
    await page.getByRole('heading', { name: 'Przyjęcie na magazyn' }).waitFor();
    await page.getByTestId('inbound-submit').click();
    await page.getByText('Kod lokalizacji jest wymagany').waitFor();
    await page.getByText('EAN jest wymagany').waitFor();
    await shot(page, 'language-inbound-pl-360');

    await page.goto('/outbound');
    await page.getByTestId('outbound-ean').waitFor();
    await scan(page, withCheckDigit('400638199999'));
    await page.getByText('Nie znaleziono produktu').waitFor();
    await shot(page, 'language-outbound-pl-360');

    await page.goto('/relocate');
    await page.getByTestId('relocate-source').waitFor();
    await scan(page, 'A-01-01');
    await page.getByTestId('relocate-ean').waitFor();
    // Product 8 lies at A-03-02 only.
    await scan(page, demoEan(8));
    await page.getByText('Brak wolnego stanu tego artykułu w lokalizacji A-01-01').waitFor();
    await shot(page, 'language-relocate-pl-360');

    await page.goto('/search');
    await page.getByTestId('search-input').fill('XQZ-404');
    await page.getByTestId('search-input').press('Enter');
    await page.getByText('Brak wyników dla „XQZ-404”').waitFor();
    await shot(page, 'language-search-pl-360');

    await openReceipt(page);
    await page.getByText('Zarejestrowano 1 z 2 artykułów').waitFor();
    await scanInto(page, 'receipt-scan', demoEan(3));
    await page
      .getByText(`Artykułu o EAN ${demoEan(3)} nie ma w tym awizo`)
      .first()
      .waitFor();
    await scanInto(page, 'receipt-scan', demoEan(18));
    await page.getByTestId('receipt-quantity').fill('36');
    await page.getByTestId('receipt-level1-per').fill('5');
    await expectText(page.getByTestId('receipt-level1-warning'), /Uwaga: 5 × 7 = 35 szt\. \(oczekiwano: 36\)\s*Pozostało 1 szt\./);
    await page.getByTestId('receipt-level1-warning').scrollIntoViewIfNeeded();
    await shot(page, 'language-receipt-pl-360');

    // --- Ukrainian: the screens mid-flow ---
    await switchTo(page, 'uk');
    await page.goto('/inbound');
    await page.getByRole('heading', { name: 'Розміщення' }).waitFor();
    await scan(page, demoEan(2));
    await page.getByTestId('product-preview').waitFor();
    await page.getByText('Скануйте EAN, перевірте кількість, скануйте місце').waitFor();
    await shot(page, 'language-inbound-uk-360');

    await page.goto('/outbound');
    await page.getByTestId('outbound-ean').waitFor();
    await scan(page, demoEan(0));
    await page.getByText('Місця із залишком').or(page.getByText('Усього доступно:')).first().waitFor();
    await page.getByText('Крок 2: Скануйте місце і підтвердьте кількість').waitFor();
    await shot(page, 'language-outbound-uk-360');

    await page.goto('/relocate');
    await page.getByTestId('relocate-source').waitFor();
    await scan(page, 'A-01-01');
    await page.getByTestId('relocate-ean').waitFor();
    await scan(page, demoEan(0));
    await expectText(page.getByTestId('relocate-choice-0'), /шт\. вільно/);
    await page.getByText('Крок 3: Перевірте кількість і скануйте цільове місце').waitFor();
    await shot(page, 'language-relocate-uk-360');

    await page.goto('/search');
    await page.getByTestId('search-input').fill(demoEan(0));
    await page.getByTestId('search-input').press('Enter');
    await expectTextContains(page.getByTestId('search-result').first(), 'Залишок:', 'Клієнт:');
    await shot(page, 'language-search-uk-360');

    await openReceipt(page);
    await page.getByText('Зафіксовано 1 з 2 товарів').waitFor();
    await scanInto(page, 'receipt-scan', demoEan(18));
    await page.getByTestId('receipt-quantity').fill('30');
    await expectText(page.getByTestId('receipt-difference'), 'Нестача: -6 шт.');
    await shot(page, 'language-receipt-uk-360');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uk');
  });
});
