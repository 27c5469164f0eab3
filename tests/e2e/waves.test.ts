import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  DESKTOP,
  expectCount,
  expectText,
  expectTextContains,
  expectValue,
  loginByPassword,
  PHONE,
  scan,
  screenshot,
  SCREENSHOT_DIR,
} from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * Wave builder end to end on the demo data (docs/demo-data.md "Wave-planning orders"):
 * the warehouse manager follows "Wellen planen" from the outbound list,
 * computes suggestions (an OPTIMAL 4-order wave over racks B and C with its
 * route map, a heavy order, an order with missing product data), accepts the
 * 4-order suggestion, starts it by scanning a DISP- barcode; an unavailable
 * pallet is refused with the server's German 409. Then a draft wave is
 * deleted after confirmation and a wave of 2 filtered orders is built by hand.
 * Last, the hand-built selection shows its pallet load, and a selection over
 * 500 kg is refused with its kilograms (that test makes a product heavier,
 * so it runs after the others).
 */

const suite = e2eSuite();

async function managerPage(viewport = DESKTOP): Promise<Page> {
  const ctx = await suite.context(viewport);
  const page = await ctx.newPage();
  await loginByPassword(page, DEMO.manager);
  return page;
}

/** A call as the demo admin, straight to the API (test setup, not the screen under test). */
async function asAdmin(method: string, path: string, body?: unknown): Promise<unknown> {
  const login = await fetch(`${suite.server.url}/api/auth/login-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO.admin.email, password: DEMO.admin.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers: Record<string, string> = { Authorization: `Bearer ${access_token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${suite.server.url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return res.json();
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast]', { hasText: text }).first().waitFor();
const suggestion = (page: Page, delivery: string): Locator => page.getByTestId(/^suggestion-\d+$/).filter({ hasText: delivery });
const waveCard = (page: Page, text: string): Locator => page.getByTestId(/^wave-W-/).filter({ hasText: text });
/** Full-page pictures from the top, so the sticky header sits where it belongs. */
async function picture(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let disp = '';

describe('wave builder', () => {
  it('suggests waves with map and flags, accepts the 4-order suggestion and starts it with a scanned DISP- pallet', async () => {
    const rows = (await asAdmin('GET', '/disposable-pallets/?limit=50')) as Array<{ barcode: string; status: string }>;
    disp = rows.find((r) => r.status === 'available')?.barcode ?? '';
    expect(disp).toMatch(/^DISP-[A-Z0-9]{8}$/);

    const page = await managerPage();
    await page.goto('/warehouse/outbound');
    await page.getByRole('main').getByRole('link', { name: 'Wellen planen' }).click();
    await page.waitForURL('**/warehouse/wave-builder');
    await page.getByRole('heading', { name: 'Wellen planen' }).waitFor();

    await page.getByRole('button', { name: 'Vorschläge berechnen' }).click();
    await page.getByTestId('suggest-message').getByText('5 Vorschläge für 14 Aufträge').waitFor();

    // The good one: Schmidt's four office orders over racks C and B, OPTIMAL, with its route map.
    const office = suggestion(page, 'Schreibwaren Lindner');
    await expectCount(office, 1);
    await office.getByTestId('suggestion-optimal').waitFor();
    for (const name of ['Copy-Shop Yilmaz', 'Kanzlei Dr. Roth', 'Ingenieurbüro Falk']) await office.getByText(name).waitFor();
    const map = office.getByTestId(/^route-map-/);
    await expectCount(map.locator('[data-on-route="true"]'), 2);
    await expect(map.locator('[data-rack="C"]').getAttribute('data-on-route')).resolves.toBe('true');
    await expect(map.locator('[data-rack="B"]').getAttribute('data-on-route')).resolves.toBe('true');
    await expect(map.locator('[data-rack="K"]').getAttribute('data-on-route')).resolves.toBe('false');
    await expectText(map.getByTestId('route-stop-1'), '1');
    await expectText(map.getByTestId('route-stop-2'), '2');
    await expectText(map.getByTestId('route-length'), 'Laufweg 64 m');
    // The path is drawn as axis-parallel legs only (origin → racks → origin).
    const points = ((await map.getByTestId('route-path').getAttribute('points')) ?? '').split(' ').map((p) => p.split(',').map(Number));
    expect(points[0]).toEqual([0, 0]);
    expect(points.at(-1)).toEqual([0, 0]);
    for (let i = 1; i < points.length; i++) expect(points[i][0] === points[i - 1][0] || points[i][1] === points[i - 1][1]).toBe(true);
    await expect(office.getByTestId('bar-volume').getAttribute('data-tone')).resolves.toBe('green');

    const heavy = suggestion(page, 'Restaurant Tandoor');
    await heavy.getByTestId('suggestion-heavy').waitFor();
    await expectText(heavy.getByTestId('bar-weight'), /121,2 kg · 24,2 %/);
    await expectCount(heavy.getByTestId('suggestion-optimal'), 0);
    const missing = suggestion(page, 'Landmarkt Ebert');
    await missing.getByTestId('suggestion-missing').waitFor();
    await expectTextContains(missing.getByTestId('suggestion-missing-products'), 'Schneidebrett Eiche (EAN 4006381333245): Maße');
    await picture(page, 'waves-suggestions-1280');

    // Accept: a draft wave with the four orders on corners A–D; the suggestions are recomputed without them.
    await office.getByRole('button', { name: 'Welle erstellen' }).click();
    await toast(page, /Welle W-\d{4}-\d{6} erstellt/);
    const wave = waveCard(page, 'Schreibwaren Lindner');
    await wave.waitFor();
    await expectText(wave.getByTestId('wave-status'), 'Entwurf');
    await expect(wave.getByTestId('wave-corner').allTextContents()).resolves.toEqual(['A', 'B', 'C', 'D']);
    await page.getByTestId('suggest-message').getByText('4 Vorschläge für 10 Aufträge').waitFor();
    await expectCount(suggestion(page, 'Schreibwaren Lindner'), 0);

    // Start: the barcode arrives as a scanner types it (fast keystrokes + Enter).
    await wave.getByRole('button', { name: 'Starten' }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByTestId('start-barcode');
    await field.waitFor();
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await screenshot(page, 'waves-start-dialog-1280');
    await scan(page, disp);
    await toast(page, `mit Palette ${disp} gestartet`);
    await expectCount(dialog, 0);
    await expect.poll(() => wave.getByTestId('wave-status').textContent()).toBe('Gestartet');
    await expectText(wave.getByTestId('wave-pallet'), disp);
    await expectCount(wave.getByTestId('wave-start'), 0);
    await expectCount(wave.getByTestId('wave-delete'), 0);
  });

  it('refuses a pallet that is not available with the German 409, and deletes a draft wave after confirmation', async () => {
    await asAdmin('POST', '/pallets/PAL-001/claim'); // PAL-001 is now in use
    const page = await managerPage();
    await page.goto('/warehouse/wave-builder');
    await page.getByRole('button', { name: 'Vorschläge berechnen' }).click();
    const first = suggestion(page, 'Bioladen Sonnenblume');
    await first.getByRole('button', { name: 'Welle erstellen' }).click();
    const wave = waveCard(page, 'Bioladen Sonnenblume');
    await wave.waitFor();

    await wave.getByRole('button', { name: 'Starten' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('start-barcode').waitFor();
    await scan(page, 'PAL-001');
    await dialog.getByText('Palette PAL-001 ist nicht verfügbar (Status: In Benutzung)').waitFor();
    // The DISP- barcode of the first wave is used up.
    await scan(page, disp);
    await dialog.getByText(`Einwegpalette ${disp} ist nicht verfügbar (Status: Verwendet)`).waitFor();
    await screenshot(page, 'waves-start-refused-1280');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expectText(wave.getByTestId('wave-status'), 'Entwurf');

    const number = (await wave.locator('.font-mono').first().textContent()) ?? '';
    await wave.getByRole('button', { name: `Welle ${number} löschen` }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Möchten Sie die Welle ${number} wirklich löschen?`).waitFor();
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await expectCount(waveCard(page, 'Bioladen Sonnenblume'), 1);
    await wave.getByRole('button', { name: `Welle ${number} löschen` }).click();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await toast(page, `Welle ${number} gelöscht`);
    await expect.poll(() => waveCard(page, 'Bioladen Sonnenblume').count()).toBe(0);
  });

  it('builds a wave by hand from a filtered list of 2 orders', async () => {
    const page = await managerPage();
    await page.goto('/warehouse/wave-builder');
    await page.getByTestId('manual-toggle').click();
    const list = page.getByTestId('available-orders');
    await list.waitFor();
    await expectCount(list.locator('tbody tr'), 10); // 14 free orders (2 of them released) minus the started wave's 4

    await page.getByTestId('manual-create').click();
    await page.getByTestId('manual-error').getByText('Bitte mindestens einen Auftrag auswählen').waitFor();
    for (const n of ['000001', '000002', '000003', '000005']) await page.getByTestId(`select-A-2026-${n}`).check();
    await page.getByTestId('select-A-2026-000006').click();
    await page.getByTestId('manual-error').getByText('Maximal 4 Aufträge pro Welle (Paletten-Kapazität)').waitFor();
    await expect(page.getByTestId('select-A-2026-000006').isChecked()).resolves.toBe(false);

    // Filter: Schmidt's free orders; reset brings every order back (after 100 ms).
    await page.getByLabel('Kunde').fill('Schmidt');
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await expect.poll(() => list.locator('tbody tr').count()).toBe(4);
    await expectText(page.getByTestId('manual-count'), '0 von 4 ausgewählt');
    await page.getByRole('button', { name: 'Zurücksetzen' }).click();
    await expectValue(page.getByLabel('Kunde'), '');
    await expect.poll(() => list.locator('tbody tr').count()).toBe(10);
    await page.getByLabel('Kunde').fill('Schmidt');
    await page.getByLabel('Auftragsnummer').press('Enter');
    await expect.poll(() => list.locator('tbody tr').count()).toBe(4);

    // The order detail dialog from a row.
    await list.getByRole('button', { name: 'Details zu Auftrag A-2026-000006' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('wave-order-address').getByText('Funkhaus Krüger').waitFor();
    await expect(dialog.getByTestId('wave-order-items').locator('li').count()).resolves.toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Schließen' }).last().click();

    await page.getByTestId('select-A-2026-000006').check();
    await page.getByTestId('select-A-2026-000007').check();
    await page.getByLabel('Name der Welle (optional)').fill('Handwelle Elektronik');
    await picture(page, 'waves-manual-1280');
    await page.getByTestId('manual-create').click();
    await toast(page, /Welle W-\d{4}-\d{6} erstellt/);
    const wave = waveCard(page, 'Handwelle Elektronik');
    await wave.waitFor();
    await expect(wave.getByTestId('wave-corner').allTextContents()).resolves.toEqual(['A', 'B']);
    await expectText(wave.getByTestId('wave-status'), 'Entwurf');
    await expect.poll(() => list.locator('tbody tr').count()).toBe(2);
    await expect(noOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await picture(page, 'waves-1280');
  });

  it('is readable on a phone (360 px)', async () => {
    const page = await managerPage(PHONE);
    await page.goto('/warehouse/wave-builder');
    await page.getByRole('button', { name: 'Vorschläge berechnen' }).click();
    await suggestion(page, 'Restaurant Tandoor').waitFor();
    await page.getByTestId('manual-toggle').click();
    await page.getByTestId('available-cards').waitFor();
    await page.getByTestId('active-waves').waitFor();
    await expect(noOverflow(page)).resolves.toBeLessThanOrEqual(0);
    // The route map uses the card's width.
    const box = await suggestion(page, 'Restaurant Tandoor')
      .getByTestId(/^route-map-/)
      .boundingBox();
    expect(box?.width).toBeGreaterThan(280);
    await picture(page, 'waves-360');
    await suggestion(page, 'Restaurant Tandoor').screenshot({ path: `${SCREENSHOT_DIR}/waves-360-suggestion.png` });
    await page.getByTestId('active-waves').screenshot({ path: `${SCREENSHOT_DIR}/waves-360-active.png` });
    await page.getByTestId('wave-start').first().click();
    await page.getByRole('dialog').getByTestId('start-barcode').waitFor();
    await screenshot(page, 'waves-start-dialog-360');
  });

  it('shows the pallet load of the selection and refuses more than a pallet carries, with the kilograms', async () => {
    type Free = { id: number; order_number: string; delivery_name: string; weight_kg: number; has_missing_data: boolean };
    const free = ((await asAdmin('GET', '/picking-waves/available-orders')) as { orders: Free[] }).orders;
    const byName = (name: string) => free.find((o) => o.delivery_name === name) as Free;
    const tandoor = byName('Restaurant Tandoor');
    const ebert = byName('Landmarkt Ebert');
    const [light, other] = free.filter((o) => !o.has_missing_data && o.weight_kg > 0 && o.weight_kg < 100);
    expect(other, JSON.stringify(free)).toBeDefined();

    const page = await managerPage();
    await page.goto('/warehouse/wave-builder');
    await page.getByTestId('manual-toggle').click();
    await page.getByTestId('available-orders').waitFor();
    const load = page.getByTestId('manual-load');
    const create = page.getByTestId('manual-create');
    const tick = (o: Free) => page.getByTestId(`select-${o.order_number}`).click();

    // The heavy order alone fits its pallet; beside another order it does not.
    await tick(tandoor);
    await expect.poll(() => load.getByTestId('manual-load-weight').textContent()).toContain('121,2 kg von 500 kg');
    await expect(create.isEnabled()).resolves.toBe(true);
    await tick(ebert);
    await load.getByTestId('manual-load-unknown').getByText(ebert.order_number).waitFor();
    await load
      .getByTestId('manual-load-problem')
      .getByText(`Auftrag ${tandoor.order_number} wiegt 121,2 kg; ein Auftrag über 100 kg fährt allein auf seiner Palette.`)
      .waitFor();
    await expect(load.getAttribute('data-over')).resolves.toBe('true');
    await expect(create.isDisabled()).resolves.toBe(true);
    await tick(tandoor);
    await expect.poll(() => load.getAttribute('data-over')).toBe('false');

    // Two light orders fit; then the first one's product turns out far heavier (changed after the list was loaded).
    await tick(light);
    await tick(other);
    await expect(load.getAttribute('data-over')).resolves.toBe('false');
    await expect(create.isEnabled()).resolves.toBe(true);
    const detail = (await asAdmin('GET', `/outbound-orders/${light.id}`)) as { items: Array<{ product_id: number; quantity: number }> };
    const line = detail.items[0];
    const products = (await asAdmin('GET', '/products/?limit=10000')) as { items: Array<Record<string, unknown> & { id: number }> };
    const product = products.items.find((p) => p.id === line.product_id) as Record<string, unknown>;
    const heavier = Math.ceil(520 / line.quantity);
    const fields = ['title', 'base_unit', 'units_per_box', 'boxes_per_pallet', 'length_cm', 'width_cm', 'height_cm', 'image_url', 'description'];
    await asAdmin('PUT', `/products/${line.product_id}`, { ...Object.fromEntries(fields.map((f) => [f, product[f]])), weight_kg: heavier });

    // The server refuses with the kilograms; the list reloads and the panel shows the same figure, create turned off.
    await create.click();
    const error = page.getByTestId('manual-error');
    await error.getByText(/^Die Auswahl wiegt [\d.]+,\d kg; eine Palette trägt höchstens 500 kg\.$/).waitFor();
    const refusal = (await error.textContent()) ?? '';
    const kg = /wiegt ([\d.,]+) kg/.exec(refusal)?.[1] ?? '';
    await expect.poll(() => load.getAttribute('data-over')).toBe('true');
    await expectTextContains(load.getByTestId('manual-load-problem'), refusal);
    await expectTextContains(load.getByTestId('manual-load-weight'), `${kg} kg von 500 kg`);
    await expect(load.getByTestId('manual-load-weight').getAttribute('data-tone')).resolves.toBe('red');
    await expect(create.isDisabled()).resolves.toBe(true);
    await expectCount(page.getByTestId(`available-${light.order_number}`), 1);
    await picture(page, 'waves-manual-load-1280');
    await load.screenshot({ path: `${SCREENSHOT_DIR}/waves-manual-load-panel-1280.png` });

    // On a phone the panel stacks its bars and fits the width.
    const phone = await managerPage(PHONE);
    await phone.goto('/warehouse/wave-builder');
    await phone.getByTestId('manual-toggle').click();
    await phone.getByTestId('available-cards').waitFor();
    for (const o of [light, other, ebert]) await phone.getByTestId(`select-card-${o.order_number}`).click();
    await phone.getByTestId('manual-load').getByTestId('manual-load-problem').waitFor();
    await expect(noOverflow(phone)).resolves.toBeLessThanOrEqual(0);
    await picture(phone, 'waves-manual-load-360');
    await phone.getByTestId('manual-load').screenshot({ path: `${SCREENSHOT_DIR}/waves-manual-load-panel-360.png` });
  });
});
