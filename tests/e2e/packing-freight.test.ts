import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PACKING_DEMO_PALLET } from '../../server/db/seed-packing';
import { shippingPreset } from '../../shared/domain/shipping';
import type { PackingInfo } from '../../shared/schemas/packing';
import { DEMO, expectCount, expectText, expectValue, loginByPassword } from './helpers/browser';
import { KEEP_BLOBS, openedPdfPages, scanWhenFocused, screenshotOnFailure, shots, verifyAll } from './helpers/packing';
import { apiClient, e2eSuite, toast } from './helpers/suite';

/**
 * The freight branch of the packing station on the demo pallet
 * PAL-101: its two orders carry no carrier, so each opens on parcel or
 * freight as its weight says (one DHL parcel at most), and freight is
 * chosen. The German one ships directly with Zufall, two pallets and a tracking
 * number per pallet; the other (moved to Vienna) asks for a quotation from
 * the station, opens its pallet labels and then waits in /freight-quotations.
 */

const suite = e2eSuite();
const api = apiClient(() => suite.server.url);
let current: Page | null = null;
screenshotOnFailure('packing-freight-failure', () => current);

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

/** Opens an order from the pallet and scans each of its EANs; ends in the shipping step. */
async function toShipping(page: Page, o: OrderDetail): Promise<void> {
  await page.getByTestId(`packing-order-${o.order_number}`).click();
  await page.locator(`[data-testid="packing-verify"][data-order="${o.order_number}"]`).waitFor();
  await verifyAll(page, o);
}

/** The shipping step opens on parcel or freight as the order's weight says (shippingPreset); the freight path is then chosen. */
async function expectPreset(page: Page, orderId: number): Promise<void> {
  const info = await api<PackingInfo>(DEMO.manager, `/outbound-orders/${orderId}/packing-info`);
  await expectValue(page.getByTestId('packing-ship-type'), shippingPreset(info).carrier_type);
}

describe('packing station, freight', () => {
  it('ships a German order by freight and requests a quotation for a foreign one, then listed in /freight-quotations', async () => {
    const { orders } = await api<{ orders: Array<{ id: number }> }>(DEMO.manager, `/outbound-orders/packing/pallet/${PACKING_DEMO_PALLET}`);
    expect(orders).toHaveLength(2);
    const [de, abroad] = await Promise.all(orders.map((o) => api<OrderDetail & Record<string, string>>(DEMO.manager, `/outbound-orders/${o.id}`)));
    if (!de || !abroad) throw new Error('demo pallet without two orders');
    expect([de.carrier, abroad.carrier]).toEqual([null, null]);
    await api(DEMO.manager, `/outbound-orders/${abroad.id}/delivery-address`, 'PATCH', {
      delivery_name: abroad.delivery_name,
      delivery_address: 'Mariahilfer Straße 120',
      delivery_postal_code: '1070',
      delivery_city: 'Wien',
      delivery_country: 'AT',
    });

    const ctx = await suite.context();
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
    await expectPreset(page, de.id);
    await page.getByTestId('packing-ship-type').selectOption('freight');
    const route = page.getByTestId('packing-freight-route');
    await expect(route.getAttribute('data-germany')).resolves.toBe('true');
    await expectText(route, 'Lieferland: Deutschland – Direktversand mit Zufall');
    await expectValue(page.getByTestId('packing-freight-carrier'), 'Zufall');
    // The banner follows the chosen carrier.
    await page.getByTestId('packing-freight-carrier').selectOption('Raben');
    await expectText(route, 'Lieferland: Deutschland – Direktversand mit Raben');
    await page.getByTestId('packing-freight-carrier').selectOption('Zufall');
    await page.getByTestId('packing-pallets').fill('2');
    await page.getByTestId('packing-pallet-2-half').click();
    await expectValue(page.getByTestId('packing-pallet-2-length'), '80');
    await expectValue(page.getByTestId('packing-pallet-2-width'), '60');
    await page.getByTestId('packing-pallet-2-weight').fill('150,5');
    await page.getByTestId('packing-ship-submit').click();
    await page.getByText('Bitte mindestens eine Tracking-Nummer eingeben').waitFor();
    await shots(page, 'packing-freight-1-germany-refused');
    await page.getByTestId('packing-freight-tracking-1').fill('ZUF-0815');
    await page.getByTestId('packing-freight-tracking-2').fill('ZUF-0816');
    await shots(page, 'packing-freight-2-germany');
    await page.getByTestId('packing-ship-submit').click();
    await toast(page, `Auftrag ${de.order_number} versendet`);
    const shipped = await api<OrderDetail>(DEMO.manager, `/outbound-orders/${de.id}`);
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'Zufall', carrier_type: 'freight', tracking_number: 'ZUF-0815, ZUF-0816', num_pallets: 2 });
    expect(JSON.stringify(shipped.pallet_dimensions)).toContain('150.5');

    // --- abroad: the pallet is reloaded with the other order; quotation with dimensions per pallet ---
    await page.getByTestId('packing-select-order').waitFor();
    await toShipping(page, abroad);
    await expectPreset(page, abroad.id);
    await page.getByTestId('packing-ship-type').selectOption('freight');
    await expect(route.getAttribute('data-germany')).resolves.toBe('false');
    // The banner names the country once.
    const banner = (await route.textContent()) ?? '';
    expect(banner).toContain('Lieferland: Österreich – Angebot einer Spedition nötig');
    expect(banner.match(/Österreich/g)).toHaveLength(1);
    await expectCount(page.getByTestId('packing-freight-carrier'), 0);
    await expectCount(page.getByTestId('packing-freight-tracking'), 0);
    await page.getByTestId('packing-pallet-1-height').fill('');
    await page.getByTestId('packing-ship-submit').click();
    await page.getByTestId('packing-pallet-dims-error').getByText('Bitte alle Maße und Gewichte für alle Paletten eingeben').waitFor();
    await expect(api<OrderDetail>(DEMO.manager, `/outbound-orders/${abroad.id}`).then((o) => o.status)).resolves.toBe('picking');
    await page.getByTestId('packing-pallet-1-height').fill('90');
    await shots(page, 'packing-freight-3-abroad');
    await page.getByTestId('packing-ship-submit').click();
    await toast(page, `Speditionsangebot für Auftrag ${abroad.order_number} angefragt`);
    await page.getByTestId('packing-quote-requested').getByText('Speditionsanfragen').waitFor();
    const waiting = await api<OrderDetail>(DEMO.manager, `/outbound-orders/${abroad.id}`);
    expect(waiting).toMatchObject({ status: 'packed', carrier_type: 'freight', num_pallets: 1 });
    expect(waiting.freight_quote_requested_at).not.toBeNull();
    await shots(page, 'packing-freight-4-requested');

    // The pallet labels PDF: one label per pallet, opened in a tab as a blob URL.
    const popup = ctx.waitForEvent('page');
    await page.getByTestId('packing-pallet-labels').click();
    await expect(openedPdfPages(page, await popup)).resolves.toBe(1);

    // Back at the pallet the packed order is still there; opened again it shows that it waits for an offer.
    await page.getByTestId('packing-quote-done').click();
    await page.getByTestId('packing-select-order').waitFor();
    await toShipping(page, abroad);
    await page.getByTestId('packing-quote-requested').waitFor();
    await expectCount(page.getByTestId('packing-ship-submit'), 0);

    // --- the order waits in the quotation dashboard with its dimensions ---
    await page.getByTestId('packing-quote-requested').getByRole('link', { name: 'Speditionsanfragen' }).click();
    await page.getByRole('heading', { name: 'Speditionsanfragen' }).waitFor();
    const row = page.getByTestId(`freight-row-${abroad.order_number}`);
    await row.waitFor();
    const rowText = await row.textContent();
    expect(rowText).toContain('1070 Wien, Österreich');
    expect(rowText).toContain('Palette 1: 120 × 80 × 90 cm, 200 kg');
    expect(rowText).toContain('Noch kein Angebot');
    await expectCount(page.getByTestId(`freight-row-${de.order_number}`), 0);
  });
});
