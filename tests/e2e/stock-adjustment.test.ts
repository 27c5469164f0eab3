import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../shared/i18n/format';
import type { InventorySearchResponse, MovementsResponse } from '../../shared/schemas/stock';
import { DEMO, expectText, expectTextContains, screenshot } from './helpers/browser';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * Bestandskorrektur at 1280 px (docs/operations.md "Stock corrections"): the
 * warehouse manager opens a product detail, corrects one unit off as
 * "beschädigt", sees the new quantity and finds the correction with its
 * reason in Bewegungen.
 */

const suite = e2eSuite();
const api = apiClient(() => suite.server.url);

describe('Bestandskorrektur in the product detail', () => {
  it('a manager books −1 beschädigt and sees the quantity and the reason in Bewegungen', async () => {
    const rows = await api<InventorySearchResponse>(DEMO.manager, '/inventory/search', 'POST', { query: 'LED-Schreibtischlampe', limit: 50 });
    const row = rows.find((r) => r.available_quantity > 0 && r.location_barcode);
    expect(row, 'demo stock of the LED lamp').toBeDefined();
    if (!row?.location_barcode) return;

    const page = await suite.loggedIn(DEMO.manager);
    await page.goto(`/warehouse/products/${row.product_id}`);
    await page.getByRole('tab', { name: /Orte/ }).click();
    const place = page.getByTestId('product-place-row').filter({ hasText: row.location_barcode }).filter({ hasText: row.customer_name }).first();
    const quantity = place.getByTestId('product-place-quantity');
    const before = Number(((await quantity.textContent()) ?? '').replace(/\./g, ''));
    await place.getByTestId('correct-stock').click();

    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('adjust-delta').fill('');
    await dialog.getByTestId('adjust-delta').pressSequentially('-1');
    await dialog.getByTestId('adjust-reason').selectOption({ label: 'beschädigt' });
    await dialog.getByTestId('adjust-note').pressSequentially('Karton eingedrückt');
    await screenshot(page, 'stock-adjustment-dialog-1280');
    await dialog.getByTestId('adjust-submit').click();
    await toast(page, 'Korrektur gebucht');
    await expectText(quantity, formatNumber(before - 1));

    await page.getByRole('tab', { name: /Historie/ }).click();
    await expectTextContains(page.getByTestId('product-history').locator('tbody tr').first(), 'Korrektur · beschädigt', 'Karton eingedrückt');

    await page.goto('/movements');
    const first = page.getByTestId('movement-row').first();
    await expectTextContains(first, 'Korrektur · beschädigt', row.product_title, '−1');
    await expectText(page.getByTestId('movements-csv'), 'CSV exportieren');
    await screenshot(page, 'stock-adjustment-movements-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('movements-csv').click()]);
    expect(download.suggestedFilename()).toBe('bewegungen.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFDatum;Typ;Grund;EAN;Produkt;Kunde;Lagerplatz;Charge;Menge;Benutzer;Notiz\r\n')).toBe(true);
    expect(csv).toContain(`;Korrektur;beschädigt;${row.product_ean};`);

    const movements = await api<MovementsResponse>(DEMO.manager, '/movements?movement_type=adjustment&limit=5');
    expect(movements[0]).toMatchObject({ adjustment_reason: 'damaged', quantity: 1, direction: 'out', product_id: row.product_id });
  });

  it('a refusal shows the server German detail in the dialog', async () => {
    const rows = await api<InventorySearchResponse>(DEMO.manager, '/inventory/search', 'POST', { query: 'LED-Schreibtischlampe', limit: 50 });
    const row = rows.find((r) => r.location_barcode);
    if (!row?.location_barcode) throw new Error('no demo stock');
    const page = await suite.loggedIn(DEMO.manager);
    await page.goto(`/warehouse/products/${row.product_id}`);
    await page.getByRole('tab', { name: /Orte/ }).click();
    await page.getByTestId('product-place-row').filter({ hasText: row.location_barcode }).first().getByTestId('correct-stock').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('adjust-delta').pressSequentially('-999999');
    await dialog.getByTestId('adjust-reason').selectOption({ label: 'verloren' });
    await dialog.getByTestId('adjust-submit').click();
    await expectTextContains(dialog.getByTestId('adjust-error'), 'Korrektur nicht möglich');
  });
});
