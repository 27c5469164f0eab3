import { describe, expect, it } from 'vitest';
import type { ReturnDetail, ReturnSummary } from '../../shared/schemas/returns';
import { DEMO, DESKTOP, expectCount, expectText, PHONE, screenshot } from './helpers/browser';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * Returns in the portal and the back office (docs/operations.md "Returns"):
 * the customer announces a return from a shipped order's detail; staff see
 * every return, open the received one with its outcome and complete it; the
 * customer sees what happened to each unit. The demo data brings one shipped
 * order per customer and one announced and one received return.
 */

const suite = e2eSuite();
const api = apiClient(() => suite.server.url);

describe('Retouren', () => {
  it('the customer announces a return from the shipped order and sees it announced', async () => {
    const [demo] = await api<ReturnSummary[]>(DEMO.customer1, '/returns');
    const page = await suite.loggedIn(DEMO.customer1, PHONE);
    await page.goto(`/outbound-orders/${demo.outbound_order_id}`);
    await page.getByTestId('return-announce').click();
    const dialog = page.getByRole('dialog', { name: `Retoure zu Auftrag ${demo.order_number} anmelden` });
    // Oat milk: 6 shipped, 2 already announced, 4 may still come back.
    const oatMilk = dialog.getByTestId('returnable-line').filter({ hasText: 'Hafermilch' });
    await expectText(oatMilk.getByTestId('returnable-max'), '4');
    await dialog.getByLabel('Menge Olivenöl extra vergine 1 l').fill('1');
    await dialog.getByLabel('Grund Olivenöl extra vergine 1 l').selectOption({ label: 'Falscher Artikel' });
    await dialog.getByLabel('Notiz').fill('Statt Olivenöl kam Rapsöl');
    await screenshot(page, 'returns-announce-360');
    await dialog.getByTestId('return-submit').click();
    await toast(page, 'angemeldet');
    await page.getByRole('heading', { name: /^Retoure R-\d{4}-\d{6}$/ }).waitFor();
    await expectText(page.getByTestId('return-status'), 'Angekündigt');
    await expectCount(page.getByTestId('return-line'), 1);
    await expectText(page.getByTestId('return-line').locator('td').nth(2), 'Falscher Artikel');
    await screenshot(page, 'returns-announced-360');

    await page.goto('/returns');
    await expectCount(page.getByTestId('return-row'), 2);
  });

  it('staff complete the received return; the customer sees the outcome per unit', async () => {
    const page = await suite.loggedIn(DEMO.manager, DESKTOP);
    await page.goto('/returns');
    await page.getByTestId('returns-status').selectOption({ label: 'Eingegangen' });
    await expectCount(page.getByTestId('return-row'), 1);
    await screenshot(page, 'returns-list-1280');
    await page.getByTestId('return-row').getByRole('link').click();
    await expectCount(page.getByTestId('return-receipt'), 2);
    await expectText(page.getByTestId('return-receipt').nth(1), /Beschädigt.*Sperrlager.*S-01-02/);
    await page.getByTestId('return-complete').click();
    await toast(page, 'abgeschlossen');
    await expectText(page.getByTestId('return-status'), 'Abgeschlossen');
    await screenshot(page, 'returns-detail-staff-1280');

    const [theirs] = await api<ReturnSummary[]>(DEMO.customer2, '/returns');
    const detail = await api<ReturnDetail>(DEMO.customer2, `/returns/${theirs.id}`);
    expect(detail.status).toBe('completed');
    const customer = await suite.loggedIn(DEMO.customer2, PHONE);
    await customer.goto(`/returns/${theirs.id}`);
    await expectText(customer.getByTestId('return-status'), 'Abgeschlossen');
    await expectText(customer.getByTestId('return-receipt').first(), /Neuwertig.*Wieder einlagern.*B-01-01/);
    await screenshot(customer, 'returns-outcome-customer-360');
  });
});
