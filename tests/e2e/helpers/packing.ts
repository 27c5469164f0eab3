import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { DHL_TEST_SETTINGS } from '../../helpers/dhl-contract-server';
import { DEMO, DESKTOP, PHONE, scan, screenshot } from './browser';
import type { Api } from './suite';

/** Helpers of the packing station e2e files (parcel and freight). */

/** Every step at 1280 px and 360 px, without transient toasts unless asked. */
export async function shots(page: Page, name: string, keep: 'messages' | 'none' = 'none'): Promise<void> {
  if (keep === 'none') await page.waitForFunction(() => !document.querySelector('[data-toast]'), undefined, { timeout: 10_000 });
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await screenshot(page, `${name}-360`);
  await page.setViewportSize(DESKTOP);
}

/**
 * A failing test leaves a screenshot of the page `current()` names and the
 * messages it showed (gone after 3 s), when RECORD_TOASTS was installed.
 */
export function screenshotOnFailure(name: string, current: () => Page | null): void {
  afterEach(async (t) => {
    const page = current();
    if (t.task.result?.state !== 'fail' || !page) return;
    await screenshot(page, name).catch(() => undefined);
    const shown = await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []).catch(() => []);
    if (shown.length > 0) console.log(`messages shown:\n${shown.join('\n')}`);
  });
}

/** An init script: records every toast the page shows in window.__toasts (read by screenshotOnFailure). */
export const RECORD_TOASTS = () => {
  const w = window as unknown as { __toasts: string[] };
  w.__toasts = [];
  new MutationObserver((ms) => {
    for (const m of ms)
      for (const n of m.addedNodes)
        if (n instanceof HTMLElement && n.matches('[data-toast]')) w.__toasts.push(`${Math.round(performance.now())} ${n.textContent}`);
  }).observe(document, { childList: true, subtree: true });
};

export async function scanWhenFocused(page: Page, code: string): Promise<void> {
  // The workflow selects the field's text after each scan (a timer) so that the next scan replaces it: wait for that, as a
  // person holding the scanner would; typing before it lands loses the first digits to the late selection.
  await page.waitForFunction(
    () => {
      const el = document.activeElement;
      return (
        el instanceof HTMLInputElement &&
        el.hasAttribute('data-scan-field') &&
        (el.value === '' || (el.selectionStart === 0 && el.selectionEnd === el.value.length))
      );
    },
    undefined,
    { timeout: 10_000 },
  );
  await scan(page, code);
}

/** An init script: keeps every Blob the page turns into an object URL, so the test can read the PDF the screen opened. */
export const KEEP_BLOBS = () => {
  const w = window as unknown as { __blobs: Blob[] };
  w.__blobs = [];
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (b: Blob | MediaSource) => {
    if (b instanceof Blob) w.__blobs.push(b);
    return create(b);
  };
};

/** The tab the screen opened shows a blob: URL; answers the page count of the PDF behind it (the newest object URL's Blob). */
export async function openedPdfPages(page: Page, popup: Page): Promise<number> {
  await popup.waitForURL(/^blob:/, { timeout: 15_000, waitUntil: 'commit' });
  const b64 = await page.evaluate(async () => {
    const blobs = (window as unknown as { __blobs: Blob[] }).__blobs;
    const last = blobs[blobs.length - 1];
    if (!last) return '';
    const buf = new Uint8Array(await last.arrayBuffer());
    let s = '';
    for (const byte of buf) s += String.fromCharCode(byte);
    return btoa(s);
  });
  await popup.close();
  const doc = await PDFDocument.load(Buffer.from(b64, 'base64'));
  return doc.getPageCount();
}

export interface PackedOrder {
  order_number: string;
  items: Array<{ product_ean: string }>;
}

/** Scans each of the order's EANs in the verify step; ends in its shipping step. */
export async function verifyAll(page: Page, o: PackedOrder): Promise<void> {
  for (const [n, i] of o.items.entries()) {
    await scanWhenFocused(page, i.product_ean);
    if (n < o.items.length - 1) await page.locator(`[data-testid="packing-item-${i.product_ean}"][data-scanned="true"]`).waitFor();
  }
  await page.locator(`[data-testid="packing-ship"][data-order="${o.order_number}"]`).waitFor({ timeout: 10_000 });
}

/** An order as the packing e2e reads it back (GET /outbound-orders/{id}). */
export interface OrderDetail {
  id: number;
  order_number: string;
  status: string;
  customer_name?: string;
  tracking_number: string | null;
  num_packages: number | null;
  total_weight_grams: number | null;
  delivery_address: string;
  items: Array<{ product_ean: string; quantity: number; picked_quantity: number }>;
}

/** Two orders of different customers (no shared products), picked completely onto PAL-001 through the API. */
export async function palletAtPackingTable(api: Api): Promise<{ a: OrderDetail; b: OrderDetail }> {
  await api(
    DEMO.admin,
    '/settings/batch',
    'POST',
    Object.entries(DHL_TEST_SETTINGS).map(([key, value]) => ({ key, value })),
  );
  const { orders } = await api<{ orders: Array<{ id: number; status: string; fully_reserved: boolean; customer_name: string }> }>(
    DEMO.manager,
    '/picking-waves/available-orders',
  );
  const ready = orders.filter((o) => o.status === 'confirmed' && o.fully_reserved);
  const first = ready[0];
  const second = ready.find((o) => o.customer_name !== first?.customer_name);
  expect(first && second, 'two confirmed orders of different customers').toBeTruthy();
  const ids = [first?.id ?? 0, second?.id ?? 0];
  // DHL does not find house number 9999: the second order takes the address-correction path.
  const b0 = await api<OrderDetail & Record<string, string>>(DEMO.manager, `/outbound-orders/${ids[1]}`);
  await api(DEMO.manager, `/outbound-orders/${ids[1]}/delivery-address`, 'PATCH', {
    delivery_name: b0.delivery_name,
    delivery_address: 'Teststraße 9999',
    delivery_postal_code: b0.delivery_postal_code,
    delivery_city: b0.delivery_city,
    delivery_country: b0.delivery_country,
  });
  const wave = await api<{ id: number }>(DEMO.worker, `/picking-waves/?name=Packtest&order_ids=${ids.join(',')}&creation_method=manual`, 'POST');
  await api(DEMO.worker, `/picking-waves/${wave.id}/start?pallet_barcode=PAL-001`, 'POST');
  await api(DEMO.worker, `/picking-waves/${wave.id}/begin-picking`, 'POST');
  for (const id of ids) {
    const list = await api<{
      items: Array<{ product_ean: string; locations: Array<{ location_barcode: string; quantity_to_pick: number; batch_number: string }> }>;
    }>(DEMO.worker, `/outbound-orders/${id}/picking-list`);
    for (const item of list.items)
      for (const l of item.locations)
        await api(DEMO.worker, `/picking-waves/${wave.id}/pick`, 'POST', {
          order_id: id,
          product_ean: item.product_ean,
          location_barcode: l.location_barcode,
          quantity: l.quantity_to_pick,
          batch_number: l.batch_number || null,
        });
  }
  await api(DEMO.worker, `/picking-waves/${wave.id}/complete`, 'POST');
  const [a, b] = await Promise.all(ids.map((id) => api<OrderDetail>(DEMO.manager, `/outbound-orders/${id}`)));
  for (const o of [a, b]) for (const i of o.items) expect(i.picked_quantity, `${o.order_number} ${i.product_ean}`).toBe(i.quantity);
  return { a, b };
}
