import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FREIGHT_DEMO_ORDER } from '../../server/db/seed-freight';
import { DEMO, DESKTOP, expectCount, loginByPassword, PHONE, screenshot } from './helpers/browser';
import { e2eSuite, toast } from './helpers/suite';

/**
 * Freight on the demo pallet PAL-101: both orders packed; one goes
 * abroad (address changed to Vienna) and gets a quotation request, the other
 * ships to Germany by freight (Zufall). The quotation dashboard then saves an
 * offer, copies the forwarder e-mail and ships the order. The packing calls
 * are made with fetch here; the station's freight step has its own e2e
 * (packing-freight.test.ts). The demo data's own open request (Utrecht,
 * seed-freight.ts) is listed from the start and shipped at the end.
 */

const suite = e2eSuite();

async function managerPage(viewport = DESKTOP): Promise<Page> {
  const ctx = await suite.context(viewport);
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
  const page = await ctx.newPage();
  await loginByPassword(page, DEMO.manager);
  return page;
}

/** An API call with the page's session; answers status and JSON. */
async function call(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, url, body },
  );
}

describe('freight', () => {
  it('international: pack → request quote → save offer → copy template → ship-freight; German freight ships directly', async () => {
    const page = await managerPage();
    const open = await call(page, 'GET', '/api/outbound-orders/freight-quotations');
    const demo = (open.json as unknown as Array<{ id: number; order_number: string; delivery_name: string }>)[0];
    expect(open.json).toHaveLength(1);
    expect(demo?.delivery_name).toBe(FREIGHT_DEMO_ORDER.address.delivery_name);
    const scan = await call(page, 'GET', '/api/outbound-orders/packing/pallet/PAL-101');
    expect(scan.status).toBe(200);
    const [abroad, german] = scan.json.orders as Array<{ id: number; order_number: string; delivery_name: string }>;
    if (!abroad || !german) throw new Error('demo pallet PAL-101 has no two orders');
    for (const o of [abroad, german]) expect((await call(page, 'POST', `/api/outbound-orders/${o.id}/mark-packed`, { num_packages: 1 })).status).toBe(200);
    const moved = await call(page, 'PATCH', `/api/outbound-orders/${abroad.id}/delivery-address`, {
      delivery_name: abroad.delivery_name,
      delivery_address: 'Mariahilfer Straße 120',
      delivery_postal_code: '1070',
      delivery_city: 'Wien',
      delivery_country: 'AT',
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const requested = await call(page, 'POST', `/api/outbound-orders/${abroad.id}/request-freight-quote`, {
      num_pallets: 2,
      pallet_dimensions: [
        { length: 120, width: 80, height: 100, weight: 200 },
        { length: 80, width: 60, height: 90, weight: 95.5 },
      ],
    });
    expect(requested.status, JSON.stringify(requested.json)).toBe(200);
    const direct = await call(
      page,
      'POST',
      `/api/outbound-orders/${german.id}/ship?carrier=Zufall&carrier_type=freight&num_pallets=1&tracking_number=ZUF-0815&pallet_details=${encodeURIComponent('[{"length_cm":120,"width_cm":80,"height_cm":100,"weight_kg":200}]')}`,
    );
    expect(direct.status, JSON.stringify(direct.json)).toBe(200);
    expect(direct.json).toMatchObject({ status: 'shipped', carrier: 'Zufall', carrier_type: 'freight' });

    await page.goto('/freight-quotations');
    await page.getByRole('heading', { name: 'Speditionsanfragen' }).waitFor();
    const row = page.getByTestId(`freight-row-${abroad.order_number}`);
    await row.waitFor();
    await page.getByText('2 offene Anfragen').waitFor();
    const demoRow = page.getByTestId(`freight-row-${demo?.order_number}`);
    const demoText = await demoRow.textContent();
    expect(demoText).toContain('3511 AZ Utrecht, Niederlande');
    expect(demoText).toContain('Palette 2: 80 × 60 × 110 cm, 38 kg');
    const rowText = await row.textContent();
    expect(rowText).toContain('Müller Naturkost');
    expect(rowText).toContain('1070 Wien, Österreich');
    expect(rowText).toContain('Palette 2: 80 × 60 × 90 cm, 95,5 kg');
    expect(rowText).toContain('Noch kein Angebot');
    await expectCount(page.getByTestId(`freight-row-${german.order_number}`), 0);
    await screenshot(page, 'freight-quotations-1280');

    await row.getByRole('button', { name: 'Angebot eingeben' }).click();
    const dlg = page.getByRole('dialog');
    await dlg.getByLabel('Preis (€)').fill('459.9');
    await dlg.getByLabel('Notizen (optional)').fill('Raben, Abholung Dienstag');
    await screenshot(page, 'freight-offer-1280');
    await dlg.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, `Angebot für Auftrag ${abroad.order_number} gespeichert`);
    await row.getByText('459,90 €').waitFor();
    await row.getByText('Raben, Abholung Dienstag').waitFor();
    const stored = await call(page, 'GET', '/api/outbound-orders/freight-quotations');
    const mine = (stored.json as unknown as Array<{ id: number; freight_quote_price: number | null }>).map((q) => [q.id, q.freight_quote_price]);
    expect(mine).toEqual([
      [demo?.id, null],
      [abroad.id, 45_990],
    ]);

    const phone = await managerPage(PHONE);
    await phone.goto('/freight-quotations');
    await phone.getByTestId(`freight-card-${abroad.order_number}`).getByText('459,90 €').waitFor();
    await screenshot(phone, 'freight-quotations-360');
    await phone.context().close();

    await row.getByRole('button', { name: 'Email-Vorlage kopieren' }).click();
    await toast(page, 'Email-Vorlage in Zwischenablage kopiert!');
    const mail = await page.evaluate(() => navigator.clipboard.readText());
    expect(mail).toContain(`Auftrag ${abroad.order_number}`);
    expect(mail).toContain('Mariahilfer Straße 120');
    expect(mail).toContain('Palette 1: 120 × 80 × 100 cm, 200 kg');

    await row.getByRole('button', { name: 'Versenden' }).click();
    await dlg.getByText('verschwindet der Auftrag aus der Liste').waitFor();
    expect(await dlg.getByLabel('Spedition').inputValue()).toBe('Spedition');
    await dlg.getByRole('button', { name: 'Als versendet markieren' }).click();
    await dlg.getByText('Bitte Tracking-Nummer eingeben').waitFor();
    await screenshot(page, 'freight-ship-1280');
    await dlg.getByLabel('Tracking-Nummer').fill('RB-2026-4711');
    await dlg.getByRole('button', { name: 'Als versendet markieren' }).click();
    await toast(page, `Auftrag ${abroad.order_number} versendet`);
    await page.getByText('1 offene Anfrage').waitFor();
    await expectCount(row, 0);
    await demoRow.waitFor();
    const order = await call(page, 'GET', `/api/outbound-orders/${abroad.id}`);
    expect(order.json).toMatchObject({
      status: 'shipped',
      carrier: 'Spedition',
      carrier_type: 'freight',
      tracking_number: 'RB-2026-4711',
      freight_quote_price: 45_990,
    });
    await page.context().close();
  });

  it('load failure shows the server detail; with the demo request shipped the empty list says so', async () => {
    const page = await managerPage(PHONE);
    await page.route('**/api/outbound-orders/freight-quotations', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Datenbank nicht erreichbar', code: 'X' }) }),
    );
    await page.goto('/freight-quotations');
    await page.getByText('Datenbank nicht erreichbar').waitFor();
    await page.unroute('**/api/outbound-orders/freight-quotations');
    await page.reload();
    await page.getByText('1 offene Anfrage').waitFor();
    const [demo] = (await call(page, 'GET', '/api/outbound-orders/freight-quotations')).json as unknown as Array<{ id: number; delivery_name: string }>;
    expect(demo?.delivery_name).toBe(FREIGHT_DEMO_ORDER.address.delivery_name);
    expect((await call(page, 'POST', `/api/outbound-orders/${demo?.id}/ship-freight`, { tracking_number: 'RB-2026-0001' })).status).toBe(200);
    await page.reload();
    await page.getByText('Keine offenen Speditionsanfragen').waitFor();
    await screenshot(page, 'freight-quotations-empty-360');
    await page.context().close();
  });
});
