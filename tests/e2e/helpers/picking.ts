import type { Page } from 'playwright-core';
import { scan, screenshot } from './browser';

/** Helpers of the picking e2e files (single order, refusals). */

/** Screenshots without the transient toasts (they cover a dialog's title), from the top. */
export async function shot(page: Page, name: string, keep: 'messages' | 'none' = 'none'): Promise<void> {
  await page.waitForFunction((sel) => !document.querySelector(sel), keep === 'none' ? '[data-toast]' : '[data-toast="info"]', { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

export interface Stop {
  key: string;
  ean: string;
  location: string;
  qty: number;
  ve: boolean;
}
export async function currentStop(page: Page): Promise<Stop> {
  const sp = page.getByTestId('single-picking');
  await sp.waitFor();
  return {
    key: (await sp.getAttribute('data-stop')) ?? '',
    ean: (await sp.getAttribute('data-ean')) ?? '',
    location: (await sp.getAttribute('data-location')) ?? '',
    qty: Number(await sp.getAttribute('data-qty')),
    ve: (await sp.getAttribute('data-ve')) === 'true',
  };
}
/** Waits until the screen left the stop `key` (next stop, or everything picked). */
export async function waitLeft(page: Page, key: string): Promise<void> {
  await page.waitForFunction(
    (k) => {
      const el = document.querySelector('[data-testid="single-picking"]');
      return document.querySelector('[data-testid="picking-all-done"]') !== null || (el !== null && el.getAttribute('data-stop') !== k);
    },
    key,
    { timeout: 15_000 },
  );
}

/** A scan once the screen's scan field has the focus again (after a step change or a reload). */
export async function scanWhenFocused(page: Page, code: string): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-field') === true, undefined, { timeout: 10_000 }).catch(() => undefined);
  await scan(page, code);
}
