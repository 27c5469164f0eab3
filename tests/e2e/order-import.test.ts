import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoEan } from '../../server/db/seed';
import { IMPORT_COLUMNS } from '../../shared/schemas/order-import';
import { DEMO, DESKTOP, expectCount, expectDisabled, expectText, PHONE, screenshot } from './helpers/browser';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * CSV order import in the customer portal (docs/integrations.md "CSV order
 * import"): a file with one bad row is refused with the row named and nothing
 * booked; the fixed file is previewed and imported; the orders appear in the
 * list. And the customer sees a shipped order's packages with their tracking
 * numbers on the order detail.
 */

const suite = e2eSuite();
const api = apiClient(() => suite.server.url);
const TEA = demoEan(2); // Grüner Tee, Müller: 120 in stock, no VE

function file(rows: string[][]): { name: string; mimeType: string; buffer: Buffer } {
  const text = [IMPORT_COLUMNS.join(';'), ...rows.map((r) => r.join(';'))].join('\r\n');
  return { name: 'auftraege.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}`, 'utf8') };
}

const row = (ref: string, name: string, plz: string, qty = '2'): string[] => [ref, name, 'Hauptstraße', '5', plz, 'Berlin', 'DE', TEA, qty, '', '', '', ''];

async function openImport(page: Page) {
  await page.goto('/outbound-orders');
  await page.getByRole('heading', { name: 'Ausgangsaufträge' }).waitFor();
  await page.getByTestId('order-import').click();
  const dialog = page.getByRole('dialog', { name: 'Aufträge aus CSV importieren' });
  await dialog.getByTestId('import-columns').waitFor();
  return dialog;
}

async function orderCount(status = 'all'): Promise<number> {
  return (await api<{ total: number }>(DEMO.customer1, `/outbound-orders/?status_filter=${status}&page_size=1`)).total;
}

describe('CSV order import', () => {
  for (const [viewport, width] of [
    [PHONE, 360],
    [DESKTOP, 1280],
  ] as const) {
    it(`a customer imports a file after fixing its bad row (${width} px)`, async () => {
      const page = await suite.loggedIn(DEMO.customer1, viewport);
      const before = await orderCount();
      const dialog = await openImport(page);
      await expectText(dialog.getByTestId('import-columns'), /order_reference.*packaging_unit/s);
      await screenshot(page, `order-import-dialog-${width}`);

      const a = `CSV-${width}-A`;
      const b = `CSV-${width}-B`;
      await dialog.getByTestId('import-file').setInputFiles(file([row(a, `Import ${width} Eins`, '10117'), row(b, `Import ${width} Zwei`, '1234')]));
      await expectCount(dialog.getByTestId('import-error-row'), 1);
      await expectText(dialog.getByTestId('import-error-row'), /^3\s*PLZ\s*Die PLZ muss aus 5 Ziffern bestehen$/);
      await expectDisabled(dialog.getByTestId('import-submit'));
      await screenshot(page, `order-import-errors-${width}`);
      expect(await orderCount()).toBe(before);

      await dialog.getByTestId('import-file').setInputFiles(file([row(a, `Import ${width} Eins`, '10117'), row(b, `Import ${width} Zwei`, '10115', '1')]));
      await expectCount(dialog.getByTestId('import-preview-row'), 2);
      await expectText(dialog.getByTestId('import-preview'), /2 Aufträge bereit zum Import/);
      await screenshot(page, `order-import-preview-${width}`);
      await expectDisabled(dialog.getByTestId('import-submit'), false);
      await dialog.getByTestId('import-submit').click();
      await toast(page, '2 Aufträge importiert');
      expect(await orderCount()).toBe(before + 2);
      // Cards at 360 px, the table at 1280 px: the visible one shows both new orders.
      for (const name of [`Import ${width} Eins`, `Import ${width} Zwei`]) await page.locator(`text=${name} >> visible=true`).first().waitFor();
      await screenshot(page, `order-import-done-${width}`);

      // The same file again: refused, naming the reference, nothing booked twice.
      const again = await openImport(page);
      await again.getByTestId('import-file').setInputFiles(file([row(a, `Import ${width} Eins`, '10117')]));
      await expectText(again.getByTestId('import-error-row'), new RegExp(`^2\\s*Bestellreferenz\\s*Bestellreferenz bereits importiert: ${a}$`));
      expect(await orderCount()).toBe(before + 2);
    });
  }

  it("shows a shipped order's carrier and tracking number on its detail (360 and 1280 px)", async () => {
    const shipped = await api<{ items: Array<{ id: number; tracking_number: string | null; carrier: string | null }> }>(
      DEMO.customer1,
      '/outbound-orders/?status_filter=shipped&page_size=100',
    );
    const order = shipped.items.find((o) => o.tracking_number);
    expect(order).toBeDefined();
    for (const [viewport, width] of [
      [PHONE, 360],
      [DESKTOP, 1280],
    ] as const) {
      const page = await suite.loggedIn(DEMO.customer1, viewport);
      await page.goto(`/outbound-orders/${order?.id}`);
      const pkg = page.getByTestId('order-package');
      await expectCount(pkg, 1);
      await expectText(pkg, new RegExp(`${order?.carrier}.*${order?.tracking_number}`));
      await screenshot(page, `order-detail-tracking-${width}`);
    }
  });
});
