import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import type { InventorySearchResponse } from '../../shared/schemas/stock';
import { DEMO, expectText, expectValue, loginByPassword, PHONE, poll, screenshot, waitForServiceWorkerControl } from './helpers/browser';
import { cameraScan, fakeCamera } from './helpers/camera';
import { currentStop, shot, waitLeft } from './helpers/picking';
import { apiClient, e2eSuite } from './helpers/suite';

/**
 * Camera scanning on a 360 px handheld with Chromium's fake camera, which
 * plays a Y4M file made from a generated barcode (helpers/camera.ts): the
 * explanation before the browser's question, the live preview, an Einlagern
 * whose EAN and shelf are read by the camera only (the second time offline
 * after a reload: the decoder and its .wasm come from the service worker's
 * cache), the camera refused (back to typing), and a whole pick (pallet, every
 * article and place) by camera, and the torch toggle where the track has a light.
 * docs/architecture.md "Camera scanning".
 */

const COFFEE = withCheckDigit('400638133300');
const camera = fakeCamera();
const suite = e2eSuite({ browserArgs: camera.args });
const api = apiClient(() => suite.server.url);
afterAll(() => camera.dispose());

async function qtyAt(ean: string, barcode: string): Promise<number> {
  const rows = await api<InventorySearchResponse>(DEMO.manager, '/inventory/search', 'POST', { query: ean, limit: 50 });
  return rows.filter((r) => r.product_ean === ean && r.location_barcode === barcode).reduce((s, r) => s + r.quantity, 0);
}

/** Logged in on /inbound, service worker controlling, working set pulled (three customers in the list). */
async function readyDevice(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await loginByPassword(page, DEMO.worker);
  await page.goto('/inbound');
  await waitForServiceWorkerControl(page);
  await page.waitForFunction(() => (document.querySelector('[data-testid="inbound-customer"]') as HTMLSelectElement | null)?.options.length === 3, undefined, {
    timeout: 30_000,
  });
  return page;
}

/** The camera decoder's files (chunk and .wasm) the page has loaded and the service worker's caches hold. */
async function decoderFiles(page: Page): Promise<{ loaded: string[]; cached: string[] }> {
  return page.evaluate(async () => {
    const decoder = /barcode-decoder-|zxing_reader-/;
    const loaded = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => decoder.test(n));
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      cached.push(...keys.map((r) => r.url).filter((u) => decoder.test(u)));
    }
    return { loaded, cached };
  });
}

const dialogGone = (page: Page) => poll(() => page.getByTestId('camera-dialog').count()).toBe(0);

describe('camera scanning (fake camera, 360 px)', () => {
  it('explains, shows the preview, and books an Einlagern read by the camera only, online and offline after a reload', async () => {
    const before = await qtyAt(COFFEE, 'A-01-01');
    const ctx = await suite.context(PHONE);
    // The fake camera's browser has said yes already: here it reports "not asked yet", so the explanation comes first (cameraScan taps its button).
    await ctx.addInitScript(() => {
      const query = navigator.permissions.query.bind(navigator.permissions);
      navigator.permissions.query = (d) => (d.name === ('camera' as PermissionName) ? Promise.resolve({ state: 'prompt' } as PermissionStatus) : query(d));
    });
    const page = await readyDevice(ctx);
    // A device that only scans with its scanner never loads the decoder: not on the page, not in the precache.
    expect(await decoderFiles(page)).toEqual({ loaded: [], cached: [] });

    // The explanation first; the camera starts on the worker's tap. An empty picture: nothing is read.
    await camera.show(suite.browser);
    await page.getByTestId('camera-ean').click();
    await page.getByTestId('camera-allow').waitFor();
    await screenshot(page, 'camera-1-explain-360');
    await page.getByTestId('camera-allow').click();
    await page.locator('[data-testid="camera-scan"][data-phase="scanning"]').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => (document.querySelector('[data-testid="camera-preview"]') as HTMLVideoElement | null)?.videoWidth === 640);
    await screenshot(page, 'camera-2-preview-360');
    await page.getByTestId('camera-close').click();
    await dialogGone(page);
    await expectValue(page.getByTestId('inbound-ean'), '');

    // Online: the EAN by camera goes into the field like a scan; the shelf by camera books.
    await page.getByTestId('inbound-customer').selectOption({ label: 'Müller Naturkost GmbH (K-10001)' });
    await cameraScan(page, camera, 'ean', COFFEE);
    await expectValue(page.getByTestId('inbound-ean'), COFFEE);
    expect((await decoderFiles(page)).loaded.length, 'the decoder comes with the first camera scan').toBeGreaterThan(0);
    await page.getByTestId('product-preview').waitFor();
    // The screen goes on to the shelf, as after a scanner's read.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('inbound-shelf');
    await cameraScan(page, camera, 'shelf', 'A-01-01');
    await page.getByTestId('booking-result').waitFor();
    await screenshot(page, 'camera-3-inbound-booked-360');

    // Offline after a reload: the decoder chunk and the .wasm come from the service worker's cache.
    await ctx.setOffline(true);
    await page.reload();
    await page.getByTestId('inbound-ean').waitFor({ timeout: 30_000 });
    const entry = await page
      .getByTestId('booking-result')
      .getAttribute('data-entry')
      .catch(() => null);
    await cameraScan(page, camera, 'ean', COFFEE);
    await page.getByTestId('product-preview').waitFor();
    await cameraScan(page, camera, 'shelf', 'A-01-01');
    await page.waitForFunction(
      (e) => {
        const now = document.querySelector('[data-testid="booking-result"]')?.getAttribute('data-entry');
        return Boolean(now) && now !== e;
      },
      entry,
      { timeout: 15_000 },
    );
    await ctx.setOffline(false);
    await poll(() => qtyAt(COFFEE, 'A-01-01')).toBe(before + 2);
  });

  it('a refused camera sends the worker back to typing, with a German message', async () => {
    const ctx = await suite.context(PHONE);
    await ctx.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/inbound');
    await page.getByTestId('camera-ean').click();
    await expectText(page.getByTestId('camera-problem'), /^Die Kamera ist nicht erlaubt\. Bitte den Code eintippen/);
    await screenshot(page, 'camera-4-refused-360');
    await page.getByTestId('camera-type').click();
    await dialogGone(page);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('inbound-ean');
  });

  it('picks a whole order by camera: pallet (QR), then every article and place', async () => {
    const disps = await api<Array<{ barcode: string; status: string }>>(DEMO.admin, '/disposable-pallets/?limit=50');
    const disp = disps.find((r) => r.status === 'available')?.barcode ?? '';
    expect(disp).toMatch(/^DISP-[A-Z0-9]{8}$/);
    const { orders } = await api<{ orders: Array<{ order_number: string; status: string; fully_reserved: boolean }> }>(
      DEMO.manager,
      '/picking-waves/available-orders',
    );
    const order = orders.find((o) => o.status === 'confirmed' && o.fully_reserved);
    expect(order).toBeDefined();
    const number = order?.order_number ?? '';

    const ctx = await suite.context(PHONE);
    await ctx.grantPermissions(['camera']);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/warehouse/picking');
    await page.getByTestId(`picking-order-${number}`).click();
    await page.getByTestId('picking-single').click();
    await page.getByTestId('picking-scan-pallet').waitFor();
    await cameraScan(page, camera, 'pallet', disp, 'qrcode');
    await page.getByTestId('single-picking').waitFor({ timeout: 30_000 });

    for (let n = 0; n < 30; n++) {
      if (await page.getByTestId('picking-all-done').isVisible()) break;
      const s = await currentStop(page);
      await cameraScan(page, camera, 'picking', s.ean);
      await page.locator('[data-testid="single-picking"][data-step="location"]').waitFor();
      await cameraScan(page, camera, 'picking', s.location);
      if (s.ve) await page.getByTestId('ve-confirm').click();
      await waitLeft(page, s.key);
    }
    await page.getByTestId('picking-all-done').waitFor();
    await shot(page, 'camera-5-pick-done-360');
    await page.getByTestId('picking-finish').click();
    await page.getByTestId('picking-done').waitFor();
    await expectText(page.getByTestId('picking-done-message'), `Palette ${disp} bereit zum Packen`);
  });

  it('offers the torch only where the track reports it; a tap switches it on and off by applyConstraints', async () => {
    /** Opens the camera on Einlagern (allowed already) and waits for the live preview. */
    const openCamera = async (ctx: BrowserContext): Promise<Page> => {
      await ctx.grantPermissions(['camera']);
      const page = await ctx.newPage();
      await loginByPassword(page, DEMO.worker);
      await page.goto('/inbound');
      await camera.show(suite.browser);
      await page.getByTestId('camera-ean').click();
      await page.locator('[data-testid="camera-scan"][data-phase="scanning"]').waitFor({ timeout: 30_000 });
      return page;
    };

    // Chromium's fake camera has no light: no toggle.
    const plain = await openCamera(await suite.context(PHONE));
    await plain.getByTestId('camera-close').waitFor();
    expect(await plain.getByTestId('camera-torch').count()).toBe(0);

    // A track that reports `torch`: the toggle shows; each tap applies the constraint (recorded, not passed on).
    const ctx = await suite.context(PHONE);
    await ctx.addInitScript(() => {
      const w = window as Window & { torchCalls?: MediaTrackConstraints[] };
      w.torchCalls = [];
      const caps = MediaStreamTrack.prototype.getCapabilities;
      MediaStreamTrack.prototype.getCapabilities = function (this: MediaStreamTrack) {
        return { ...caps.call(this), torch: true } as MediaTrackCapabilities;
      };
      MediaStreamTrack.prototype.applyConstraints = (c?: MediaTrackConstraints) => {
        w.torchCalls?.push(c ?? {});
        return Promise.resolve();
      };
    });
    const page = await openCamera(ctx);
    const torch = page.getByTestId('camera-torch');
    await expectText(torch, 'Licht an');
    expect(await torch.getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'camera-6-torch-360');
    const calls = () => page.evaluate(() => (window as Window & { torchCalls?: MediaTrackConstraints[] }).torchCalls);
    await torch.click();
    await expectText(torch, 'Licht aus');
    expect(await torch.getAttribute('aria-pressed')).toBe('true');
    expect(await calls()).toEqual([{ advanced: [{ torch: true }] }]);
    await torch.click();
    await expectText(torch, 'Licht an');
    expect(await calls()).toEqual([{ advanced: [{ torch: true }] }, { advanced: [{ torch: false }] }]);
  });
});
