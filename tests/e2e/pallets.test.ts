import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DESKTOP, expectCount, expectText, expectTextContains, expectValue, PHONE, screenshot } from './helpers/browser';
import { e2eSuite, toast } from './helpers/suite';

/** Pallets through the UI alone: register, toggle, label in a new tab; disposable barcodes generated as a PDF download. */

const suite = e2eSuite();

const adminPage = (viewport = DESKTOP) => suite.loggedIn(DEMO.admin, viewport);

const statValue = async (page: Page, key: string) => Number((await page.getByTestId(`stat-${key}`).locator('div').nth(1).textContent())?.replace(/\./g, ''));

describe('reusable pallets (admin)', () => {
  it('registers a pallet, deactivates and reactivates it, opens its label in a new tab', async () => {
    const page = await adminPage();
    // A picker claims PAL-002 (as the wave start will): its card shows the status and the current cart.
    const claimed = await page.evaluate(async () => {
      const res = await fetch('/api/pallets/PAL-002/claim', { method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
      return res.status;
    });
    expect(claimed).toBe(200);
    await page.goto('/pallets');
    await page.getByTestId('pallet-PAL-001').waitFor();
    await expectTextContains(page.getByTestId('pallet-PAL-001'), 'Verfügbar');
    const inUse = await page.getByTestId('pallet-PAL-002').textContent();
    expect(inUse).toContain('In Benutzung');
    expect(inUse).toContain('KommissioniererAndrea Admin');
    expect(inUse).not.toContain('Noch nie');

    await page.getByRole('button', { name: 'Palette registrieren' }).click();
    const dlg = page.getByRole('dialog');
    await dlg.getByRole('button', { name: 'Palette registrieren' }).click();
    await dlg.getByText('Barcode ist erforderlich').waitFor();
    await dlg.getByLabel('Barcode').fill('  PAL-E2E  ');
    await dlg.getByLabel('Name').fill('Testpalette Rampe');
    await dlg.getByRole('button', { name: 'Palette registrieren' }).click();
    await toast(page, 'Palette PAL-E2E registriert');
    const card = page.getByTestId('pallet-PAL-E2E');
    await card.waitFor();
    await expectTextContains(card, 'Testpalette Rampe');
    await expectTextContains(card, 'Noch nie');

    // a duplicate is refused with the server's German text
    await page.getByRole('button', { name: 'Palette registrieren' }).first().click();
    await dlg.getByLabel('Barcode').fill('PAL-E2E');
    await dlg.getByRole('button', { name: 'Palette registrieren' }).click();
    await dlg.getByText('Palette PAL-E2E ist bereits registriert').waitFor();
    await dlg.getByRole('button', { name: 'Abbrechen' }).click();

    await page.getByRole('button', { name: 'Palette PAL-E2E deaktivieren' }).click();
    await toast(page, 'Palette PAL-E2E deaktiviert');
    await card.getByText('Deaktiviert').waitFor();
    await expect(card.getByTestId('pallet-body').getAttribute('class')).resolves.toContain('opacity-50');
    await page.waitForTimeout(300); // let the button's colour transition finish before the picture
    await screenshot(page, 'pallets-1280');
    await page.getByRole('button', { name: 'Palette PAL-E2E aktivieren' }).click();
    await toast(page, 'Palette PAL-E2E aktiviert');
    await page.getByRole('button', { name: 'Palette PAL-E2E deaktivieren' }).waitFor();

    let pdfBody: Buffer = Buffer.alloc(0);
    await page.route('**/label.pdf', async (route) => {
      const upstream = await route.fetch();
      pdfBody = await upstream.body();
      await route.fulfill({ response: upstream });
    });
    const pdfResponse = page.waitForResponse((r) => r.url().includes('/label.pdf'));
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Etikett für Palette PAL-E2E öffnen' }).click();
    expect((await pdfResponse).status()).toBe(200);
    const tab = await popup;
    await tab.waitForURL(/^blob:/, { timeout: 10_000 });
    expect(pdfBody.subarray(0, 5).toString()).toBe('%PDF-');
    await tab.close();
    await page.context().close();
  });

  it('shows the grid readable on a phone (360 px)', async () => {
    const page = await adminPage(PHONE);
    await page.goto('/pallets');
    await page.getByTestId('pallet-PAL-005').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'pallets-360');
    await page.context().close();
  });
});

describe('releasing a pallet claimed by hand', () => {
  it('returns a claimed pallet to the pool; a pallet under an open wave is refused with the German 409', async () => {
    const page = await adminPage();
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/pallets/PAL-003/claim', { method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
      return res.status;
    });
    expect(status).toBe(200);
    await page.goto('/pallets');
    const claimed = page.getByTestId('pallet-PAL-003');
    await claimed.getByText('In Benutzung').waitFor();
    // Only pallets in use offer the button.
    await expectCount(page.getByTestId('pallet-PAL-001').getByTestId('pallet-release'), 0);
    await screenshot(page, 'pallets-release-1280');
    await page.getByRole('button', { name: 'Palette PAL-003 freigeben (zurück auf „Verfügbar“)' }).click();
    await toast(page, 'Palette PAL-003 freigegeben');
    await claimed.getByText('Verfügbar').waitFor();
    await expect.poll(() => claimed.getByTestId('pallet-release').count()).toBe(0);

    // PAL-005 carries the started demo wave.
    const busy = page.getByTestId('pallet-PAL-005');
    await busy.getByTestId('pallet-release').click();
    await page
      .locator('[data-toast]', { hasText: /Palette PAL-005 trägt die offene Welle W-\d{4}-\d{6} und kann nicht freigegeben werden/ })
      .first()
      .waitFor();
    await expectTextContains(busy, 'In Benutzung');
    await page.context().close();
  });
});

describe('disposable pallet barcodes (admin)', () => {
  it('generates 5 barcodes as a PDF download; stats and the table update', async () => {
    const page = await adminPage();
    await page.goto('/disposable-pallet-barcodes');
    await page.getByTestId('disposable-table').waitFor();
    await expectValue(page.getByLabel('Anzahl'), '20');
    const before = { available: await statValue(page, 'available'), total: await statValue(page, 'total') };
    expect(before.available).toBe(20);

    const generate = page.getByRole('button', { name: 'Generieren & PDF herunterladen' });
    await page.getByLabel('Anzahl').fill('101');
    await expect(generate.isDisabled()).resolves.toBe(true);
    await page.getByText('Anzahl muss zwischen 1 und 100 liegen').waitFor();
    await page.getByLabel('Anzahl').fill('0');
    await expect(generate.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Anzahl').fill('5');
    await expect(generate.isEnabled()).resolves.toBe(true);

    const download = page.waitForEvent('download');
    await generate.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('einwegpaletten-5.pdf');
    await toast(page, '5 Barcodes generiert und PDF heruntergeladen');
    await expect.poll(() => statValue(page, 'available')).toBe(before.available + 5);
    await expect.poll(() => statValue(page, 'total')).toBe(before.total + 5);
    const rows = page.getByTestId('disposable-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(25);
    await expectText(rows.first(), /DISP-[A-Z0-9]{8}Verfügbar/);
    await screenshot(page, 'disposable-barcodes-1280');
    await page.context().close();
  });

  it('warns under 10 available barcodes and fits a phone (360 px)', async () => {
    const page = await adminPage(PHONE);
    await page.goto('/disposable-pallet-barcodes');
    await page.getByTestId('disposable-table').waitFor();
    await expectCount(page.getByText(/Nur noch \d+ verfügbare Barcodes/), 0);
    // Cancel all but 9 available barcodes through the API, then refresh: the low-stock notice appears.
    await page.evaluate(async () => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('access_token')}` };
      const rows = (await (await fetch('/api/disposable-pallets/?limit=50', { headers })).json()) as Array<{ id: number; status: string }>;
      const available = rows.filter((r) => r.status === 'available');
      for (const r of available.slice(9)) await fetch(`/api/disposable-pallets/${r.id}/cancel`, { method: 'POST', headers });
    });
    await page.getByRole('button', { name: 'Aktualisieren' }).click();
    await page.getByText('Nur noch 9 verfügbare Barcodes').waitFor();
    await expect(page.getByTestId('disposable-table').getByText('Storniert').first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'disposable-barcodes-360');
    await page.context().close();
  });
});
