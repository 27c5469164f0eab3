import { describe, expect, it } from 'vitest';
import { DEMO, expectCount, expectText, loginByPassword, PHONE, scan, screenshot } from './helpers/browser';
import { type OrderDetail, scanWhenFocused as packScan, verifyAll } from './helpers/packing';
import { currentStop, scanWhenFocused, shot, waitLeft } from './helpers/picking';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * Handbook amendments "Released orders" and "Who holds a wave": an order
 * started from the warehouse order list ('Kommissionierung starten') is
 * listed first on the handheld's picking screen, picked onto a DISP- pallet
 * and packed and shipped at the packing station; a manager releases a wave
 * another picker holds from its card in the wave builder.
 */

const suite = e2eSuite();
const api = apiClient(() => suite.server.url);

type Available = { orders: Array<{ id: number; order_number: string; status: string; fully_reserved: boolean }> };

async function availableDisp(): Promise<string> {
  const disps = await api<Array<{ barcode: string; status: string }>>(DEMO.admin, '/disposable-pallets/?limit=50');
  const disp = disps.find((r) => r.status === 'available')?.barcode ?? '';
  expect(disp).toMatch(/^DISP-[A-Z0-9]{8}$/);
  return disp;
}

describe('a released order', () => {
  it('started from the order list shows first on the picking screen, is picked and then packed', async () => {
    const { orders } = await api<Available>(DEMO.manager, '/picking-waves/available-orders');
    // The newest confirmed order: on the first page of the list filtered to 'Bestätigt'.
    const order = orders.filter((o) => o.status === 'confirmed' && o.fully_reserved).at(-1);
    expect(order).toBeDefined();
    if (!order) return;
    expect(orders.findIndex((o) => o.id === order.id)).toBeGreaterThan(0);

    // --- office: 'Kommissionierung starten' on /warehouse/outbound ---
    const office = await suite.loggedIn(DEMO.manager);
    await office.goto('/warehouse/outbound');
    await office.getByTestId('order-status-filter').selectOption('confirmed');
    const row = office.getByTestId(`order-row-${order.order_number}`);
    await row.getByRole('checkbox').check();
    await office.getByTestId('picking-open').click();
    await office.getByTestId('picking-run').click();
    await office.getByTestId('picking-plan').getByText('gestartet', { exact: true }).waitFor();
    await expect.poll(async () => (await api<OrderDetail>(DEMO.manager, `/outbound-orders/${order.id}`)).status, { timeout: 15_000 }).toBe('picking');

    // --- handheld: the released order comes first, marked as such ---
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/warehouse/picking');
    const list = page.getByRole('list', { name: 'Aufträge bereit zum Kommissionieren' });
    await list.getByTestId(`picking-order-${order.order_number}`).waitFor();
    // Released orders (the demo data has two more) come before every order still to be started.
    const rows = await list.locator('li').evaluateAll((lis) =>
      lis.map((li) => ({
        id: li.querySelector('button')?.dataset.testid ?? '',
        released: li.querySelector('[data-testid="picking-order-released"]') !== null,
      })),
    );
    const at = rows.findIndex((r) => r.id === `picking-order-${order.order_number}`);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(rows.slice(0, at + 1).every((r) => r.released)).toBe(true);
    expect(rows.slice(at + 1).some((r) => !r.released)).toBe(true);
    await expectText(list.getByTestId(`picking-order-${order.order_number}`).getByTestId('picking-order-released'), 'Freigegeben');
    await shot(page, 'picking-released-1-select-360');
    await page.getByTestId(`picking-order-${order.order_number}`).click();
    await page.getByTestId('picking-single').click();
    await page.getByTestId('picking-scan-pallet').waitFor();
    const disp = await availableDisp();
    await scan(page, disp);
    await page.getByTestId('single-picking').waitFor({ timeout: 30_000 });
    await expectText(page.getByTestId('picking-order'), order.order_number);
    await shot(page, 'picking-released-2-picking-360');

    for (let n = 0; n < 30; n++) {
      if (await page.getByTestId('picking-all-done').isVisible()) break;
      const s = await currentStop(page);
      await scan(page, s.ean);
      await page.locator('[data-testid="single-picking"][data-step="location"]').waitFor();
      await scanWhenFocused(page, s.location);
      if (s.ve) {
        await page.getByTestId('ve-confirm').waitFor();
        await page.getByTestId('ve-confirm').click();
      }
      await waitLeft(page, s.key);
    }
    await page.getByTestId('picking-all-done').waitFor();
    await page.getByTestId('picking-finish').click();
    await page.getByTestId('picking-done').waitFor();
    await expectText(page.getByTestId('picking-done-message'), `Palette ${disp} bereit zum Packen`);
    // The queued picks and the completion reach the server.
    await expect
      .poll(
        async () => {
          const o = await api<OrderDetail & { picking_completed_at: string | null }>(DEMO.manager, `/outbound-orders/${order.id}`);
          return o.picking_completed_at !== null && o.items.every((i) => i.picked_quantity === i.quantity);
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    const picked = await api<OrderDetail>(DEMO.manager, `/outbound-orders/${order.id}`);

    // --- packing station: the DISP- pallet, the order verified by EAN, shipped with DPD ---
    const packer = await suite.loggedIn(DEMO.worker);
    await packer.goto('/warehouse/packing');
    await packer.getByTestId('packing-scan-pallet').waitFor();
    await packScan(packer, disp);
    await packer.getByTestId(`packing-order-${order.order_number}`).click();
    await packer.locator(`[data-testid="packing-verify"][data-order="${order.order_number}"]`).waitFor();
    await verifyAll(packer, picked);
    await packer.getByTestId('packing-ship-type').selectOption('parcel');
    await packer.getByTestId('packing-carrier').selectOption('DPD');
    await packer.getByTestId('packing-tracking-1').fill('DPD-RELEASED-1');
    await packer.getByTestId('packing-ship-submit').click();
    await expect
      .poll(
        async () => {
          const o = await api<OrderDetail & { packed_at: string | null }>(DEMO.manager, `/outbound-orders/${order.id}`);
          return [o.status, o.packed_at !== null, o.tracking_number];
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual(['shipped', true, 'DPD-RELEASED-1']);
  }, 240_000);
});

describe('who holds a wave', () => {
  it('a manager releases a wave the worker holds from its card; the next begin-picking takes it', async () => {
    const { orders } = await api<Available>(DEMO.manager, '/picking-waves/available-orders');
    const order = orders.find((o) => o.status === 'confirmed' && o.fully_reserved);
    expect(order).toBeDefined();
    if (!order) return;
    const wave = await api<{ id: number; wave_number: string }>(DEMO.manager, `/picking-waves/?order_ids=${order.id}&creation_method=manual`, 'POST');
    await api(DEMO.manager, `/picking-waves/${wave.id}/start?pallet_barcode=${await availableDisp()}`, 'POST');
    await api(DEMO.worker, `/picking-waves/${wave.id}/begin-picking`, 'POST');

    // The worker sees who holds it but no 'Freigeben'.
    const worker = await suite.loggedIn(DEMO.worker);
    await worker.goto('/warehouse/wave-builder');
    const workerCard = worker.getByTestId(`wave-${wave.wave_number}`);
    await expectText(workerCard.getByTestId('wave-picker'), DEMO.worker.name);
    await expectCount(workerCard.getByTestId('wave-release'), 0);

    const office = await suite.loggedIn(DEMO.manager);
    await office.goto('/warehouse/wave-builder');
    const card = office.getByTestId(`wave-${wave.wave_number}`);
    await expectText(card.getByTestId('wave-picker'), DEMO.worker.name);
    await card.scrollIntoViewIfNeeded();
    await screenshot(office, 'wave-release-1-card-1280');
    await card.getByTestId('wave-release').click();
    const dialog = office.getByRole('dialog');
    await dialog.getByText(`${DEMO.worker.name} kommissioniert die Welle ${wave.wave_number}.`, { exact: false }).waitFor();
    await screenshot(office, 'wave-release-2-confirm-1280');
    await dialog.getByRole('button', { name: 'Freigeben' }).click();
    await toast(office, `Welle ${wave.wave_number} freigegeben`);
    await expect.poll(() => card.getByTestId('wave-picker').textContent(), { timeout: 15_000 }).toBe('–');
    await expectCount(card.getByTestId('wave-release'), 0);
    const released = await api<{ status: string; picker_user_id: number | null }>(DEMO.manager, `/picking-waves/${wave.id}`);
    expect(released).toMatchObject({ status: 'picking', picker_user_id: null });

    // The next begin-picking takes it: the manager holds it now, the worker's wave builder says so.
    const taken = await api<{ picker_name: string | null }>(DEMO.manager, `/picking-waves/${wave.id}/begin-picking`, 'POST');
    expect(taken.picker_name).toBe(DEMO.manager.name);
    await worker.reload();
    await expect.poll(() => workerCard.getByTestId('wave-picker').textContent(), { timeout: 30_000 }).toBe(DEMO.manager.name);
  }, 120_000);
});
