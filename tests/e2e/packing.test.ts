import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKING_DEMO_PALLET } from '../../server/db/seed-packing';
import { PACKING_UI } from '../../shared/i18n/packing';
import { DHL_PARCEL_MAX_GRAMS } from '../../shared/domain/shipping';
import { type DhlContractProcess, spawnDhlContractServer } from '../helpers/dhl-contract-process';
import type { DhlContractMode } from '../helpers/dhl-contract-server';
import { DEMO, expectCount, expectText, expectTextContains, expectValue, loginByPassword, screenshot } from './helpers/browser';
import {
  KEEP_BLOBS,
  type OrderDetail,
  openedPdfPages,
  palletAtPackingTable,
  RECORD_TOASTS,
  scanWhenFocused,
  screenshotOnFailure,
  shots,
  verifyAll,
} from './helpers/packing';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * The packing station against the DHL contract server: two
 * demo orders (Müller, Schmidt) picked onto PAL-001 through the API, then
 * on the screen: pallet scanned → order verified by EAN scans (one wrong,
 * logged as item_discrepancy; one duplicate), its progress in lines and
 * pieces → opens on DHL parcel with its weight → 2 packages → DHL down: the
 * outage message, retried once DHL is back → the merged label PDF opened in
 * a new tab (2 pages) → shipped, pallet reloaded
 * with the second order → DHL refuses its address (label_failed, a critical
 * dashboard alert) → address-correction dialog → saved, retried, shipped →
 * pallet empty, back to scan_pallet, pallet available again.
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
/** Tells the DHL contract server how to answer from now on (ok, server_error, …). */
const dhlMode = async (mode: DhlContractMode) => {
  const res = await fetch(`${dhl.origin}/__contract/mode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });
  expect(res.status).toBe(200);
};
let current: Page | null = null;
screenshotOnFailure('packing-failure', () => current);

/** The item_discrepancy entries of an order in the packing log (admin's view). */
async function itemDiscrepancies(orderId: number): Promise<Array<{ product_ean: unknown; kind: unknown }>> {
  const rows = await api<Array<{ event_data: Record<string, unknown> }>>(DEMO.admin, `/status-logs/packing?event_type=item_discrepancy&order_id=${orderId}`);
  return rows.map((r) => ({ product_ean: r.event_data.product_ean, kind: r.event_data.kind }));
}

describe('packing station', () => {
  it('verifies by EAN, ships DHL with 2 packages (merged 2-page label), corrects a refused address and releases the pallet', async () => {
    const { a, b } = await palletAtPackingTable(api);
    const ctx = await suite.context();
    await ctx.addInitScript(KEEP_BLOBS);
    await ctx.addInitScript(RECORD_TOASTS);

    const page = await ctx.newPage();
    current = page;
    await loginByPassword(page, DEMO.worker);
    await page.goto('/warehouse/packing');

    // --- scan_pallet ---
    await page.getByTestId('packing-scan-pallet').waitFor();
    await shots(page, 'packing-1-scan-pallet');
    await scanWhenFocused(page, 'PAL-001');

    // --- select_order: an EAN nobody ordered, then one of order A's EANs opens A ---
    await page.getByTestId('packing-select-order').waitFor();
    await page.getByTestId(`packing-order-${a.order_number}`).waitFor();
    await page.getByTestId(`packing-order-${b.order_number}`).waitFor();
    // Lines and pieces, never "Artikel" for both.
    const pieces = (o: OrderDetail) => o.items.reduce((n, i) => n + i.quantity, 0);
    await expectText(page.getByTestId(`packing-order-${a.order_number}`).getByTestId('packing-order-size'), PACKING_UI.orderSize(a.items.length, pieces(a)));
    await shots(page, 'packing-2-select-order');
    await scanWhenFocused(page, '4006381333931');
    await toast(page, 'Kein Auftrag mit EAN 4006381333931 auf dieser Palette gefunden');
    await scanWhenFocused(page, a.items[0]?.product_ean ?? '');

    // --- verify_items: a product of B (wrong), a duplicate, then the rest ---
    await page.locator(`[data-testid="packing-verify"][data-order="${a.order_number}"][data-mode="line"]`).waitFor();
    // The words of the verify step: one scan per line (the default), progress in lines and pieces, a line's picked count marked as picked.
    const progress = () => page.getByTestId('packing-verify-progress').textContent();
    await expectText(page.getByTestId('packing-verify-hint'), PACKING_UI.verifyHintLine);
    await expect.poll(progress).toBe(PACKING_UI.verifyProgress(0, a.items.length, 0, pieces(a)));
    const firstLine = page.getByTestId(`packing-item-${a.items[0]?.product_ean}`);
    await expectText(firstLine.getByTestId('packing-item-picked'), PACKING_UI.pickedOfOrderedLine(a.items[0]?.picked_quantity ?? 0, a.items[0]?.quantity ?? 0));
    await expectText(firstLine.getByTestId('packing-item-state'), PACKING_UI.open);
    await shots(page, 'packing-3-verify');
    const wrong = b.items[0]?.product_ean ?? '';
    await scanWhenFocused(page, wrong);
    await toast(page, `Produkt ${wrong} gehört nicht zu diesem Auftrag!`);
    // The refusal was answered on the device; the screen then logged it on the server.
    await expect.poll(() => itemDiscrepancies(a.id), { timeout: 10_000 }).toEqual([{ product_ean: wrong, kind: 'not_in_order' }]);
    const firstEan = a.items[0]?.product_ean ?? '';
    await scanWhenFocused(page, firstEan);
    await page.locator(`[data-testid="packing-item-${firstEan}"][data-scanned="true"]`).waitFor({ timeout: 10_000 });
    if (a.items.length > 1) {
      await expect.poll(progress).toBe(PACKING_UI.verifyProgress(1, a.items.length, a.items[0]?.picked_quantity ?? 0, pieces(a)));
      await expectText(firstLine.getByTestId('packing-item-state'), PACKING_UI.lineVerified);
      await shots(page, 'packing-3b-verify-one-line');
      await page.waitForTimeout(400); // past the scanner's 300 ms double-read guard
      await scanWhenFocused(page, firstEan);
      // Scanned twice: more than picked when one piece was picked (an item discrepancy), else only "already scanned".
      const picked = a.items[0]?.picked_quantity ?? 0;
      await toast(page, picked > 1 ? PACKING_UI.alreadyScanned(firstEan) : PACKING_UI.overPicked(firstEan, 2, picked));
      await shots(page, 'packing-4-verify-messages', 'messages');
      await verifyAll(page, { ...a, items: a.items.slice(1) });
    } else {
      await page.getByTestId('packing-ship').waitFor();
    }

    // --- ready_to_ship: an order that fits one parcel opens on DHL parcel with its weight; then 2 packages ---
    await page.locator(`[data-testid="packing-ship"][data-order="${a.order_number}"]`).waitFor();
    const infoA = await api<{ estimated_weight_grams: number | null }>(DEMO.worker, `/outbound-orders/${a.id}/packing-info`);
    const gramsA = infoA.estimated_weight_grams ?? 0;
    expect(gramsA).toBeGreaterThan(0);
    expect(gramsA).toBeLessThanOrEqual(DHL_PARCEL_MAX_GRAMS);
    await expectValue(page.getByTestId('packing-ship-type'), 'parcel');
    await expectValue(page.getByTestId('packing-carrier'), 'DHL');
    await expectValue(page.getByTestId('packing-total-weight'), (Math.ceil(gramsA / 100) / 10).toFixed(1).replace('.', ','));
    await shots(page, 'packing-5a-ship-preset');
    await page.getByTestId('packing-packages').fill('2');
    await page.getByTestId('packing-weight-1').fill('1,2');
    await page.getByTestId('packing-weight-2').fill('0,8');
    await shots(page, 'packing-5-ship-form');

    // --- DHL down (HTTP 500): the outage message with a retry, not the address dialog; no label, the order stays packed ---
    await dhlMode('server_error');
    await page.getByTestId('packing-ship-submit').click();
    const outage = page.getByRole('dialog', { name: PACKING_UI.dhlOutageTitle });
    await outage.waitFor();
    await expectTextContains(outage, PACKING_UI.dhlOutageText);
    await expectTextContains(page.getByTestId('packing-outage'), 'HTTP 500');
    await expectCount(page.getByTestId('packing-address-dhl-message'), 0);
    await expect(api<OrderDetail>(DEMO.manager, `/outbound-orders/${a.id}`).then((o) => o.status)).resolves.toBe('packed');
    await shots(page, 'packing-5b-dhl-outage');
    // DHL is back: the retry ships the same shipment.
    await dhlMode('ok');
    const popup = ctx.waitForEvent('page');
    await page.getByTestId('packing-outage-retry').click();
    await expect(openedPdfPages(page, await popup)).resolves.toBe(2);
    await toast(page, `Auftrag ${a.order_number} versendet`);
    const shippedA = await api<OrderDetail>(DEMO.manager, `/outbound-orders/${a.id}`);
    expect(shippedA.status).toBe('shipped');
    expect(shippedA.num_packages).toBe(2);
    expect(shippedA.total_weight_grams).toBe(2000);
    expect(shippedA.tracking_number?.split(',')).toHaveLength(2);

    // --- the pallet is reloaded with B only; the simple view of B, then B by the station ---
    await page.getByTestId(`packing-order-${b.order_number}`).waitFor();
    await expectCount(page.getByTestId(`packing-order-${a.order_number}`), 0);
    await shots(page, 'packing-6-pallet-reloaded');
    await page.getByTestId(`packing-simple-${b.order_number}`).click();
    await page.locator(`[data-testid="packing-simple"][data-order="${b.order_number}"]`).waitFor();
    await page.getByText('Verpacken & DHL-Labels erstellen').waitFor();
    await shots(page, 'packing-7-simple-view');
    await page.getByTestId('packing-simple-back').click();
    await page.getByTestId('packing-select-order').waitFor();
    await page.getByTestId(`packing-order-${b.order_number}`).click();
    await page.locator(`[data-testid="packing-verify"][data-order="${b.order_number}"]`).waitFor();

    // --- offline: the verification is checked on the device; shipping says it needs the network ---
    await ctx.setOffline(true);
    await verifyAll(page, b);
    await page.getByTestId('packing-offline').waitFor();
    await page.getByTestId('packing-ship-type').selectOption('parcel');
    await page.getByTestId('packing-total-weight').fill('1,5');
    await page.getByTestId('packing-ship-submit').click();
    await toast(page, 'Versand braucht eine Netzwerkverbindung');
    await shots(page, 'packing-8-offline', 'messages');
    await expect(api<OrderDetail>(DEMO.manager, `/outbound-orders/${b.id}`).then((o) => o.status)).resolves.toBe('picking');
    await ctx.setOffline(false);
    await page.getByTestId('packing-offline').waitFor({ state: 'detached' });

    // --- DHL refuses the address: the correction dialog, saved, retried after 0.5 s ---
    await page.getByTestId('packing-ship-submit').click();
    await page.getByTestId('packing-address-dhl-message').waitFor();
    await expectText(page.getByTestId('packing-address-dhl-message'), /house number/i);
    await expectTextContains(page.getByTestId('packing-address-current'), 'Teststraße 9999');
    await shots(page, 'packing-9-address-correction');
    // The refusal is in the packing log (label_failed) and a critical alert, linked for admins, until B ships.
    const failed = await api<Array<{ event_data: Record<string, unknown> }>>(DEMO.admin, `/status-logs/packing?event_type=label_failed&order_id=${b.id}`);
    expect(failed.map((f) => f.event_data.error_code)).toEqual(['DHL_ADDRESS_INVALID']);
    const admin = await suite.loggedIn(DEMO.admin);
    await admin.getByTestId('alert-label_failed').waitFor({ timeout: 15_000 });
    await expect(admin.getByTestId('alert-link-label_failed').getAttribute('href')).resolves.toBe('/status-logs?event_type=label_failed');
    await screenshot(admin, 'packing-9b-dashboard-label-failed');
    await admin.context().close();
    await expect(api<OrderDetail>(DEMO.manager, `/outbound-orders/${b.id}`).then((o) => o.status)).resolves.toBe('packed');
    await page.getByTestId('packing-address-street').fill('Teststraße 12');
    const popup2 = ctx.waitForEvent('page');
    await page.getByTestId('packing-address-save').click();
    await expect(openedPdfPages(page, await popup2)).resolves.toBe(1);
    await toast(page, `Auftrag ${b.order_number} versendet`);

    // --- pallet empty: back to scan_pallet; the pallet is free again ---
    await page.getByTestId('packing-scan-pallet').waitFor();
    await shots(page, 'packing-10-done');
    const shippedB = await api<OrderDetail>(DEMO.manager, `/outbound-orders/${b.id}`);
    expect(shippedB.status).toBe('shipped');
    const alerts = await api<{ by_type: Record<string, number> }>(DEMO.manager, '/status-logs/alerts/summary');
    expect(alerts.by_type.label_failed).toBe(0);
    expect(shippedB.delivery_address).toBe('Teststraße 12');
    const pallet = await api<{ status: string }>(DEMO.admin, '/pallets/PAL-001');
    expect(pallet.status).toBe('available');

    // DHL saw four order calls (A while down; A; B refused; B again), each body valid against DHL's schema, and created 3 labels, no more.
    const seen = (await (await fetch(`${dhl.origin}/__contract/requests`)).json()) as {
      requests: Array<{ method: string; schemaErrors: unknown }>;
      created: string[];
    };
    const posts = seen.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(4);
    expect(posts.every((r) => r.schemaErrors === null)).toBe(true);
    expect(seen.created).toHaveLength(3);
    expect([...(shippedA.tracking_number?.split(',') ?? []), shippedB.tracking_number ?? ''].map((t) => t.trim()).sort()).toEqual([...seen.created].sort());
  }, 300_000); // the longest e2e flow: two orders, an outage, an address correction, 1280 and 360 px screenshots of each step

  it('simple packing view: the demo pallet PAL-101, one order packed and shipped with GLS and a tracking number, the pallet reloaded', async () => {
    const page = await suite.loggedIn(DEMO.worker);
    current = page;
    await page.goto('/warehouse/packing');
    await page.getByTestId('packing-scan-pallet').waitFor();
    await scanWhenFocused(page, PACKING_DEMO_PALLET);
    await page.getByTestId('packing-select-order').waitFor();
    const rows = page.locator('[data-testid^="packing-simple-A-"]');
    await expectCount(rows, 2);
    const number = ((await rows.first().getAttribute('data-testid')) ?? '').replace('packing-simple-', '');
    await rows.first().click();
    await page.locator(`[data-testid="packing-simple"][data-order="${number}"]`).waitFor();
    await page.getByTestId('packing-simple-carrier').selectOption('GLS');
    await page.getByText('Verpacken & Versenden').waitFor();
    await page.getByTestId('packing-simple-submit').click();
    await page.getByText('Bitte Tracking-Nummer eingeben').waitFor();
    await page.getByTestId('packing-simple-tracking-1').fill('GLS-4711');
    await page.getByTestId('packing-simple-weight').fill('2.5');
    await shots(page, 'packing-11-simple-gls');
    await page.getByTestId('packing-simple-submit').click();
    await toast(page, `Auftrag ${number} versendet`);
    // Back at the pallet, reloaded: the other demo order remains.
    await page.getByTestId('packing-select-order').waitFor();
    // The list shown at once is the one before the shipment; the reload follows (seen once as 2 rows).
    await expect.poll(() => page.locator('[data-testid^="packing-simple-A-"]').count(), { timeout: 10_000 }).toBe(1);
    await expectCount(page.getByTestId(`packing-order-${number}`), 0);
    const { items } = await api<{ items: Array<OrderDetail & { carrier: string | null }> }>(DEMO.manager, '/outbound-orders/?status_filter=all&page_size=100');
    const shipped = items.find((o) => o.order_number === number);
    expect(shipped?.status).toBe('shipped');
    expect(shipped?.carrier).toBe('GLS');
    expect(shipped?.tracking_number).toBe('GLS-4711');
    expect(shipped?.total_weight_grams).toBe(2500);
  });
});
