import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PACKING_DEMO_PALLET } from '../../server/db/seed-packing';
import { DEMO, DESKTOP, type DemoUser, launchBrowser, loginByPassword, newContext, PHONE, scan, screenshot } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

/**
 * The freight branch of the packing station (issue #14) on the demo pallet
 * PAL-101: its two orders carry no carrier, so both start as freight (spec
 * §4). The German one ships directly with Zufall, two pallets and a tracking
 * number per pallet; the other (moved to Vienna) asks for a quotation from
 * the station, opens its pallet labels and then waits in /freight-quotations.
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let current: Page | null = null;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterEach(async (t) => {
  if (t.task.result?.state === 'fail' && current) await screenshot(current, 'packing-freight-failure').catch(() => undefined);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

let token: string | null = null;
/** A call straight to the API as the manager (setup and checks, not the screen under test). */
async function api<T>(path: string, method = 'GET', body?: unknown, user: DemoUser = DEMO.manager): Promise<T> {
  if (!token) {
    const login = await fetch(`${server.url}/api/auth/login-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
  }
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${server.url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface OrderDetail {
  id: number;
  order_number: string;
  status: string;
  carrier: string | null;
  carrier_type: string | null;
  tracking_number: string | null;
  num_pallets: number | null;
  pallet_dimensions: unknown;
  freight_quote_requested_at: string | null;
  delivery_name: string;
  items: Array<{ product_ean: string }>;
}

async function shots(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-toast]'), undefined, { timeout: 10_000 });
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await screenshot(page, `${name}-360`);
  await page.setViewportSize(DESKTOP);
}
const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text }).first().waitFor();

/** Scans once the scan field has focus and its text is selected (see packing.test.ts). */
async function scanWhenFocused(page: Page, code: string): Promise<void> {
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

/** Opens an order from the pallet and scans each of its EANs; ends in the shipping step. */
async function toShipping(page: Page, o: OrderDetail): Promise<void> {
  await page.getByTestId(`packing-order-${o.order_number}`).click();
  await page.locator(`[data-testid="packing-verify"][data-order="${o.order_number}"]`).waitFor();
  for (const [n, i] of o.items.entries()) {
    await scanWhenFocused(page, i.product_ean);
    if (n < o.items.length - 1) await page.locator(`[data-testid="packing-item-${i.product_ean}"][data-scanned="true"]`).waitFor();
  }
  await page.locator(`[data-testid="packing-ship"][data-order="${o.order_number}"]`).waitFor({ timeout: 10_000 });
}

/** Keeps every Blob the page turns into an object URL (the pallet labels PDF). */
const KEEP_BLOBS = () => {
  const w = window as unknown as { __blobs: Blob[] };
  w.__blobs = [];
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (b: Blob | MediaSource) => {
    if (b instanceof Blob) w.__blobs.push(b);
    return create(b);
  };
};

describe('packing station, freight', () => {
  it('ships a German order by freight and requests a quotation for a foreign one, then listed in /freight-quotations', async () => {
    const { orders } = await api<{ orders: Array<{ id: number }> }>(`/outbound-orders/packing/pallet/${PACKING_DEMO_PALLET}`);
    expect(orders).toHaveLength(2);
    const [de, abroad] = await Promise.all(orders.map((o) => api<OrderDetail & Record<string, string>>(`/outbound-orders/${o.id}`)));
    if (!de || !abroad) throw new Error('demo pallet without two orders');
    expect([de.carrier, abroad.carrier]).toEqual([null, null]);
    await api(`/outbound-orders/${abroad.id}/delivery-address`, 'PATCH', {
      delivery_name: abroad.delivery_name,
      delivery_address: 'Mariahilfer Straße 120',
      delivery_postal_code: '1070',
      delivery_city: 'Wien',
      delivery_country: 'AT',
    });

    const ctx = await newContext(browser, server.url, DESKTOP);
    contexts.push(ctx);
    await ctx.addInitScript(KEEP_BLOBS);
    const page = await ctx.newPage();
    current = page;
    await loginByPassword(page, DEMO.manager);
    await page.goto('/warehouse/packing');
    await page.getByTestId('packing-scan-pallet').waitFor();
    await scanWhenFocused(page, PACKING_DEMO_PALLET);
    await page.getByTestId('packing-select-order').waitFor();

    // --- Germany: freight by default, Zufall, two pallets, a tracking number per pallet ---
    await toShipping(page, de);
    await expect(page.getByTestId('packing-ship-type').inputValue()).resolves.toBe('freight');
    const route = page.getByTestId('packing-freight-route');
    await expect(route.getAttribute('data-germany')).resolves.toBe('true');
    await expect(route.textContent()).resolves.toBe('Lieferland: Deutschland – Direktversand mit Zufall');
    await expect(page.getByTestId('packing-freight-carrier').inputValue()).resolves.toBe('Zufall');
    // The banner follows the chosen carrier.
    await page.getByTestId('packing-freight-carrier').selectOption('Raben');
    await expect(route.textContent()).resolves.toBe('Lieferland: Deutschland – Direktversand mit Raben');
    await page.getByTestId('packing-freight-carrier').selectOption('Zufall');
    await page.getByTestId('packing-pallets').fill('2');
    await page.getByTestId('packing-pallet-2-half').click();
    await expect(page.getByTestId('packing-pallet-2-length').inputValue()).resolves.toBe('80');
    await expect(page.getByTestId('packing-pallet-2-width').inputValue()).resolves.toBe('60');
    await page.getByTestId('packing-pallet-2-weight').fill('150,5');
    await page.getByTestId('packing-ship-submit').click();
    await page.getByText('Bitte mindestens eine Tracking-Nummer eingeben').waitFor();
    await shots(page, 'packing-freight-1-germany-refused');
    await page.getByTestId('packing-freight-tracking-1').fill('ZUF-0815');
    await page.getByTestId('packing-freight-tracking-2').fill('ZUF-0816');
    await shots(page, 'packing-freight-2-germany');
    await page.getByTestId('packing-ship-submit').click();
    await toast(page, `Auftrag ${de.order_number} versendet`);
    const shipped = await api<OrderDetail>(`/outbound-orders/${de.id}`);
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'Zufall', carrier_type: 'freight', tracking_number: 'ZUF-0815, ZUF-0816', num_pallets: 2 });
    expect(JSON.stringify(shipped.pallet_dimensions)).toContain('150.5');

    // --- abroad: the pallet is reloaded with the other order; quotation with dimensions per pallet ---
    await page.getByTestId('packing-select-order').waitFor();
    await toShipping(page, abroad);
    await expect(page.getByTestId('packing-ship-type').inputValue()).resolves.toBe('freight');
    await expect(route.getAttribute('data-germany')).resolves.toBe('false');
    // The banner names the country once.
    const banner = (await route.textContent()) ?? '';
    expect(banner).toContain('Lieferland: Österreich – Angebot einer Spedition nötig');
    expect(banner.match(/Österreich/g)).toHaveLength(1);
    await expect(page.getByTestId('packing-freight-carrier').count()).resolves.toBe(0);
    await expect(page.getByTestId('packing-freight-tracking').count()).resolves.toBe(0);
    await page.getByTestId('packing-pallet-1-height').fill('');
    await page.getByTestId('packing-ship-submit').click();
    await page.getByTestId('packing-pallet-dims-error').getByText('Bitte alle Maße und Gewichte für alle Paletten eingeben').waitFor();
    await expect(api<OrderDetail>(`/outbound-orders/${abroad.id}`).then((o) => o.status)).resolves.toBe('picking');
    await page.getByTestId('packing-pallet-1-height').fill('90');
    await shots(page, 'packing-freight-3-abroad');
    await page.getByTestId('packing-ship-submit').click();
    await toast(page, `Speditionsangebot für Auftrag ${abroad.order_number} angefragt`);
    await page.getByTestId('packing-quote-requested').getByText('Speditionsanfragen').waitFor();
    const waiting = await api<OrderDetail>(`/outbound-orders/${abroad.id}`);
    expect(waiting).toMatchObject({ status: 'packed', carrier_type: 'freight', num_pallets: 1 });
    expect(waiting.freight_quote_requested_at).not.toBeNull();
    await shots(page, 'packing-freight-4-requested');

    // The pallet labels PDF: one label per pallet, opened in a tab as a blob URL.
    const popup = ctx.waitForEvent('page');
    await page.getByTestId('packing-pallet-labels').click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/, { timeout: 15_000, waitUntil: 'commit' });
    const b64 = await page.evaluate(async () => {
      const blobs = (window as unknown as { __blobs: Blob[] }).__blobs;
      const last = blobs[blobs.length - 1];
      if (!last) return '';
      const buf = new Uint8Array(await last.arrayBuffer());
      let s = '';
      for (const byte of buf) s += String.fromCharCode(byte);
      return btoa(s);
    });
    await tab.close();
    await expect(PDFDocument.load(Buffer.from(b64, 'base64')).then((d) => d.getPageCount())).resolves.toBe(1);

    // Back at the pallet the packed order is still there; opened again it shows that it waits for an offer.
    await page.getByTestId('packing-quote-done').click();
    await page.getByTestId('packing-select-order').waitFor();
    await toShipping(page, abroad);
    await page.getByTestId('packing-quote-requested').waitFor();
    await expect(page.getByTestId('packing-ship-submit').count()).resolves.toBe(0);

    // --- the order waits in the quotation dashboard with its dimensions ---
    await page.getByTestId('packing-quote-requested').getByRole('link', { name: 'Speditionsanfragen' }).click();
    await page.getByRole('heading', { name: 'Speditionsanfragen' }).waitFor();
    const row = page.getByTestId(`freight-row-${abroad.order_number}`);
    await row.waitFor();
    const rowText = await row.textContent();
    expect(rowText).toContain('1070 Wien, Österreich');
    expect(rowText).toContain('Palette 1: 120 × 80 × 90 cm, 200 kg');
    expect(rowText).toContain('Noch kein Angebot');
    await expect(page.getByTestId(`freight-row-${de.order_number}`).count()).resolves.toBe(0);
  });
});
