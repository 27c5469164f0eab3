import { describe, expect, it } from 'vitest';
import type { MovementsResponse } from '../../shared/schemas/stock';
import { DEMO, DESKTOP, expectCount, expectText, expectTextContains, loginByPassword, PHONE, poll, scan, waitForServiceWorkerControl } from './helpers/browser';
import {
  buildRollingWorld,
  ean13,
  leftCorner,
  orderBody,
  scanWhenFocused,
  screen,
  shot,
  positionStored,
  storedState,
  toast,
  waitPhase,
} from './helpers/rolling';
import { apiClient, e2eSuite } from './helpers/suite';

/**
 * Rolling picking on the handheld: four orders of six new
 * products (14 picks over 4 racks) are chosen with 'Rolling', a DISP- pallet
 * starts the wave (online), then every pick is done OFFLINE: place, article,
 * corner; one wrong place and one wrong article, one Fehlmenge, a reload in
 * the middle that continues at the same pick. The last pick queues the cart
 * and the completion. Online again: the server's stock, movements,
 * reservations, picked quantities, cart corners, wave and pallet, each
 * booked exactly once.
 */

// The last test stops the server itself to read its database; the suite's own stop then only removes the data.
const suite = e2eSuite();
const api = apiClient(() => suite.server.url);

describe('handheld picking, rolling', () => {
  it("a rolling wave whose orders hold no reservation shows 'Keine Lagerorte zum Kommissionieren' and can still be closed", async () => {
    // A rolling wave of one order whose only piece was reported missing (through the API) before the device opens it.
    const me = await api<{ customer_id: number }>(DEMO.customer1, '/auth/me');
    const [place] = await api<Array<{ barcode: string }>>(DEMO.admin, '/locations/');
    const ean = ean13(`41${String(Date.now()).slice(-8)}99`.slice(0, 12));
    const product = await api<{ id: number; ean: string }>(DEMO.admin, '/products/', 'POST', { ean, title: 'Rolling ohne Bestand' });
    await api(DEMO.admin, '/inbound', 'POST', { ean: product.ean, quantity: 1, location_barcode: place.barcode, customer_id: me.customer_id });
    const order = await api<{ id: number }>(DEMO.customer1, '/outbound-orders/', 'POST', orderBody('Rolling Leer', [{ product_id: product.id, quantity: 1 }]));
    const wave = await api<{ id: number }>(DEMO.manager, `/picking-waves/?order_ids=${order.id}&creation_method=rolling`, 'POST');
    const disps = await api<Array<{ barcode: string; status: string }>>(DEMO.admin, '/disposable-pallets/?limit=50');
    const disp = disps.find((r) => r.status === 'available')?.barcode ?? '';
    await api(DEMO.manager, `/picking-waves/${wave.id}/start?pallet_barcode=${disp}`, 'POST');
    await api(DEMO.worker, `/picking-waves/${wave.id}/begin-picking`, 'POST');
    await api(DEMO.worker, `/picking-waves/${wave.id}/shortage`, 'POST', {
      order_id: order.id,
      product_ean: product.ean,
      location_barcode: place.barcode,
      missing_quantity: 1,
    });

    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto(`/warehouse/picking?wave_id=${wave.id}`);
    await page.getByTestId('rolling-empty').waitFor({ timeout: 30_000 });
    await expectTextContains(page.getByTestId('rolling-empty'), 'Keine Lagerorte zum Kommissionieren');
    await shot(page, 'rolling-11-empty-360');
    // Nothing to pick, but the wave can be closed from here: completed on the server once synced.
    await page.getByTestId('rolling-finish').click();
    await page.getByTestId('picking-done').waitFor();
    await expect.poll(async () => (await api<{ status: string }>(DEMO.manager, `/picking-waves/${wave.id}`)).status, { timeout: 30_000 }).toBe('completed');
    await page.getByTestId('picking-done-back').click();
    await page.getByTestId('picking-select').waitFor();
  }, 120_000);

  // Last: it stops the server to read the stored database.
  it('picks a rolling wave of 4 orders offline onto a DISP- pallet, with wrong scans, a Fehlmenge and an offline reload; books each pick once', async () => {
    const { products, lines, need, orders, disp } = await buildRollingWorld(api);

    // --- select: Rolling needs an order, then the four in corner order ---
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/warehouse/picking');
    await waitForServiceWorkerControl(page);
    await page.getByTestId(`picking-order-${orders[0].order_number}`).waitFor();
    await page.getByTestId('picking-rolling').click();
    await toast(page, 'Bitte mindestens eine Bestellung auswählen');
    for (const o of orders) await page.getByTestId(`picking-order-${o.order_number}`).click();
    await expectText(page.getByTestId('picking-selected-count'), '4 von 4 ausgewählt');
    await page.getByTestId('picking-single').click();
    await toast(page, 'Einzeln: bitte genau einen Auftrag auswählen');
    await shot(page, 'rolling-1-select-360');
    await page.getByTestId('picking-rolling').click();

    // --- scan pallet (online): creates the rolling wave, starts and begins it ---
    await page.getByTestId('picking-scan-pallet').waitFor();
    await expectTextContains(page.getByTestId('picking-pallet-orders'), ...orders.map((o) => o.order_number));
    await shot(page, 'rolling-2-scan-pallet-360');
    await scan(page, disp);
    await page.getByTestId('rolling-picking').waitFor({ timeout: 30_000 });
    const waveId = Number(new URL(page.url()).searchParams.get('wave_id'));
    expect(waveId).toBeGreaterThan(0);
    await expectText(page.getByTestId('rolling-position'), /^Ort 1\/\d+ • Pick 1\/\d+$/);
    await expectText(page.getByTestId('rolling-pallet'), disp);
    await shot(page, 'rolling-3-location-360');

    // --- offline from here ---
    await ctx.setOffline(true);
    await expectTextContains(page.getByTestId('sync-status'), 'Offline');

    const corners = new Map(orders.map((o, i) => [o.id, 'ABCD'[i]]));
    const picked = new Map<string, number>();
    let bookings = 0;
    let shortage: { ean: string; missing: number } | null = null;
    let wrongLocation = false;
    let wrongArticle = false;
    let reloaded = false;
    let reloadedAtCorner = false;
    let sawMore = false;
    let done = 0;
    for (let n = 0; n < 60 && !(await page.getByTestId('picking-done').isVisible()); n++) {
      const s = await screen(page);
      if (s.phase === 'location') {
        // The place's picks render with the phase (one render): a probe is enough to know whether "more" is listed.
        if (!sawMore && (await page.getByTestId('rolling-more').isVisible())) {
          // A place with more than 3 picks lists the first 3 and the rest as a count.
          await expectCount(page.getByTestId('rolling-location-pick'), 3);
          await expectText(page.getByTestId('rolling-more'), /^\.\.\. und \d+ weitere$/);
          await shot(page, 'rolling-3b-location-more-360');
          sawMore = true;
        }
        if (!wrongLocation) {
          await scanWhenFocused(page, 'ZZ-99-99');
          await toast(page, `Falscher Lagerort! Erwartet: ${s.location}`);
          await shot(page, 'rolling-4-wrong-location-360', 'messages');
          wrongLocation = true;
        }
        await scanWhenFocused(page, s.location);
        await waitPhase(page, 'product');
        continue;
      }
      if (s.phase === 'product') {
        if (!wrongArticle) {
          await shot(page, 'rolling-5-product-360');
          await page.setViewportSize(DESKTOP);
          await shot(page, 'rolling-5-product-1280');
          await page.setViewportSize(PHONE);
          await scanWhenFocused(page, '4000000000000');
          await toast(page, `Falscher Artikel! Erwartet: ${s.ean}`);
          wrongArticle = true;
        }
        if (!shortage && s.qty >= 2) {
          await page.getByTestId('rolling-report-shortage').click();
          await page.getByTestId('shortage-found').fill(String(s.qty - 1));
          await shot(page, 'rolling-6-shortage-dialog-360');
          await page.getByTestId('shortage-confirm').click();
          picked.set(s.ean, (picked.get(s.ean) ?? 0) + s.qty - 1);
          shortage = { ean: s.ean, missing: 1 };
        } else {
          await scanWhenFocused(page, s.ean);
          picked.set(s.ean, (picked.get(s.ean) ?? 0) + s.qty);
        }
        bookings++;
        await waitPhase(page, 'confirm_corner');
        continue;
      }
      // confirm_corner: the large letter of the pick's order; any scan confirms.
      const orderText = (await page.getByTestId('rolling-corner-order').textContent()) ?? '';
      const owner = orders.find((o) => orderText === `Auftrag ${o.order_number}`);
      expect(owner, orderText).toBeDefined();
      expect(s.corner).toBe(corners.get(owner?.id ?? 0));
      if (done === 0) await shot(page, 'rolling-7-corner-360');
      if (!reloadedAtCorner && done === 2) {
        // --- reload offline while the corner is asked: the same pick's corner again ---
        await positionStored(page);
        await page.reload();
        await poll(async () => {
          const again = await screen(page);
          return [again.phase, again.key, again.corner];
        }).toEqual(['confirm_corner', s.key, s.corner]);
        await expectText(page.getByTestId('rolling-corner-order'), orderText);
        await shot(page, 'rolling-8-after-offline-reload-corner-360');
        reloadedAtCorner = true;
      }
      await scanWhenFocused(page, disp);
      await leftCorner(page, s.key);
      done++;

      if (!reloaded && done === 5 && (await page.getByTestId('rolling-picking').isVisible())) {
        // --- reload offline in the middle: the same pick, the same phase ---
        const here = await screen(page);
        const pos = await page.getByTestId('rolling-position').textContent();
        await positionStored(page);
        await page.reload();
        await poll(async () => {
          const again = await screen(page);
          return [again.key, again.phase];
        }).toEqual([here.key, here.phase]);
        await expectText(page.getByTestId('rolling-position'), pos ?? '');
        await shot(page, `rolling-8-after-offline-reload-${here.phase}-360`);
        reloaded = true;
      }
    }
    expect([wrongLocation, wrongArticle, reloaded, reloadedAtCorner, sawMore]).toEqual([true, true, true, true, true]);
    expect(shortage).not.toBeNull();
    expect(done).toBe(lines.flat().length);
    await page.getByTestId('picking-done').waitFor();
    await expectText(page.getByTestId('picking-done-message'), `Palette ${disp} bereit zum Packen`);
    await shot(page, 'rolling-9-done-360');

    // --- online: the queue goes through ---
    await ctx.setOffline(false);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="sync-pending"]') === null ||
        document.querySelector('[data-testid="sync-pending"]')?.getAttribute('data-count') === '0',
      undefined,
      { timeout: 60_000 },
    );
    await expectCount(page.getByTestId('sync-problems'), 0);

    // Picked quantities: everything ordered, less the one missing piece.
    const eans = new Set(products.map((p) => p.ean));
    let orderedTotal = 0;
    let pickedTotal = 0;
    for (const o of orders) {
      const d = await api<{ status: string; items: Array<{ product_ean: string; quantity: number; picked_quantity: number }> }>(
        DEMO.manager,
        `/outbound-orders/${o.id}`,
      );
      orderedTotal += d.items.reduce((s, i) => s + i.quantity, 0);
      pickedTotal += d.items.reduce((s, i) => s + i.picked_quantity, 0);
      const list = await api<{ items: Array<{ locations: unknown[] }> }>(DEMO.manager, `/outbound-orders/${o.id}/picking-list`);
      expect(list.items.every((i) => i.locations.length === 0)).toBe(true);
    }
    expect(orderedTotal).toBe(need.reduce((a, b) => a + b, 0));
    expect(pickedTotal).toBe(orderedTotal - 1);
    const wave = await api<{ status: string; pallet_barcode: string; creation_method: string; order_ids: number[] }>(DEMO.manager, `/picking-waves/${waveId}`);
    expect(wave).toMatchObject({ status: 'completed', pallet_barcode: disp, creation_method: 'rolling', order_ids: orders.map((o) => o.id) });
    const pallet = await api<{ status: string; used_for_order_id: number | null }>(DEMO.manager, `/disposable-pallets/barcode/${disp}`);
    expect(pallet).toMatchObject({ status: 'used', used_for_order_id: orders[0].id });
    // Exactly once: one order_pick movement per booking, one adjustment for the Fehlmenge.
    const moves = (await api<MovementsResponse>(DEMO.manager, '/movements?limit=500')).filter((m) => eans.has(m.product_ean));
    expect(moves.filter((m) => m.movement_type === 'order_pick').length).toBe(bookings);
    expect(bookings).toBe(14);
    for (const [ean, qty] of picked) {
      expect(
        moves.filter((m) => m.movement_type === 'order_pick' && m.product_ean === ean).reduce((s, m) => s + m.quantity, 0),
        ean,
      ).toBe(qty);
    }
    const adjustments = moves.filter((m) => m.movement_type === 'adjustment');
    expect(adjustments.map((m) => [m.product_ean, m.quantity, m.direction])).toEqual([[shortage?.ean, 1, 'out']]);
    await shot(page, 'rolling-10-synced-360');

    // --- the stored state, read from the embedded database once the server is down ---
    await suite.server.stop({ keepData: true });
    const stored = await storedState(
      suite.server.dataDir,
      waveId,
      products.map((p) => p.id),
      orders.map((o) => o.id),
    );
    expect(stored.carts).toEqual([
      { wave_id: waveId, pallet_barcode: disp, assignments: { A: orders[0].id, B: orders[1].id, C: orders[2].id, D: orders[3].id } },
    ]);
    // Everything taken or booked off: no piece and no reservation left of the wave's products.
    expect(stored.stock).toEqual({ quantity: 0, reserved: 0 });
    expect(stored.reservations).toBe(0);
  }, 300_000);
});
