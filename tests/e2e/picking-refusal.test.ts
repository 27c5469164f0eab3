import { describe, expect, it } from 'vitest';
import type { MovementsResponse } from '../../shared/schemas/stock';
import {
  DEMO,
  DESKTOP,
  expectAttr,
  expectCount,
  expectText,
  expectTextContains,
  loginByPassword,
  PHONE,
  poll,
  scan,
  waitForServiceWorkerControl,
} from './helpers/browser';
import { currentStop, scanWhenFocused, shot, waitLeft } from './helpers/picking';
import { apiClient, e2eSuite } from './helpers/suite';

/**
 * docs/sync.md test 6 on the handheld: the picker picks
 * offline while the office cancels the order. Back online the server refuses
 * the queued pick; the picking screen shows the German reason, the refused
 * pick and what to do, the pick no longer counts, and nothing is booked.
 */

const suite = e2eSuite();

const api = apiClient(() => suite.server.url);

describe('handheld picking, demo data', () => {
  it('the demo wave on PAL-005 is ready to pick at once: worker → Kommissionierung → the open wave → picking', async () => {
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/warehouse/picking');
    const wave = page.getByTestId(/^picking-wave-W-/).filter({ hasText: 'Drogerie Sommer' });
    await wave.waitFor();
    await shot(page, 'picking-demo-1-select-360');
    await wave.click();
    await page.getByTestId('single-picking').waitFor({ timeout: 30_000 });
    await expectText(page.getByTestId('picking-position'), 'Produkt 1 von 3 • Lager 1 von 1');
    const s = await currentStop(page);
    await scanWhenFocused(page, s.ean);
    await page.locator('[data-testid="single-picking"][data-step="location"]').waitFor();
    await shot(page, 'picking-demo-2-first-stop-360');
    const waveId = Number(new URL(page.url()).searchParams.get('wave_id'));
    const onServer = () => api<{ status: string; pallet_barcode: string; picker_user_id: number | null }>(DEMO.manager, `/picking-waves/${waveId}`);
    await poll(onServer).toMatchObject({ status: 'picking', pallet_barcode: 'PAL-005', picker_user_id: expect.any(Number) });

    // An online Fehlmenge (nothing found): booked at once, and the same product is offered at the other place.
    await page.getByTestId('picking-report-shortage').click();
    await page.getByTestId('shortage-found').fill('0');
    await page.getByTestId('shortage-confirm').click();
    await page.waitForFunction(
      ([ean, loc]) => {
        const el = document.querySelector('[data-testid="single-picking"]');
        return el?.getAttribute('data-ean') === ean && el.getAttribute('data-location') !== loc;
      },
      [s.ean, s.location],
      { timeout: 30_000 },
    );
    const replacement = await currentStop(page);
    expect(replacement.qty).toBe(s.qty);
    await expectText(page.getByTestId('picking-shortage'), '0');
    await shot(page, 'picking-demo-3-after-online-shortage-360');
    const adjustments = async () =>
      (await api<MovementsResponse>(DEMO.manager, '/movements?limit=500'))
        .filter((m) => m.movement_type === 'adjustment' && m.product_ean === s.ean)
        .map((m) => Math.abs(m.quantity));
    await poll(adjustments).toEqual([s.qty]);
  }, 120_000);
});

describe('handheld picking, refusals', () => {
  it('the order cancelled in the office during an offline pick: the device shows the refusal in German after coming online', async () => {
    // The demo data has movements of its own (e.g. the packing demo's picks by the worker): count only this test's.
    const seenMoves = new Set((await api<MovementsResponse>(DEMO.manager, '/movements?limit=500')).map((m) => m.id));
    const disps = await api<Array<{ barcode: string; status: string }>>(DEMO.admin, '/disposable-pallets/?limit=50');
    const disp = disps.find((r) => r.status === 'available')?.barcode ?? '';
    const { orders } = await api<{ orders: Array<{ id: number; order_number: string; status: string; fully_reserved: boolean }> }>(
      DEMO.manager,
      '/picking-waves/available-orders',
    );
    const order = orders.find((o) => o.status === 'confirmed' && o.fully_reserved);
    expect(order).toBeDefined();
    if (!order) return;

    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/warehouse/picking');
    await waitForServiceWorkerControl(page);
    await page.getByTestId(`picking-order-${order.order_number}`).click();
    await page.getByTestId('picking-single').click();
    await page.getByTestId('picking-scan-pallet').waitFor();
    await scan(page, disp);
    await page.getByTestId('single-picking').waitFor({ timeout: 30_000 });
    const waveId = Number(new URL(page.url()).searchParams.get('wave_id'));

    // --- offline: one pick, shown as done at once ---
    await ctx.setOffline(true);
    await expectTextContains(page.getByTestId('sync-status'), 'Offline');
    const s = await currentStop(page);
    await scanWhenFocused(page, s.ean);
    await page.locator('[data-testid="single-picking"][data-step="location"]').waitFor();
    await scanWhenFocused(page, s.location);
    if (s.ve) await page.getByTestId('ve-confirm').click();
    await waitLeft(page, s.key);

    // --- meanwhile the office cancels the order ---
    expect((await api<{ status: string }>(DEMO.manager, `/outbound-orders/${order.id}/cancel`, 'POST')).status).toBe('cancelled');

    // --- online: the queued pick is refused, the screen says why and what to do ---
    await ctx.setOffline(false);
    const refusals = page.getByTestId('pick-refusals');
    await refusals.waitFor({ timeout: 60_000 });
    await expectText(refusals.getByTestId('sync-problem-reason').first(), `Auftrag ${order.order_number} wurde im Büro storniert`);
    await expectTextContains(refusals.getByTestId('sync-problem-hint').first(), 'Ware zurück an den Lagerort legen');
    await expectTextContains(refusals, 'zählen nicht als kommissioniert', `(Auftrag ${order.order_number})`);
    // The pull brought the released reservations: nothing is offered and the pick no longer counts.
    await page.getByTestId('picking-all-done').getByText('Keine Lagerorte zum Kommissionieren gefunden').waitFor({ timeout: 30_000 });
    await expectAttr(page.getByTestId('sync-problems'), 'data-count', '1');
    await expectText(page.getByTestId('picking-order-cancelled'), `Auftrag ${order.order_number} wurde im Büro storniert – nicht mehr kommissionieren`);
    // Cancelled is not "no stock".
    await expectCount(page.getByTestId('picking-no-stock'), 0);
    await shot(page, 'picking-refusal-1-cancelled-360');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'picking-refusal-2-cancelled-1280');
    await page.setViewportSize(PHONE);

    // Nothing booked on the server; the refusal stays after a reload until the picker discards it.
    const moves = (await api<MovementsResponse>(DEMO.manager, '/movements?limit=500')).filter((m) => !seenMoves.has(m.id));
    expect(moves.filter((m) => m.user_full_name === DEMO.worker.name && m.movement_type === 'order_pick')).toEqual([]);
    const after = await api<{ status: string; items: Array<{ picked_quantity: number }> }>(DEMO.manager, `/outbound-orders/${order.id}`);
    expect(after.status).toBe('cancelled');
    expect(after.items.every((i) => i.picked_quantity === 0)).toBe(true);
    await page.reload();
    await page.getByTestId('pick-refusals').waitFor({ timeout: 30_000 });
    await page.getByTestId('sync-discard').click();
    await page.getByTestId('pick-refusals').waitFor({ state: 'detached' });

    // The picker closes the wave; the order stays cancelled.
    await page.getByTestId('picking-finish').click();
    await page.getByTestId('picking-done').waitFor();
    await expect
      .poll(async () => (await api<{ status: string }>(DEMO.manager, `/picking-waves/${waveId}`)).status, { timeout: 30_000, interval: 250 })
      .toBe('completed');
    expect((await api<{ status: string }>(DEMO.manager, `/outbound-orders/${order.id}`)).status).toBe('cancelled');
    await shot(page, 'picking-refusal-3-closed-360');
  }, 180_000);
});
