import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../shared/i18n/languages';
import { DEMO, expectText, loginInLanguage, PHONE } from './helpers/browser';
import { scanWhenFocused, shot } from './helpers/picking';
import { ean13, leftCorner, orderBody, screen, waitPhase } from './helpers/rolling';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * Picking and packing verification in the worker's language
 * (docs/architecture.md "Languages"): a single-order wave picked in English,
 * a rolling wave in Polish (with a wrong place refused on the device), and
 * the rolling pallet's verification at the packing station in Ukrainian
 * (with a product of the other order refused). Every screen is
 * photographed at 360 px in the language it is walked in; the start screens
 * (order selection, pallet scan, packing station) in all three.
 */
const suite = e2eSuite();
const api = apiClient(() => suite.server.url);

/** Logs the worker in on a fresh device, choosing the language on the login screen. */
async function loginIn(language: Exclude<Language, 'de'>): Promise<Page> {
  const page = await (await suite.context(PHONE)).newPage();
  await loginInLanguage(page, DEMO.worker, language);
  return page;
}

/** The order selection and the pallet scan of `order` (then back), photographed in the language in use. */
async function startScreens(page: Page, language: string, order: string, refusal: string): Promise<void> {
  await page.goto('/warehouse/picking');
  await page.getByTestId(`picking-order-${order}`).waitFor({ timeout: 30_000 });
  await page.getByTestId('picking-single').click();
  await toast(page, refusal);
  await page.getByTestId(`picking-order-${order}`).click();
  await shot(page, `language-picking-select-${language}-360`);
  await page.getByTestId('picking-single').click();
  await page.getByTestId('picking-scan-pallet').waitFor();
  await shot(page, `language-picking-pallet-${language}-360`);
}

describe('picking and packing in the worker language', () => {
  it('a wave picked in English, a rolling wave in Polish, its pallet verified at packing in Ukrainian', async () => {
    // Two new products on two places, four orders of the demo customer: one single, two rolling, one only selected.
    const me = await api<{ customer_id: number }>(DEMO.customer1, '/auth/me');
    const locations = await api<Array<{ barcode: string; rack_id: number }>>(DEMO.admin, '/locations/');
    const places = [locations[0], locations.find((l) => l.rack_id !== locations[0].rack_id) ?? locations[1]];
    const stamp = String(Date.now()).slice(-7);
    const products = await Promise.all(
      [0, 1].map((i) =>
        api<{ id: number; ean: string; title: string }>(DEMO.admin, '/products/', 'POST', { ean: ean13(`43${stamp}01${i}`), title: `Sprachtest ${i + 1}` }),
      ),
    );
    for (const [i, p] of products.entries()) {
      await api(DEMO.admin, '/inbound', 'POST', { ean: p.ean, quantity: 3, location_barcode: places[i].barcode, customer_id: me.customer_id });
    }
    const order = (name: string, product: number) =>
      api<{ id: number; order_number: string }>(
        DEMO.customer1,
        '/outbound-orders/',
        'POST',
        orderBody(name, [{ product_id: products[product].id, quantity: 1 }]),
      );
    const single = await order('Sprache Einzeln', 0);
    const rolling = [await order('Sprache Rolling 1', 0), await order('Sprache Rolling 2', 1)];
    const spare = await order('Sprache Rest', 0);
    const disps = (await api<Array<{ barcode: string; status: string }>>(DEMO.admin, '/disposable-pallets/?limit=50')).filter((r) => r.status === 'available');
    const [dispSingle, dispRolling] = disps.map((r) => r.barcode);
    expect(dispRolling).toMatch(/^DISP-/);

    // --- English: single-order picking, EAN then place, finished ---
    const en = await loginIn('en');
    await startScreens(en, 'en', single.order_number, 'Select at least one order');
    await scanWhenFocused(en, dispSingle);
    await en.getByTestId('single-picking').waitFor({ timeout: 30_000 });
    await expectText(en.getByTestId('picking-position'), 'Product 1 of 1 • Location 1 of 1');
    await shot(en, 'language-picking-single-en-360');
    await scanWhenFocused(en, products[0].ean);
    await toast(en, 'Article correct – now scan the location');
    await en.getByTestId('picking-report-shortage').click();
    await en.getByTestId('shortage-found').waitFor();
    await shot(en, 'language-picking-shortage-en-360');
    await en.getByTestId('shortage-cancel').click();
    await scanWhenFocused(en, places[0].barcode);
    await toast(en, `1 × ${products[0].title} picked`);
    await en.getByTestId('picking-all-done').waitFor();
    await shot(en, 'language-picking-all-done-en-360');
    await en.getByTestId('picking-finish').click();
    await expectText(en.getByTestId('picking-done-message'), `Pallet ${dispSingle} ready for packing`);
    await shot(en, 'language-picking-done-en-360');
    await en.goto('/warehouse/packing');
    await en.getByTestId('packing-scan-pallet').waitFor();
    await shot(en, 'language-packing-pallet-en-360');

    // --- Polish: rolling over two places; a wrong place is refused on the device ---
    const pl = await loginIn('pl');
    await startScreens(pl, 'pl', spare.order_number, 'Wybierz co najmniej jedno zamówienie');
    await pl.getByTestId('picking-pallet-back').click();
    await pl.getByTestId(`picking-order-${spare.order_number}`).click();
    for (const o of rolling) await pl.getByTestId(`picking-order-${o.order_number}`).click();
    await pl.getByTestId('picking-rolling').click();
    await pl.getByTestId('picking-scan-pallet').waitFor();
    await scanWhenFocused(pl, dispRolling);
    await pl.getByTestId('rolling-picking').waitFor({ timeout: 30_000 });
    const waveId = Number(new URL(pl.url()).searchParams.get('wave_id'));
    let first = true;
    for (let n = 0; n < 12 && !(await pl.getByTestId('picking-done').isVisible()); n++) {
      const s = await screen(pl);
      if (s.phase === 'location') {
        if (first) {
          await shot(pl, 'language-rolling-location-pl-360');
          await scanWhenFocused(pl, 'ZZ-99-99');
          await toast(pl, `Zła lokalizacja! Oczekiwano: ${s.location}`);
          await shot(pl, 'language-rolling-wrong-place-pl-360', 'messages');
        }
        await scanWhenFocused(pl, s.location);
        await waitPhase(pl, 'product');
      } else if (s.phase === 'product') {
        if (first) await shot(pl, 'language-rolling-product-pl-360');
        await scanWhenFocused(pl, s.ean);
        await toast(pl, `Odłóż 1 szt. do rogu ${s.corner}`);
        await waitPhase(pl, 'confirm_corner');
      } else {
        if (first) await shot(pl, 'language-rolling-corner-pl-360');
        first = false;
        await scanWhenFocused(pl, dispRolling);
        await leftCorner(pl, s.key);
      }
    }
    await expectText(pl.getByTestId('picking-done-message'), `Paleta ${dispRolling} gotowa do pakowania`);
    await shot(pl, 'language-picking-done-pl-360');
    await expect.poll(async () => (await api<{ status: string }>(DEMO.manager, `/picking-waves/${waveId}`)).status, { timeout: 30_000 }).toBe('completed');
    await pl.goto('/warehouse/packing');
    await pl.getByTestId('packing-scan-pallet').waitFor();
    await shot(pl, 'language-packing-pallet-pl-360');

    // --- Ukrainian: the start screens, then the rolling pallet verified; the other order's product is refused ---
    const uk = await loginIn('uk');
    await startScreens(uk, 'uk', spare.order_number, 'Виберіть принаймні одне замовлення');
    await uk.goto('/warehouse/packing');
    await uk.getByTestId('packing-scan-pallet').waitFor();
    await shot(uk, 'language-packing-pallet-uk-360');
    await scanWhenFocused(uk, dispRolling);
    await uk.getByTestId(`packing-order-${rolling[1].order_number}`).waitFor();
    await uk.getByRole('heading', { name: 'Виберіть замовлення' }).waitFor();
    await shot(uk, 'language-packing-orders-uk-360');
    await uk.getByTestId(`packing-order-${rolling[1].order_number}`).click();
    await uk.locator(`[data-testid="packing-verify"][data-order="${rolling[1].order_number}"]`).waitFor();
    await expectText(uk.getByTestId('packing-verify-progress'), 'Позиції 0 / 1 перевірено · Штуки 0 / 1');
    await shot(uk, 'language-packing-verify-uk-360');
    await scanWhenFocused(uk, products[0].ean);
    await toast(uk, `Товар ${products[0].ean} не належить до цього замовлення!`);
    await shot(uk, 'language-packing-wrong-product-uk-360', 'messages');
    await scanWhenFocused(uk, products[1].ean);
    await uk.locator(`[data-testid="packing-ship"][data-order="${rolling[1].order_number}"]`).waitFor({ timeout: 10_000 });
    await shot(uk, 'language-packing-ship-uk-360');
  }, 240_000);
});
