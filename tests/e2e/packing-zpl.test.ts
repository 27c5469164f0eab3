import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DhlContractProcess, spawnDhlContractServer } from '../helpers/dhl-contract-process';
import { DEMO, loginByPassword } from './helpers/browser';
import { palletAtPackingTable, scanWhenFocused, shots, verifyAll } from './helpers/packing';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * The packing station with label_output=zpl (docs/integrations.md "Label
 * printers (ZPL)"): DHL is asked for ZPL2 and the station saves the labels
 * as one .zpl file instead of opening a PDF.
 */

let dhl: DhlContractProcess;
beforeAll(async () => {
  dhl = await spawnDhlContractServer();
});
afterAll(async () => {
  await dhl?.stop();
});
const suite = e2eSuite({ env: () => ({ DHL_API_BASE_URL: dhl.url }) });
const api = apiClient(() => suite.server.url);

describe('packing station with ZPL labels', () => {
  it('ships with DHL and saves DHL-Labels-<order>.zpl holding the ZPL2 labels', async () => {
    const { a } = await palletAtPackingTable(api);
    await api(DEMO.admin, '/settings/label_output', 'PUT', { key: 'label_output', value: 'zpl' });
    const ctx = await suite.context();
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/warehouse/packing');
    await page.getByTestId('packing-scan-pallet').waitFor();
    await scanWhenFocused(page, 'PAL-001');
    await page.getByTestId(`packing-order-${a.order_number}`).click();
    await page.locator(`[data-testid="packing-verify"][data-order="${a.order_number}"]`).waitFor();
    await verifyAll(page, a);
    await page.locator(`[data-testid="packing-ship"][data-order="${a.order_number}"]`).waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('packing-ship-submit').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`DHL-Labels-${a.order_number}.zpl`);
    const zpl = await readFile((await file.path()) as string, 'utf8');
    expect(zpl.match(/\^XA[\s\S]*?\^XZ/g)).toHaveLength(1);
    await toast(page, `Auftrag ${a.order_number} versendet`);
    const log = (await (await fetch(`${dhl.origin}/__contract/requests`)).json()) as { requests: Array<{ query: Record<string, string> }> };
    expect(log.requests.at(-1)?.query.docFormat).toBe('ZPL2');
    await shots(page, 'packing-zpl-shipped', 'messages');
    await ctx.close();
  });
});
