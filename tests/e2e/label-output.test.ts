import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectTextContains, expectValue, screenshot } from './helpers/browser';
import { e2eSuite, toast } from './helpers/suite';

/**
 * Label printers (docs/integrations.md "Label printers (ZPL)"): the setting
 * Etikettenformat on Einstellungen → Versand (savable without the DHL
 * access), and with it set to ZPL the pallet label and the DISP- barcodes
 * download as .zpl files.
 */

const suite = e2eSuite();
const adminPage = () => suite.loggedIn(DEMO.admin);

const setLabelOutput = (page: Page, value: string) =>
  page.evaluate(async (v) => {
    const res = await fetch('/api/settings/label_output', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: 'label_output', value: v }),
    });
    return res.status;
  }, value);

describe('label output', () => {
  it('the settings screen shows Etikettenformat (PDF by default) with both options', async () => {
    const page = await adminPage();
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Versand (DHL)' }).waitFor();
    const select = page.getByLabel('Etikettenformat');
    await select.waitFor();
    await expectValue(select, 'pdf');
    const options = await select.locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['PDF (Laserdrucker)', 'ZPL (Zebra-Etikettendrucker)']));
    await page.getByText('Etikettendrucker', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-label-output-1280');
    expect(await setLabelOutput(page, 'zpl')).toBe(200);
    await page.reload();
    await expectValue(page.getByLabel('Etikettenformat'), 'zpl');
    await page.getByText('Etikettendrucker', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-label-output-zpl-1280');
    await page.context().close();
  });

  it('with ZPL: the pallet label and the DISP- barcodes are saved as .zpl files', async () => {
    const page = await adminPage();
    expect(await setLabelOutput(page, 'zpl')).toBe(200);
    await page.goto('/pallets');
    await page.getByTestId('pallet-PAL-001').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Etikett für Palette PAL-001 öffnen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('palette-PAL-001.zpl');
    const zpl = await readFile((await file.path()) as string, 'utf8');
    expect(zpl).toMatch(/^\^XA/);
    expect(zpl).toContain('^FDPAL-001^FS');
    await toast(page, 'ZPL-Datei gespeichert – bitte roh an den Etikettendrucker senden');
    await screenshot(page, 'pallets-zpl-1280');

    await page.goto('/disposable-pallet-barcodes');
    await page.getByTestId('disposable-table').waitFor();
    await page.getByLabel('Anzahl').fill('2');
    const disp = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generieren & ZPL herunterladen' }).click();
    const dispFile = await disp;
    await toast(page, '2 Barcodes generiert und ZPL-Datei heruntergeladen');
    await screenshot(page, 'disposable-zpl-1280');
    expect(dispFile.suggestedFilename()).toBe('einwegpaletten-2.zpl');
    const dispZpl = await readFile((await dispFile.path()) as string, 'utf8');
    expect(dispZpl.match(/\^XA/g)).toHaveLength(2);
    expect(await setLabelOutput(page, 'pdf')).toBe(200);
    await page.context().close();
  });

  it('an admin without DHL access saves Etikettenformat ZPL alone; a DHL field being set still needs the others', async () => {
    const page = await adminPage();
    await page.goto('/settings');
    const form = page.getByTestId('settings-shipping');
    await expectValue(page.getByTestId('setting-dhl_api_key'), '');
    await page.getByLabel('Etikettenformat').selectOption('zpl');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Einstellungen gespeichert');
    expect(await form.getByRole('alert').count()).toBe(0);
    await page.reload();
    await expectValue(page.getByLabel('Etikettenformat'), 'zpl');
    await expectValue(page.getByTestId('setting-dhl_api_key'), '');

    await page.getByTestId('setting-dhl_shipper_city').fill('Bielefeld');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expectTextContains(form.getByRole('alert'), 'API-Schlüssel ist ein Pflichtfeld');
    await screenshot(page, 'settings-label-output-alone-1280');
    expect(await setLabelOutput(page, 'pdf')).toBe(200);
    await page.context().close();
  });
});
