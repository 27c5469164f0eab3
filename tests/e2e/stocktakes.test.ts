import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import type { StocktakeDetail } from '../../shared/schemas/stocktake';
import { DEMO, DESKTOP, expectCount, expectText, poll, screenshot } from './helpers/browser';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * Inventur in the back office (docs/operations.md "Stocktake"): a manager
 * creates a blind stocktake over the empty cold-room rack K; a worker counts
 * three LED lamps found on K-01-01 and closes every place (through the API,
 * as the handheld would); the manager reviews the difference and books it.
 */

const suite = e2eSuite();
const api = apiClient(() => suite.server.url);
/** The demo catalogue's EANs (server/db/seed.ts demoEan); 8 is Schmidt's LED lamp. */
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);

describe('Inventur', () => {
  it('a manager creates a stocktake over rack K, reviews the counted difference and books it', async () => {
    const page = await suite.loggedIn(DEMO.manager, DESKTOP);
    await page.goto('/stocktakes');
    await page.getByTestId('stocktake-new').click();
    await page.getByTestId('stocktake-name').fill('Kühlraum Regal K');
    await page.getByRole('group', { name: 'Regale' }).getByLabel('K').check();
    await screenshot(page, 'stocktake-create-1280');
    await page.getByTestId('stocktake-create').click();
    await toast(page, 'Plätze');
    await page.getByRole('heading', { name: /^Inventur INV-\d{4}-\d{4} – Kühlraum Regal K$/ }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(id).toBeGreaterThan(0);
    await expectText(page.getByTestId('stocktake-status'), 'Zählung läuft');

    // The worker counts what is there (the handheld's calls).
    const st = await api<StocktakeDetail>(DEMO.worker, `/stocktakes/${id}`);
    expect(st.places).toHaveLength(6);
    const schmidt = (await api<Array<{ id: number; company_name: string }>>(DEMO.manager, '/customers/')).find((c) => c.company_name.startsWith('Schmidt'));
    await api(DEMO.worker, `/stocktakes/${id}/counts`, 'POST', { location_barcode: 'K-01-01', ean: demoEan(8), quantity: 3, customer_id: schmidt?.id });
    for (const p of st.places) await api(DEMO.worker, `/stocktakes/${id}/places/${p.location_barcode}/done`, 'POST');

    await page.reload();
    await expectText(page.getByTestId('stocktake-shown'), '6 von 6 Plätzen angezeigt');
    await page.getByTestId('stocktake-only-diff').check();
    await expectText(page.getByTestId('stocktake-shown'), '1 von 1 Plätzen angezeigt');
    await expectCount(page.getByTestId('stocktake-line'), 1);
    await expectText(page.getByTestId('stocktake-difference'), '+3');
    await screenshot(page, 'stocktake-review-1280');
    await page.getByTestId('stocktake-book').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Differenzen buchen' }).click();
    await toast(page, 'gebucht: 1 Differenzen');
    await expectText(page.getByTestId('stocktake-status'), 'gebucht');
    await poll(async () => (await api<StocktakeDetail>(DEMO.manager, `/stocktakes/${id}`)).status).toBe('booked');
  });
});
