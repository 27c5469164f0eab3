import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { DESKTOP, PHONE, scan, screenshot } from './browser';

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
