import { describe, expect, it } from 'vitest';
import type { MovementsResponse } from '../../shared/schemas/stock';
import { DEMO, expectCount, expectText, expectTextContains, loginByPassword, PHONE, scan, waitForServiceWorkerControl } from './helpers/browser';
import { currentStop, scanWhenFocused, shot, waitLeft } from './helpers/picking';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * Single-order picking on the handheld: the demo
 * worker chooses a confirmed, fully reserved order, 'Einzeln', scans a DISP-
 * pallet (online), then picks every stop OFFLINE: EAN, then place (one wrong
 * place first), the VE dialog where the product has a VE, one Fehlmenge,
 * a reload in the middle that continues where it stopped, and completes.
 * Online again: picked quantities, wave, pallet and movements on the server,
 * each pick booked exactly once.
 */

const suite = e2eSuite();

const api = apiClient(() => suite.server.url);

describe('handheld picking, single order', () => {
  it('picks a whole order offline onto a DISP- pallet, with a wrong scan, a Fehlmenge and an offline reload; books each pick once', async () => {
    // The demo data has movements of its own (e.g. the packing demo's picks by the worker): count only this test's.
    const seenMoves = new Set((await api<MovementsResponse>(DEMO.manager, '/movements?limit=500')).map((m) => m.id));
    const disps = await api<Array<{ barcode: string; status: string }>>(DEMO.admin, '/disposable-pallets/?limit=50');
    const disp = disps.find((r) => r.status === 'available')?.barcode ?? '';
    expect(disp).toMatch(/^DISP-[A-Z0-9]{8}$/);
    const { orders } = await api<{ orders: Array<{ id: number; order_number: string; status: string; fully_reserved: boolean; delivery_name: string }> }>(
      DEMO.manager,
      '/picking-waves/available-orders',
    );
    const candidates = orders.filter((o) => o.status === 'confirmed' && o.fully_reserved);
    const order = candidates.find((o) => o.delivery_name === 'Café Kornblume') ?? candidates[0];
    expect(order).toBeDefined();
    const before = await api<{ items: Array<{ product_ean: string; quantity: number; picked_quantity: number }> }>(
      DEMO.manager,
      `/outbound-orders/${order.id}`,
    );

    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/warehouse/picking');
    await waitForServiceWorkerControl(page);

    // --- select ---
    await page.getByTestId(`picking-order-${order.order_number}`).waitFor();
    await page.getByTestId('picking-single').click();
    await toast(page, 'Bitte mindestens eine Bestellung auswählen');
    await page.getByTestId(`picking-order-${order.order_number}`).click();
    await shot(page, 'picking-1-select-360');
    await page.getByTestId('picking-single').click();

    // --- scan pallet: an unknown one is refused, then the DISP- barcode starts the wave ---
    await page.getByTestId('picking-scan-pallet').waitFor();
    await expectTextContains(page.getByTestId('picking-pallet-orders'), order.order_number);
    await scan(page, 'DISP-ZZZZZZZZ');
    await page.getByText('Palette nicht gefunden').waitFor();
    await shot(page, 'picking-2-scan-pallet-360', 'messages');
    await scan(page, disp);
    await page.getByTestId('single-picking').waitFor({ timeout: 30_000 });
    const waveId = Number(new URL(page.url()).searchParams.get('wave_id'));
    expect(waveId).toBeGreaterThan(0);
    await expectText(page.getByTestId('picking-order'), order.order_number);
    await expect(page.getByTestId('picking-back').isDisabled()).resolves.toBe(true);
    await shot(page, 'picking-3-step-ean-360');

    // --- offline from here ---
    await ctx.setOffline(true);
    await expect.poll(() => page.getByTestId('sync-status').textContent()).toContain('Offline');

    const picked = new Map<string, number>();
    let picks = 0;
    let shortages = 0;
    let wrongScanDone = false;
    let reloaded = false;
    for (let n = 0; n < 30; n++) {
      if (await page.getByTestId('picking-all-done').isVisible()) break;
      const s = await currentStop(page);
      await scan(page, s.ean);
      await page.locator('[data-testid="single-picking"][data-step="location"]').waitFor();
      if (!wrongScanDone) {
        await scan(page, 'ZZ-99-99');
        await toast(page, `Falscher Lagerort! Erwartet: ${s.location}`);
        await shot(page, 'picking-4-wrong-location-360', 'messages');
        wrongScanDone = true;
      }
      if (shortages === 0 && s.qty >= 2) {
        await page.getByTestId('picking-report-shortage').click();
        await page.getByTestId('shortage-found').fill(String(s.qty - 1));
        await shot(page, 'picking-5-shortage-dialog-360');
        await page.getByTestId('shortage-confirm').click();
        picked.set(s.ean, (picked.get(s.ean) ?? 0) + s.qty - 1);
        picks++;
        shortages++;
      } else {
        await scanWhenFocused(page, s.location);
        if (s.ve) {
          await page.getByTestId('ve-confirm').waitFor();
          await expectTextContains(page.getByTestId('ve-total'), `Gesamt: ${s.qty} von ${s.qty} Stück`);
          await shot(page, 'picking-6-ve-dialog-360');
          await page.getByTestId('ve-confirm').click();
        }
        picked.set(s.ean, (picked.get(s.ean) ?? 0) + s.qty);
        picks++;
      }
      await waitLeft(page, s.key);

      if (!reloaded && (await page.getByTestId('single-picking').isVisible())) {
        // --- reload offline in the middle: the same stop again ---
        const here = await currentStop(page);
        await page.waitForFunction(() => document.querySelector('[data-testid="single-picking"]')?.getAttribute('data-stored') === 'true', undefined, {
          timeout: 15_000,
        });
        await page.reload();
        await page.getByTestId('single-picking').waitFor({ timeout: 30_000 });
        await expect(currentStop(page).then((x) => x.key)).resolves.toBe(here.key);
        await shot(page, 'picking-7-after-offline-reload-360');
        reloaded = true;
      }
    }
    expect(wrongScanDone).toBe(true);
    // The demo order has a line of at least 2 pieces at one place: the Fehlmenge was reported.
    expect(shortages).toBe(1);
    expect(reloaded).toBe(true);
    await page.getByTestId('picking-all-done').waitFor();
    await shot(page, 'picking-8-all-picked-360');
    await page.getByTestId('picking-finish').click();
    await page.getByTestId('picking-done').waitFor();
    await expectText(page.getByTestId('picking-done-message'), `Palette ${disp} bereit zum Packen`);
    await shot(page, 'picking-9-done-360');

    // --- online: the queue goes through ---
    await ctx.setOffline(false);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="sync-pending"]') === null ||
        document.querySelector('[data-testid="sync-pending"]')?.getAttribute('data-count') === '0',
      undefined,
      {
        timeout: 60_000,
      },
    );
    await expectCount(page.getByTestId('sync-problems'), 0);

    const after = await api<{ status: string; items: Array<{ product_ean: string; quantity: number; picked_quantity: number }> }>(
      DEMO.manager,
      `/outbound-orders/${order.id}`,
    );
    for (const item of after.items) {
      const was = before.items.find((i) => i.product_ean === item.product_ean)?.picked_quantity ?? 0;
      expect(item.picked_quantity - was, item.product_ean).toBe(picked.get(item.product_ean) ?? 0);
    }
    const totalOrdered = after.items.reduce((s, i) => s + i.quantity, 0);
    const totalPicked = after.items.reduce((s, i) => s + i.picked_quantity, 0);
    expect(totalPicked).toBe(totalOrdered - shortages);
    const wave = await api<{ status: string; pallet_barcode: string }>(DEMO.manager, `/picking-waves/${waveId}`);
    expect(wave.status).toBe('completed');
    expect(wave.pallet_barcode).toBe(disp);
    const pallet = await api<{ status: string; used_for_order_id: number | null }>(DEMO.manager, `/disposable-pallets/barcode/${disp}`);
    expect(pallet.status).toBe('used');
    expect(pallet.used_for_order_id).toBe(order.id);
    // Exactly once: one order_pick movement per pick, one adjustment per Fehlmenge, all by the worker.
    const moves = (await api<MovementsResponse>(DEMO.manager, '/movements?limit=500')).filter((m) => !seenMoves.has(m.id));
    const mine = moves.filter((m) => m.user_full_name === DEMO.worker.name);
    expect(mine.filter((m) => m.movement_type === 'order_pick').length).toBe(picks);
    expect(mine.filter((m) => m.movement_type === 'adjustment').length).toBe(shortages);
    for (const [ean, qty] of picked) {
      expect(mine.filter((m) => m.movement_type === 'order_pick' && m.product_ean === ean).reduce((s, m) => s + m.quantity, 0)).toBe(qty);
    }
    await shot(page, 'picking-10-synced-360');
  }, 240_000);

  it("continues a ready wave from the wave builder's 'Fortsetzen' and resumes on a second device at the saved step", async () => {
    const disps = await api<Array<{ barcode: string; status: string }>>(DEMO.admin, '/disposable-pallets/?limit=50');
    const disp = disps.find((r) => r.status === 'available')?.barcode ?? '';
    const { orders } = await api<{ orders: Array<{ id: number; order_number: string; status: string; fully_reserved: boolean }> }>(
      DEMO.manager,
      '/picking-waves/available-orders',
    );
    const order = orders.find((o) => o.status === 'confirmed' && o.fully_reserved);
    expect(order).toBeDefined();
    if (!order) return;
    // The office builds and starts the wave (ready, nobody picking yet).
    const wave = await api<{ id: number; wave_number: string }>(DEMO.manager, `/picking-waves/?order_ids=${order.id}&creation_method=manual`, 'POST');
    await api(DEMO.manager, `/picking-waves/${wave.id}/start?pallet_barcode=${disp}`, 'POST');

    // Device 1: wave builder → 'Fortsetzen' → begins picking, scans the EAN (step 2 saved).
    const ctx1 = await suite.context(PHONE);
    const one = await ctx1.newPage();
    await loginByPassword(one, DEMO.worker);
    // The wave's DISP- barcode is taken now: the scan-pallet step refuses it with the spec's text.
    const other = orders.find((o) => o.id !== order.id && o.fully_reserved);
    if (other) {
      await one.goto('/warehouse/picking');
      await one.getByTestId(`picking-order-${other.order_number}`).click();
      await one.getByTestId('picking-single').click();
      await one.getByTestId('picking-scan-pallet').waitFor();
      await scan(one, disp);
      await one.getByText(`Einwegpalette ${disp} ist nicht verfügbar (Status: Verwendet)`).waitFor();
      await shot(one, 'picking-12-pallet-unavailable-360', 'messages');
    }
    await one.goto('/warehouse/wave-builder');
    await one.getByTestId(`wave-${wave.wave_number}`).getByTestId('wave-continue').click();
    const first = await currentStop(one);
    await expectText(one.getByTestId('picking-order'), order.order_number);
    await scan(one, first.ean);
    await one.locator('[data-testid="single-picking"][data-step="location"]').waitFor();
    // The position is queued right after the step changes and synced a moment later: wait until the server has it.
    await expect
      .poll(async () => (await api<{ has_progress: boolean; scan_step: string }>(DEMO.manager, `/picking-waves/${wave.id}/get-progress`)).scan_step, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('location');
    expect((await api<{ status: string }>(DEMO.manager, `/picking-waves/${wave.id}`)).status).toBe('picking');

    // Device 2 (same picker): opening the wave lands on the same stop, at step 2.
    const ctx2 = await suite.context(PHONE);
    const two = await ctx2.newPage();
    await loginByPassword(two, DEMO.worker);
    await two.goto(`/warehouse/picking?wave_id=${wave.id}`);
    await two.locator('[data-testid="single-picking"][data-step="location"]').waitFor({ timeout: 30_000 });
    await expect(currentStop(two).then((x) => x.key)).resolves.toBe(first.key);
    await shot(two, 'picking-11-resumed-second-device-360');

    // An unknown wave: 'Wave nicht gefunden' and back to the wave builder.
    await two.goto('/warehouse/picking?wave_id=999999');
    await toast(two, 'Wave nicht gefunden');
    await two.waitForURL('**/warehouse/wave-builder');
  }, 180_000);
});
