import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../../server/db/index';
import { DEMO, scan, screenshot } from './browser';
import type { Api } from './suite';

/** Helpers of the rolling picking e2e (tests/e2e/picking-rolling.test.ts). */

/** A valid EAN-13 from 12 digits. */
export function ean13(base: string): string {
  const sum = [...base].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
}

/** Screenshots without the transient toasts, from the top. */
export async function shot(page: Page, name: string, keep: 'messages' | 'none' = 'none'): Promise<void> {
  await page.waitForFunction((sel) => !document.querySelector(sel), keep === 'none' ? '[data-toast]' : '[data-toast="info"]', { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
export const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text }).first().waitFor();

export interface Screen {
  phase: string;
  key: string;
  location: string;
  ean: string;
  qty: number;
  corner: string;
}
/** What the screen shows, read in one go (separate reads could straddle a render). */
export async function screen(page: Page): Promise<Screen> {
  const el = page.getByTestId('rolling-picking');
  await el.waitFor({ timeout: 30_000 });
  const [phase, key, location, ean, qty, corner] = await el.evaluate((e) =>
    ['data-phase', 'data-key', 'data-location', 'data-ean', 'data-qty', 'data-corner'].map((a) => e.getAttribute(a)),
  );
  return { phase: phase ?? '', key: key ?? '', location: location ?? '', ean: ean ?? '', qty: Number(qty), corner: corner ?? '' };
}
/** Waits until the screen shows `phase` (of another pick when `leftKey` is given), or the wave is done. */
export async function waitPhase(page: Page, phase: string, leftKey?: string): Promise<void> {
  await page.waitForFunction(
    ([ph, k]) => {
      if (document.querySelector('[data-testid="picking-done"]')) return true;
      const el = document.querySelector('[data-testid="rolling-picking"]');
      return el !== null && el.getAttribute('data-phase') === ph && (!k || el.getAttribute('data-key') !== k);
    },
    [phase, leftKey ?? ''] as const,
    { timeout: 15_000 },
  );
}
/** Waits until the corner of `key` is confirmed: the next pick (place or article), or the wave done. */
export async function leftCorner(page: Page, key: string): Promise<void> {
  await page.waitForFunction(
    (k) => {
      if (document.querySelector('[data-testid="picking-done"]')) return true;
      const el = document.querySelector('[data-testid="rolling-picking"]');
      return el !== null && el.getAttribute('data-phase') !== 'confirm_corner' && el.getAttribute('data-key') !== k;
    },
    key,
    { timeout: 15_000 },
  );
}
/** Waits until the device has stored the position the screen shows (a reload comes back to it). */
export async function positionStored(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="rolling-picking"]')?.getAttribute('data-stored') === 'true', undefined, {
    timeout: 15_000,
  });
}
export async function scanWhenFocused(page: Page, code: string): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-field') === true, undefined, { timeout: 10_000 }).catch(() => undefined);
  await scan(page, code);
}

/** A delivery address for the test orders. */
export function orderBody(name: string, items: Array<{ product_id: number; quantity: number }>) {
  return { delivery_name: name, delivery_address: 'Hauptstraße 5', delivery_city: 'Berlin', delivery_postal_code: '10117', delivery_country: 'DE', items };
}

/**
 * The rolling world, through the API: 6 new products on 6 places in 4 racks,
 * 4 orders of the demo customer (14 lines, one place with 4 picks), every
 * product's stock exactly what the orders need (no free stock elsewhere), and
 * a free DISP- pallet.
 */
export async function buildRollingWorld(api: Api) {
  const me = await api<{ customer_id: number }>(DEMO.customer1, '/auth/me');
  const locations = await api<Array<{ id: number; barcode: string; rack_id: number }>>(DEMO.admin, '/locations/');
  const racks = [...new Set(locations.map((l) => l.rack_id))].slice(0, 4);
  expect(racks.length).toBe(4);
  const inRack = (r: number, n: number) => locations.filter((l) => l.rack_id === racks[r])[n] ?? locations.filter((l) => l.rack_id === racks[r])[0];
  const places = [inRack(0, 0), inRack(1, 0), inRack(2, 0), inRack(3, 0), inRack(0, 1), inRack(1, 1)];
  const stamp = String(Date.now()).slice(-7);
  const products = await Promise.all(
    places.map(async (_, i) =>
      api<{ id: number; ean: string; title: string }>(DEMO.admin, '/products/', 'POST', {
        ean: ean13(`40${stamp}00${i}`.slice(0, 12)),
        title: `Rolling-Artikel ${i + 1}`,
      }),
    ),
  );
  // Order lines (product index, quantity); every product's stock is exactly what the orders need: no free stock elsewhere.
  const lines = [
    [
      [0, 2],
      [1, 1],
      [2, 1],
    ],
    [
      [0, 1],
      [3, 2],
      [4, 1],
    ],
    [
      [1, 2],
      [4, 1],
      [5, 1],
      [0, 1],
    ],
    [
      [2, 1],
      [5, 2],
      [3, 1],
      [0, 1],
    ],
  ];
  const need = products.map((_, i) => lines.flat().reduce((s, [p, q]) => s + (p === i ? q : 0), 0));
  for (const [i, p] of products.entries()) {
    await api(DEMO.admin, '/inbound', 'POST', { ean: p.ean, quantity: need[i], location_barcode: places[i].barcode, customer_id: me.customer_id });
  }
  const orders: Array<{ id: number; order_number: string }> = [];
  for (const [n, ls] of lines.entries()) {
    orders.push(
      await api(
        DEMO.customer1,
        '/outbound-orders/',
        'POST',
        orderBody(
          `Rolling Kunde ${n + 1}`,
          ls.map(([p, q]) => ({ product_id: products[p].id, quantity: q })),
        ),
      ),
    );
  }
  const disps = await api<Array<{ barcode: string; status: string }>>(DEMO.admin, '/disposable-pallets/?limit=50');
  const disp = disps.find((r) => r.status === 'available')?.barcode ?? '';
  expect(disp).toMatch(/^DISP-[A-Z0-9]{8}$/);

  return { products, lines, need, orders, disp };
}

/** What the server stored, read from its embedded database in `dataDir` after it was stopped (the cart has no read API). */
export async function storedState(dataDir: string, waveId: number, productIds: number[], orderIds: number[]) {
  const handle = await openDatabase({ dataDir });
  try {
    const carts = await handle.db.selectFrom('picking_carts').select(['wave_id', 'pallet_barcode', 'assignments']).where('wave_id', '=', waveId).execute();
    const rows = await handle.db.selectFrom('stock').select(['quantity', 'reserved_quantity']).where('product_id', 'in', productIds).execute();
    const reservations = await handle.db
      .selectFrom('order_reservations as r')
      .innerJoin('outbound_order_items as i', 'i.id', 'r.order_item_id')
      .select('r.id')
      .where('i.order_id', 'in', orderIds)
      .execute();
    return {
      carts,
      stock: { quantity: rows.reduce((n, r) => n + r.quantity, 0), reserved: rows.reduce((n, r) => n + r.reserved_quantity, 0) },
      reservations: reservations.length,
    };
  } finally {
    await handle.close();
  }
}
