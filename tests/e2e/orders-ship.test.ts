import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DhlContractProcess, spawnDhlContractServer } from '../helpers/dhl-contract-process';
import { DEMO, expectCount, expectValue, loginByPassword, screenshot } from './helpers/browser';
import { KEEP_BLOBS, type OrderDetail, openedPdfPages, palletAtPackingTable, RECORD_TOASTS, shots } from './helpers/packing';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * The warehouse order list ships packed orders (docs/fulfilment.md "Shipping from the
 * order list") and orders close ("Closing orders"): two orders picked onto
 * PAL-001 through the API and packed; on /warehouse/outbound the manager
 * ships A by DHL (the contract server stands in for DHL) and B by German
 * freight through the ship dialog, then completes A on its detail screen.
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

describe('shipping from the order list, closing orders', () => {
  it('ships packed orders through the ship dialog (DHL parcel, German freight) and completes a shipped order', async () => {
    const { a, b } = await palletAtPackingTable(api);
    // B's street has house number 9999, which DHL refuses; freight does not ask DHL.
    for (const o of [a, b]) await api(DEMO.worker, `/outbound-orders/${o.id}/mark-packed`, 'POST', { num_packages: 1 });

    const ctx = await suite.context();
    await ctx.addInitScript(KEEP_BLOBS);
    await ctx.addInitScript(RECORD_TOASTS);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.manager);
    await page.goto('/warehouse/outbound');
    await page.getByTestId('order-status-filter').selectOption('packed');
    const rowA = page.getByTestId(`order-row-${a.order_number}`);
    await rowA.waitFor();

    // --- A: parcel with DHL, labels opened ---
    await rowA.getByTestId('order-ship').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator(`[data-testid="ship-dialog"][data-order="${a.order_number}"]`).waitFor();
    await dialog.getByTestId('packing-ship-type').selectOption('parcel');
    await expectValue(dialog.getByTestId('packing-carrier'), 'DHL');
    await dialog.getByTestId('packing-total-weight').fill('2,5');
    await shots(page, 'orders-ship-dialog-parcel');
    const popup = ctx.waitForEvent('page');
    await dialog.getByTestId('packing-ship-submit').click();
    await expect(openedPdfPages(page, await popup)).resolves.toBe(1);
    await toast(page, `Auftrag ${a.order_number} versendet`);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await api<OrderDetail>(DEMO.manager, `/outbound-orders/${a.id}`)).status).toBe('shipped');
    const shippedA = await api<OrderDetail>(DEMO.manager, `/outbound-orders/${a.id}`);
    expect(shippedA.total_weight_grams).toBe(2500);
    expect(shippedA.tracking_number).toBeTruthy();
    // The packed list no longer holds A.
    await page.getByTestId(`order-row-${a.order_number}`).waitFor({ state: 'detached' });

    // --- B: German freight, one pallet with its tracking number ---
    const rowB = page.getByTestId(`order-row-${b.order_number}`);
    await rowB.getByTestId('order-ship').click();
    await dialog.locator(`[data-testid="ship-dialog"][data-order="${b.order_number}"]`).waitFor();
    await dialog.getByTestId('packing-ship-type').selectOption('freight');
    await dialog.getByTestId('packing-freight-tracking-1').fill('ZUF-4711');
    await shots(page, 'orders-ship-dialog-freight');
    await dialog.getByTestId('packing-ship-submit').click();
    await toast(page, `Auftrag ${b.order_number} versendet`);
    await expect.poll(async () => (await api<OrderDetail>(DEMO.manager, `/outbound-orders/${b.id}`)).status).toBe('shipped');
    expect((await api<OrderDetail>(DEMO.manager, `/outbound-orders/${b.id}`)).tracking_number).toBe('ZUF-4711');

    // --- A is completed on its detail screen ---
    await page.getByTestId('order-status-filter').selectOption('shipped');
    await page.getByTestId(`order-row-${a.order_number}`).getByRole('link', { name: a.order_number }).click();
    await page.getByRole('heading', { name: `Auftrag ${a.order_number}` }).waitFor();
    await page.getByTestId('detail-complete').click();
    await toast(page, `Auftrag ${a.order_number} abgeschlossen`);
    await expect.poll(() => page.getByTestId('order-status').first().textContent()).toBe('Abgeschlossen');
    await expect.poll(() => page.getByTestId('timeline-Abgeschlossen').getAttribute('data-done')).toBe('true');
    await expectCount(page.getByTestId('detail-complete'), 0);
    await screenshot(page, 'orders-detail-completed-1280');
    expect((await api<OrderDetail>(DEMO.manager, `/outbound-orders/${a.id}`)).status).toBe('completed');
    const logs = await api<Array<{ event_type: string }>>(DEMO.admin, `/status-logs/packing?event_type=order_completed&order_id=${a.id}`);
    expect(logs).toHaveLength(1);

    // A worker sees B shipped but is not offered to complete it.
    const worker = await suite.loggedIn(DEMO.worker);
    await worker.goto(`/outbound-orders/${b.id}`);
    await worker.getByRole('heading', { name: `Auftrag ${b.order_number}` }).waitFor();
    await expectCount(worker.getByTestId('detail-complete'), 0);
  });

  it('a manager fixes the lines of a confirmed order on its detail screen; the reservation follows', async () => {
    const page = await suite.loggedIn(DEMO.manager);
    const list = await api<{
      items: Array<{ id: number; order_number: string; items: Array<{ product_id: number; product_title: string; quantity: number }> }>;
    }>(DEMO.manager, '/outbound-orders/?status_filter=confirmed');
    const order = list.items.find((o) => o.items.some((i) => i.quantity > 1));
    if (!order) throw new Error('the demo data has no confirmed order with a line above 1');
    const line = order.items.find((i) => i.quantity > 1) as { product_id: number; product_title: string };
    await page.goto(`/outbound-orders/${order.id}`);
    await page.getByRole('heading', { name: `Auftrag ${order.order_number}` }).waitFor();
    await page.getByTestId('detail-edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Artikel aus dem Bestand des Kunden').waitFor();
    await dialog.getByRole('button', { name: `${line.product_title} entfernen` }).click();
    const sel = dialog.getByTestId('order-line-product');
    await expect.poll(() => sel.locator('option', { hasText: line.product_title }).count()).toBe(1);
    await sel.selectOption(String(line.product_id));
    const loose = dialog.getByLabel('Lose Stückzahl');
    if ((await loose.count()) > 0) await loose.check();
    await dialog.getByTestId('order-line-quantity').fill('1');
    await dialog.getByTestId('order-line-add').click();
    await screenshot(page, 'orders-staff-edit-1280');
    await dialog.getByTestId('order-save').click();
    await toast(page, `Auftrag ${order.order_number} gespeichert`);
    const lineOf = async () =>
      (
        await api<{ items: Array<{ product_id: number; quantity: number; reserved_quantity: number }> }>(DEMO.manager, `/outbound-orders/${order.id}`)
      ).items.find((i) => i.product_id === line.product_id);
    await expect.poll(lineOf).toMatchObject({ quantity: 1, reserved_quantity: 1 });
    expect((await api<{ status: string }>(DEMO.manager, `/outbound-orders/${order.id}`)).status).toBe('confirmed');
  });
});
