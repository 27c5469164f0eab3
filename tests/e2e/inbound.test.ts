import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import { DEMO, DESKTOP, expectCount, expectText, expectTextContains, expectValue, loginByPassword, PHONE, poll, scan, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * Inbound end to end: a customer announces a delivery of two demo products,
 * staff confirm it, the dock handheld (360×740) takes the announcement into its
 * working set, goes offline, receives both items by scans (one short, one with
 * packaging levels), comes back online and syncs; the customer then sees the
 * receipt details with the discrepancy and the stock in "Mein Bestand".
 */

// Demo products (server/db/seed.ts demoEan): 0 = Bio-Kaffeebohnen 1 kg, 2 = Grüner Tee, 50 Beutel (both Müller Naturkost).
const COFFEE = withCheckDigit('400638133300');
const TEA = withCheckDigit('400638133302');

const suite = e2eSuite();
let number = '';

/** Rows in a Dexie table of the app's IndexedDB (read with the raw API, as the app's Dexie holds it open). */
async function idbCount(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('lagerwerk');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(0);
            return;
          }
          const c = db.transaction(name, 'readonly').objectStore(name).count();
          c.onsuccess = () => {
            resolve(c.result);
            db.close();
          };
          c.onerror = () => reject(c.error);
        };
      }),
    store,
  );
}

async function waitFor(fn: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Screenshots without the short-lived scan toasts in front. */
async function noToasts(page: Page): Promise<void> {
  await expectCount(page.locator('[data-toast]'), 0);
}

/** The announcement numbers listed on the page (the demo data brings some of its own). */
async function listedNumbers(page: Page): Promise<string[]> {
  const ids = await page.locator('[data-testid^="notification-AV-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('notification-', ''));
}

/** Saves the announcement form and answers the number of the announcement it created. */
async function saveNew(page: Page): Promise<string> {
  const before = new Set(await listedNumbers(page));
  await page.getByTestId('notification-save').click();
  let created = '';
  await waitFor(async () => {
    created = (await listedNumbers(page)).find((n) => !before.has(n)) ?? '';
    return created !== '';
  }, 'the new announcement');
  return created;
}

async function addItem(page: Page, ean: string, quantity: string) {
  await page.getByTestId('item-ean').fill(ean);
  // the EAN lookup (>= 8 characters) fills the title from the product database
  await poll(() => page.getByTestId('item-title').inputValue()).not.toBe('');
  await page.getByTestId('item-quantity').fill(quantity);
  await page.getByTestId('item-add').click();
}

describe('inbound announcement to stock, offline at the dock', () => {
  it('a customer announces a delivery of two products', async () => {
    const ctx = await suite.context(DESKTOP);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.customer1);
    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Avisierungen' }).waitFor();
    // the demo data's own announcements of this customer
    await page.locator('[data-testid^="notification-AV-"]').first().waitFor();
    await page.getByTestId('notification-new').click();
    // validation of the form as the spec words it
    await page.getByTestId('item-add').click();
    await page.getByText('Bitte alle Felder ausfüllen').waitFor();
    await page.getByTestId('notification-date').fill('2026-12-01');
    await page.getByTestId('notification-save').click();
    await page.getByText('Bitte mindestens einen Artikel hinzufügen').waitFor();
    await page.getByTestId('notification-date-to').fill('2026-12-03');
    await page.getByTestId('notification-reference').fill('LS-2026-118');
    await page.getByTestId('notification-notes').fill('Anlieferung über Rampe 2');
    await addItem(page, COFFEE, '24');
    await addItem(page, TEA, '10');
    await expectCount(page.getByTestId('notification-draft-item'), 2);
    await screenshot(page, 'notification-form-1280');
    number = await saveNew(page);
    const card = page.getByTestId(`notification-${number}`);
    expect(number).toMatch(/^AV-\d{4}-\d{6}$/);
    await expectTextContains(card, 'Avisiert', '01.12.2026 – 03.12.2026', 'Bio-Kaffeebohnen 1 kg');
    await screenshot(page, 'notifications-customer-1280');
    await ctx.close();
  });

  it('staff confirm it', async () => {
    const ctx = await suite.context(DESKTOP);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.manager);
    await page.goto('/notifications');
    const card = page.getByTestId(`notification-${number}`);
    await card.waitFor();
    await expectText(card.getByTestId('notification-customer'), 'Müller Naturkost GmbH');
    await card.getByTestId('notification-confirm').click();
    await card.getByText('Bestätigt').waitFor();
    await card.getByTestId('notification-receive').waitFor();
    await screenshot(page, 'notifications-staff-1280');
    await ctx.close();
  });

  it('the dock device receives offline by scans and syncs when back online', async () => {
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/notifications');
    const card = page.getByTestId(`notification-${number}`);
    await card.waitFor();
    // the working set (announcement + places) is on the device before the network goes
    await waitFor(async () => (await idbCount(page, 'notification')) > 0 && (await idbCount(page, 'packs')) > 0, 'the working set');

    await ctx.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline').waitFor();
    await card.getByTestId('notification-receive').click();
    await page.getByTestId('receipt-offline').waitFor();
    await page.getByTestId('receipt-flow').waitFor();
    await screenshot(page, 'receipt-modal-start-360');

    // an EAN that is not announced
    await page.getByTestId('receipt-scan').focus();
    await scan(page, '4006381333016');
    await page.getByText('Artikel mit EAN 4006381333016 nicht in dieser Avisierung gefunden').first().waitFor();

    // item 1: coffee, 20 of 24 (short)
    await page.getByTestId('receipt-scan').focus();
    await scan(page, COFFEE);
    await page.getByTestId('receipt-item-form').waitFor();
    await expectText(page.getByTestId('receipt-item-title'), 'Bio-Kaffeebohnen 1 kg');
    await page.getByTestId('receipt-confirm').click();
    await page.getByTestId('receipt-error').getByText('Menge muss größer als 0 sein').waitFor();
    await page.getByTestId('receipt-quantity').fill('20');
    await page.getByTestId('receipt-difference').getByText('Mindermenge: -4').waitFor();
    await page.getByTestId('receipt-confirm').click();
    await page.getByTestId('receipt-error').getByText('Bitte einen Lagerplatz auswählen').waitFor();
    await page.getByTestId('receipt-location').click();
    await scan(page, 'A-01-01');
    await page.getByText(/Gewählt: .*A-01-01/).waitFor();
    await page.getByTestId('receipt-confirm').click();
    await page.getByTestId('receipt-flow').waitFor();
    await page.getByText('1 von 2 Artikeln erfasst').waitFor();

    // item 2: tea, 10 of 10 with packaging levels, batch and best-before date
    await page.getByTestId('receipt-scan').focus();
    await scan(page, TEA);
    await page.getByTestId('receipt-item-form').waitFor();
    await page.getByTestId('receipt-quantity').fill('10');
    await page.getByTestId('receipt-level1-per').fill('4');
    await expectValue(page.getByTestId('receipt-level1-count'), '2');
    await page.getByTestId('receipt-level1-warning').getByText('Warnung: 4 × 2 = 8 Stück (erwartet: 10)').waitFor();
    await page.getByTestId('receipt-level1-warning').getByText('2 Stück übrig').waitFor();
    await page.getByTestId('receipt-level2-per').fill('2');
    await expectValue(page.getByTestId('receipt-level2-count'), '5');
    await expectCount(page.getByTestId('receipt-level2-warning'), 0);
    await page.getByTestId('receipt-batch').fill('L-2611');
    await page.getByTestId('receipt-expiry').fill('2027-06-30');
    await page.getByTestId('receipt-location').click();
    await scan(page, 'A-01-02');
    await page.getByText(/Gewählt: .*A-01-02/).waitFor();
    await page.getByTestId('receipt-level2-count').scrollIntoViewIfNeeded();
    await noToasts(page);
    await screenshot(page, 'receipt-modal-item-360');
    await page.getByTestId('receipt-confirm').click();
    await page.getByText('2 von 2 Artikeln erfasst').waitFor();
    await page.getByTestId(`receipt-item-${COFFEE}`).getByText('Mindermenge: -4').waitFor();
    await noToasts(page);
    await screenshot(page, 'receipt-modal-done-360');
    await page.getByTestId('receipt-finish').click();

    // three mutations wait on the device
    await poll(() => idbCount(page, 'outbox')).toBe(3);
    await page
      .getByText(/Abschluss von AV-.* vorgemerkt/)
      .first()
      .waitFor();
    // the card shows what this device received and has not synced yet
    const pendingLines = page.getByTestId(`notification-${number}`).getByTestId('item-pending');
    await poll(async () => (await pendingLines.allTextContents()).sort()).toEqual([
      '+10 auf diesem Gerät, noch nicht übertragen',
      '+20 auf diesem Gerät, noch nicht übertragen',
    ]);
    await noToasts(page);
    await screenshot(page, 'notifications-offline-360');

    await ctx.setOffline(false);
    await page.getByTestId('sync-status').getByText('Offline').waitFor({ state: 'detached' });
    await waitFor(async () => (await idbCount(page, 'outbox')) === 0, 'the outbox to drain');
    await page.reload();
    await page.getByTestId(`notification-${number}`).getByText('Abgeschlossen').waitFor();
    await expectCount(page.getByTestId(`notification-${number}`).getByTestId('item-pending'), 0);
    await ctx.close();
  });

  it('the customer sees the receipt details with the discrepancy and the stock in Mein Bestand', async () => {
    const ctx = await suite.context(DESKTOP);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.customer1);
    await page.goto('/notifications');
    const card = page.getByTestId(`notification-${number}`);
    await card.getByText('Abgeschlossen').waitFor();
    await card.getByTestId('receipt-details-toggle').click();
    await card.getByTestId('receipt-details').waitFor();
    const rows = card.getByTestId('receipt-detail-row');
    await expectCount(rows, 2);
    const discrepancies = card.getByTestId('receipt-discrepancy');
    await expectTextContains(discrepancies.nth(0), '-4', 'Mindermenge');
    await expectTextContains(discrepancies.nth(1), '0');
    await expectTextContains(rows.nth(0), '24', '20');
    await screenshot(page, 'notifications-receipts-customer-1280');

    await page.goto('/my-stock');
    // seed: coffee 48 + 12, tea 120 → plus 20 and 10 received
    await page.getByTestId(`my-stock-${COFFEE}`).getByTestId('my-stock-total').getByText('80').waitFor();
    await page.getByTestId(`my-stock-${TEA}`).getByTestId('my-stock-total').getByText('130').waitFor();
    await expectTextContains(page.getByTestId(`my-stock-${COFFEE}`).getByTestId('ve-summary'), '13 Karton à 6 Stück');
    const body = (await page.textContent('body')) ?? '';
    expect(body).not.toContain('Schmidt');
    expect(body).not.toContain('USB-C Ladekabel');
    // The page's products and the customer's sums above them (the sums cover every page).
    const totals = (await page.getByTestId('my-stock-total').allTextContents()).map((x) => Number(x.replace(/\./g, '')));
    const products = totals.length;
    await expectText(page.getByTestId('my-stock-sum-total'), totals.reduce((a, b) => a + b, 0).toLocaleString('de-DE'));
    await expectText(page.getByTestId('my-stock-sum-products'), String(products));
    await expectText(page.getByTestId('my-stock-shown'), `${products} von ${products} Produkten angezeigt`);
    await expectCount(page.getByTestId('my-stock-more'), 0);
    await screenshot(page, 'my-stock-customer-1280');
    // The server searches; the sums stay the customer's.
    await page.getByRole('textbox', { name: 'Suche' }).fill('Kaffee');
    await expectCount(page.getByTestId(`my-stock-${TEA}`), 0);
    await page.getByTestId(`my-stock-${COFFEE}`).waitFor();
    await expectText(page.getByTestId('my-stock-shown'), '1 von 1 Produkten angezeigt');
    await expectText(page.getByTestId('my-stock-sum-products'), String(products));
    await ctx.close();
  });

  it('staff see the overview and the product detail with the receipt in its history', async () => {
    const ctx = await suite.context(DESKTOP);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.manager);
    await page.goto('/inventory');
    await page.getByRole('heading', { name: 'Bestandsübersicht' }).waitFor();
    await page.getByTestId('overview-search').fill('Kaffee');
    await expectCount(page.getByTestId('overview-row'), 1);
    await page.getByRole('button', { name: 'Lagerorte anzeigen' }).click();
    await page.getByText('Letzte Bewegungen').first().waitFor();
    await screenshot(page, 'inventory-overview-1280');
    await page.setViewportSize(PHONE);
    await page.getByTestId('page-info').waitFor();
    await screenshot(page, 'inventory-overview-360');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('overview-search').fill('gibt es nicht');
    await page.getByText('Keine Produkte gefunden').waitFor();
    await page.getByTestId('overview-search').fill('Kaffee');
    await page.getByRole('link', { name: 'Bio-Kaffeebohnen 1 kg' }).click();
    await page.getByRole('tab', { name: /Historie \(\d+\)/ }).click();
    await page.getByText(`Avisierung ${number}`).first().waitFor();
    await screenshot(page, 'product-detail-history-1280');
    await page.getByRole('tab', { name: /Orte \(\d+\)/ }).click();
    // an unknown product sends the user back to the overview with the spec's message
    await page.goto('/warehouse/products/999999');
    await page.getByText('Produkt nicht gefunden').first().waitFor();
    await page.waitForURL(/\/inventory$/);
    await ctx.close();
  });
  it('another customer sees none of it and may cancel their own announcement after the confirmation question', async () => {
    const ctx = await suite.context(DESKTOP);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.customer2);
    await page.goto('/notifications');
    await page.locator('[data-testid^="notification-AV-"]').first().waitFor();
    expect((await page.textContent('body')) ?? '').not.toContain(number);
    expect((await page.textContent('body')) ?? '').not.toContain('Müller');
    await page.getByTestId('notification-new').click();
    await page.getByTestId('notification-date').fill('2026-12-10');
    await addItem(page, withCheckDigit('400638133305'), '5');
    const card = page.getByTestId(`notification-${await saveNew(page)}`);
    await card.getByText('Avisiert').waitFor();
    await card.getByTestId('notification-cancel').click();
    await page.getByText('Möchten Sie diese Avisierung wirklich stornieren?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Stornieren' }).click();
    await card.getByText('Storniert').waitFor();
    await expectCount(card.getByTestId('notification-cancel'), 0);
    await page.goto('/my-stock');
    await page.getByTestId(`my-stock-${withCheckDigit('400638133305')}`).waitFor();
    const body = (await page.textContent('body')) ?? '';
    expect(body).not.toContain('Bio-Kaffeebohnen');
    expect(body).not.toContain('Müller');
    await ctx.close();
  });
});
