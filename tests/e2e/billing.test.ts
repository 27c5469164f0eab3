import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, warehouseDayHour } from '../../shared/domain/warehouse-time';
import { DEMO, expectCount, expectText, PHONE, screenshot } from './helpers/browser';
import { e2eSuite, toast } from './helpers/suite';

/**
 * The billing screens (docs/operations.md "Billing (Abrechnung)"): the admin
 * prices a customer, bills a past period on "Abrechnung", finalizes it and
 * downloads the PDF; the customer finds it under "Rechnungen" in the portal.
 */

const suite = e2eSuite();
const SCHMIDT = 'Schmidt Elektronik KG';
const NUMBER = /^RE-\d{4}-\d{5}$/;

async function saved(page: Page, click: () => Promise<void>): Promise<{ file: Download; body: Buffer }> {
  const pending = page.waitForEvent('download');
  await click();
  const file = await pending;
  return { file, body: await readFile((await file.path()) as string) };
}

describe('Abrechnung', () => {
  let number = '';

  it('the admin prices Schmidt, creates an invoice from six days ago to today, sees its lines, finalizes it and downloads the PDF', async () => {
    const page = await suite.loggedIn(DEMO.admin);
    await page.goto('/customers');
    await page.getByRole('button', { name: `Benutzer und Preise von ${SCHMIDT} anzeigen` }).click();
    const rates = page.locator('[data-testid^="customer-rates-"]');
    await rates.getByLabel('Einlagerung pro Stück').fill('0,12');
    await rates.getByRole('button', { name: 'Preise speichern' }).click();
    await page.getByText(`Preise von ${SCHMIDT} gespeichert`).waitFor();

    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('button', { name: 'Administration' }).hover();
    await page.getByRole('menuitem', { name: 'Abrechnung' }).click();
    await page.getByRole('heading', { name: 'Abrechnung' }).waitFor();
    // The demo's final invoice of Müller Naturkost is listed.
    await expectText(page.getByTestId('invoice-table'), /Müller Naturkost GmbH/);
    await screenshot(page, 'billing-1280');

    const today = warehouseDayHour(new Date()).day;
    const form = page.getByTestId('invoice-create');
    await form.getByLabel('Kunde').selectOption({ label: SCHMIDT });
    await form.getByLabel('Zeitraum von').fill(addDays(today, -6));
    // Up to today: the demo's stock of Schmidt came in at the first start (today itself may be billed).
    await form.getByLabel('Zeitraum bis').fill(today);
    await form.getByRole('button', { name: 'Entwurf erstellen' }).click();
    await toast(page, 'Entwurf erstellt');
    await expectText(page.getByTestId('invoice-number'), /^Entwurf #\d+$/);
    await expectText(page.getByTestId('invoice-status'), 'Entwurf');
    const inbound = page.getByTestId('invoice-line').filter({ hasText: 'Einlagerung pro Stück' });
    await expectText(inbound, /^Einlagerung pro Stück[\d.]+0,12\s€[\d.]+,\d{2}\s€$/);
    await expectText(page.getByTestId('invoice-totals'), /Netto[\d.]+,\d{2}\s€USt 19 %[\d.]+,\d{2}\s€Brutto[\d.]+,\d{2}\s€/);
    await screenshot(page, 'billing-draft-1280');

    await page.getByTestId('invoice-finalize').click();
    const confirm = page.getByRole('dialog', { name: 'Rechnung abschließen?' });
    await expectText(confirm, /kann danach nicht mehr geändert werden/);
    await confirm.getByRole('button', { name: 'Abschließen' }).click();
    await toast(page, 'abgeschlossen');
    await expectText(page.getByTestId('invoice-status'), 'Final');
    number = (await page.getByTestId('invoice-number').textContent()) ?? '';
    expect(number).toMatch(NUMBER);
    await expect(page.getByTestId('invoice-finalize').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Stornieren' }).waitFor();
    await screenshot(page, 'billing-final-1280');

    const pdf = await saved(page, () => page.getByTestId('invoice-download-pdf').click());
    expect(pdf.file.suggestedFilename()).toBe(`${number}.pdf`);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    // The list shows it, filtered by customer and status.
    await page.getByRole('link', { name: 'Zurück zur Abrechnung' }).click();
    await page.getByTestId('invoice-filter-customer').selectOption({ label: SCHMIDT });
    await page.getByTestId('invoice-filter-status').selectOption({ label: 'Final' });
    await expectCount(page.getByTestId('invoice-row'), 1);
    await expectText(page.getByTestId('invoice-row'), new RegExp(`^${number}${SCHMIDT}`));
  });

  it('a day that is not over yet cannot be snapshotted; yesterday can', async () => {
    const page = await suite.loggedIn(DEMO.admin);
    await page.goto('/billing');
    const panel = page.getByTestId('snapshot-panel');
    await panel.getByLabel('Stichtag').fill(warehouseDayHour(new Date()).day);
    await panel.getByRole('button', { name: 'Lagerbestand für Tag erfassen' }).click();
    await expectText(panel.getByRole('alert'), /ist noch nicht vorbei/);
    await panel.getByLabel('Stichtag').fill(addDays(warehouseDayHour(new Date()).day, -1));
    await panel.getByRole('button', { name: 'Lagerbestand für Tag erfassen' }).click();
    await expectText(panel.getByTestId('snapshot-result'), /^\d{2}\.\d{2}\.\d{4}: \d+ Kunden mit Bestand erfasst/);
    await screenshot(page, 'billing-snapshot-1280');
  });

  it('the customer finds the invoice under "Rechnungen" at 360 px and downloads PDF and XRechnung', async () => {
    expect(number).toMatch(NUMBER);
    const page = await suite.loggedIn(DEMO.customer2, PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('link', { name: 'Rechnungen' }).click();
    await page.getByRole('heading', { name: 'Rechnungen' }).waitFor();
    const row = page.getByTestId('my-invoice').filter({ hasText: number });
    await expectText(row, /Final/);
    await expectText(row, /Brutto[\d.]+,\d{2}\s€/);
    await screenshot(page, 'my-invoices-360');

    const pdf = await saved(page, () => row.getByTestId('invoice-download-pdf').click());
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await saved(page, () => row.getByTestId('invoice-download-xml').click());
    expect(xml.file.suggestedFilename()).toBe(`${number}.xml`);
    expect(xml.body.toString('utf8')).toContain(`<cbc:ID>${number}</cbc:ID>`);
  });

  it('a second draft over the same period is refused at "Abschließen" with the API\'s reason, recomputed and deleted; the first is cancelled', async () => {
    expect(number).toMatch(NUMBER);
    const page = await suite.loggedIn(DEMO.admin);
    await page.goto('/billing');
    const today = warehouseDayHour(new Date()).day;
    const form = page.getByTestId('invoice-create');
    await form.getByLabel('Kunde').selectOption({ label: SCHMIDT });
    await form.getByLabel('Zeitraum von').fill(addDays(today, -2));
    await form.getByLabel('Zeitraum bis').fill(today);
    await form.getByRole('button', { name: 'Entwurf erstellen' }).click();
    await expectText(page.getByTestId('invoice-number'), /^Entwurf #\d+$/);
    await page.getByRole('button', { name: 'Neu berechnen' }).click();
    await toast(page, 'Entwurf neu berechnet');
    await page.getByTestId('invoice-finalize').click();
    await page.getByRole('dialog', { name: 'Rechnung abschließen?' }).getByRole('button', { name: 'Abschließen' }).click();
    await expectText(page.getByRole('alert').filter({ hasText: 'überschneidet' }), new RegExp(`überschneidet sich mit Rechnung ${number}`));
    await expectText(page.getByTestId('invoice-status'), 'Entwurf');
    await screenshot(page, 'billing-overlap-1280');
    await page.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog', { name: 'Entwurf löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await toast(page, 'Entwurf gelöscht');
    await page.getByRole('heading', { name: 'Abrechnung' }).waitFor();

    await page.getByTestId('invoice-table').getByRole('link', { name: number }).click();
    await page.getByRole('button', { name: 'Stornieren' }).click();
    await page.getByRole('dialog', { name: 'Rechnung stornieren?' }).getByRole('button', { name: 'Stornieren' }).click();
    await toast(page, 'Stornorechnung');
    await expectText(page.getByTestId('invoice-number'), NUMBER);
    expect(await page.getByTestId('invoice-number').textContent()).not.toBe(number);
    await expectText(page.getByTestId('invoice-gross'), /^-[\d.]+,\d{2}\s€$/);
    await page.getByText('Stornorechnung', { exact: true }).waitFor();
    await page.getByRole('link', { name: `Storno der Rechnung ${number}` }).waitFor();
    await screenshot(page, 'billing-cancellation-1280');
    await page.getByRole('link', { name: 'Zurück zur Abrechnung' }).click();
    await page.getByTestId('invoice-filter-status').selectOption({ label: 'Storniert' });
    await expectText(page.getByTestId('invoice-table'), new RegExp(`${number}${SCHMIDT}`));
  });

  it("Müller's portal shows the demo's final invoice on first start", async () => {
    const page = await suite.loggedIn(DEMO.customer1, PHONE);
    await page.goto('/my-invoices');
    await expectCount(page.getByTestId('my-invoice'), 1);
    await expectText(page.getByTestId('my-invoice'), /RE-\d{4}-00001/);
  });
});
