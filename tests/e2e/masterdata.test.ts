import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEan } from '../../server/db/seed';
import { keepaProduct, type KeepaFake, startKeepaFake } from '../helpers/keepa-fake';
import type { Page } from 'playwright-core';
import { DEMO, expectAttr, expectCount, expectDisabled, expectText, expectTextContains, expectValue, poll, screenshot } from './helpers/browser';
import { e2eSuite, toast } from './helpers/suite';

/** Master data through the UI alone: building, room, rack wizard, plan drag, labels, product completion, DHL settings. */

let keepa: KeepaFake;
/** Demo products (server/db/seed.ts) that the local Keepa stand-in knows: Frischhaltedosen, Blumenerde, Hundeleine. */
const KEEPA_KNOWN = [23, 27, 29].map(demoEan);

beforeAll(async () => {
  keepa = await startKeepaFake();
  for (const ean of KEEPA_KNOWN) keepa.products.set(ean, keepaProduct(ean));
});
afterAll(async () => {
  await keepa?.close();
});
const suite = e2eSuite({ env: () => ({ KEEPA_API_KEY: 'e2e-keepa-key', KEEPA_BASE_URL: keepa.url }) });
const adminPage = () => suite.loggedIn(DEMO.admin);

/** The figure on a product status counter; NaN until the counters have loaded. */
const counterText = (page: Page, name: string) => page.getByTestId(`counter-${name}`).locator('div').nth(1).textContent({ timeout: 2_000 });
const counter = async (page: Page, name: string) => Number((await counterText(page, name))?.trim() || Number.NaN);
/** The counter once it shows a figure. */
async function loadedCounter(page: Page, name: string): Promise<number> {
  await poll(() => counter(page, name)).not.toBeNaN();
  return counter(page, name);
}

describe('master data (admin)', () => {
  it('creates a building and a room', async () => {
    const page = await adminPage();
    await page.goto('/buildings');
    await page.getByRole('heading', { name: 'Gebäude & Räume' }).waitFor();
    await page.getByRole('button', { name: 'Neues Gebäude' }).click();
    const dlg = page.getByRole('dialog');
    await dlg.getByLabel('Gebäudecode').fill('h2');
    await dlg.getByLabel('Name').fill('Halle 2');
    await dlg.getByLabel('Adresse').fill('Industriestraße 14, 33602 Bielefeld');
    await dlg.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Gebäude angelegt');
    await page.getByTestId('rooms-panel').getByText('Räume in Halle 2').waitFor();
    const form = page.getByTestId('room-form');
    await form.getByLabel('Raumcode').fill('tk');
    await form.getByLabel('Raumname').fill('Tiefkühlraum');
    await form.getByLabel('Raumtyp').selectOption('frozen');
    await form.getByRole('button', { name: 'Raum anlegen' }).click();
    await toast(page, 'Raum Tiefkühlraum angelegt');
    const row = page.getByTestId('rooms-panel').getByRole('row', { name: /TK/ });
    await expectTextContains(row, 'Tiefkühl');
    await expectTextContains(page.getByTestId('buildings-table'), 'H2');
    await screenshot(page, 'buildings-1280');
    await page.context().close();
  });

  it('creates a rack through the wizard, drags it on the plan (kept after reload) and prints labels', async () => {
    const page = await adminPage();
    await page.goto('/locations');
    await page.getByTestId('rack-card-A').waitFor();
    await expectTextContains(page.getByTestId('plan-unit'), '1 Kästchen = 1 m');
    await screenshot(page, 'locations-plan-1280');

    await page.getByRole('button', { name: 'Neues Regal anlegen' }).click();
    const dlg = page.getByRole('dialog');
    await expectDisabled(dlg.getByTestId('wizard-next'));
    await expectDisabled(dlg.getByLabel('Raum', { exact: true }));
    await dlg.getByLabel('Regalcode').fill('x9');
    await expectValue(dlg.getByLabel('Regalcode'), 'X9');
    await dlg.getByLabel('Gebäude').selectOption({ label: 'H2 – Halle 2' });
    await expectDisabled(dlg.getByLabel('Raum', { exact: true }), false);
    await dlg.getByLabel('Raum', { exact: true }).selectOption({ label: 'TK – Tiefkühlraum' });
    await screenshot(page, 'locations-wizard-1-1280');
    await dlg.getByTestId('wizard-next').click();
    await dlg.getByLabel('Anzahl Ebenen').fill('11');
    await expectDisabled(dlg.getByTestId('wizard-next'));
    await dlg.getByLabel('Anzahl Ebenen').fill('2');
    await dlg.getByLabel('Fächer pro Ebene').fill('3');
    await expectTextContains(dlg.getByTestId('wizard-preview'), 'X9-01-01 bis X9-02-03');
    await screenshot(page, 'locations-wizard-2-1280');
    await dlg.getByTestId('wizard-next').click();
    await dlg.getByLabel('Position X (m)').fill('20');
    await dlg.getByLabel('Position Y (m)').fill('5');
    await dlg.getByTestId('wizard-create').click();
    await toast(page, 'Regal X9 mit 6 Fächern angelegt');
    const card = page.getByTestId('rack-card-X9');
    await card.waitFor();
    await expectTextContains(card, 'Halle 2 / Tiefkühlraum');
    await expectAttr(card, 'aria-label', 'Regal X9, Position 20 m / 5 m');

    // drag by 120 px / 80 px = 30 dm / 20 dm at 4 px per decimetre
    const box = await card.boundingBox();
    if (!box) throw new Error('no card box');
    const patched = page.waitForResponse((r) => r.url().includes('/position') && r.request().method() === 'PATCH');
    await page.mouse.move(box.x + 60, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + 90, { steps: 5 });
    await page.mouse.move(box.x + 180, box.y + 140, { steps: 5 });
    await page.mouse.up();
    const res = await patched;
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ position_x: 230, position_y: 70 });
    await page.reload();
    await expectAttr(page.getByTestId('rack-card-X9'), 'aria-label', 'Regal X9, Position 23 m / 7 m');
    await screenshot(page, 'locations-plan-moved-1280');

    // labels: the PDF opens in a new tab from a blob: URL (the route passes the real response through and keeps its bytes)
    let pdfBody: Buffer = Buffer.alloc(0);
    await page.route('**/labels-batch.pdf', async (route) => {
      const upstream = await route.fetch();
      pdfBody = await upstream.body();
      await route.fulfill({ response: upstream });
    });
    const pdfResponse = page.waitForResponse((r) => r.url().includes('/labels-batch.pdf'));
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Labels für Regal X9 drucken' }).click();
    const pdf = await pdfResponse;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const tab = await popup;
    await tab.waitForURL(/^blob:/, { timeout: 10_000 });
    expect(tab.url()).toMatch(/^blob:http:\/\/localhost:\d+\//);
    expect(pdfBody.subarray(0, 5).toString()).toBe('%PDF-');
    await tab.close();

    // list view and the edit dialog
    await page.getByRole('button', { name: 'Liste' }).click();
    await page.getByTestId('rack-list').waitFor();
    await expectTextContains(page.getByTestId('rack-list'), '23 / 7');
    await screenshot(page, 'locations-list-1280');
    await page.getByRole('button', { name: 'Regal X9 bearbeiten' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Name').fill('Tiefkühlregal');
    // structure: a third level with 2 compartments, a fourth compartment on level 01, then remove X9-01-04 again
    await edit.getByLabel('Fächer der neuen Ebene').fill('2');
    await edit.getByRole('button', { name: 'Ebene hinzufügen' }).click();
    await toast(page, 'Ebene X9-03 angelegt');
    await expectText(edit.getByTestId('level-03'), /X9-03-01.*X9-03-02/);
    await edit.getByRole('button', { name: 'Fach zu Ebene 01 hinzufügen' }).click();
    await toast(page, 'Fach X9-01-04 angelegt');
    await edit.getByTestId('level-01').getByText('X9-01-04').waitFor();
    await screenshot(page, 'locations-edit-1280');
    await edit.getByRole('button', { name: 'Fach X9-01-04 entfernen' }).click();
    await toast(page, 'Fach X9-01-04 wurde gelöscht');
    await edit.getByTestId('level-01').getByText('X9-01-04').waitFor({ state: 'detached' });
    // a compartment is blocked (Sperrplatz) and released again; the mark comes from the reloaded rack tree
    await edit.getByRole('button', { name: 'Fach X9-01-01 sperren' }).click();
    await toast(page, 'Fach X9-01-01 ist gesperrt – sein Bestand ist nicht verfügbar');
    await expectAttr(edit.getByTestId('compartment-X9-01-01'), 'data-blocked', 'true');
    await expectAttr(edit.getByRole('button', { name: 'Fach X9-01-01 freigeben' }), 'aria-pressed', 'true');
    await screenshot(page, 'locations-edit-blocked-1280');
    await edit.getByRole('button', { name: 'Fach X9-01-01 freigeben' }).click();
    await toast(page, 'Fach X9-01-01 ist freigegeben');
    await expectAttr(edit.getByTestId('compartment-X9-01-01'), 'data-blocked', 'false');
    // the name typed before the structure changes is still in the form
    await expectValue(edit.getByLabel('Name'), 'Tiefkühlregal');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Regal X9 gespeichert');
    await page.getByTestId('rack-list').getByText('Tiefkühlregal').waitFor();

    // delete asks first; a rack with stock is refused with the German reason
    await page.getByRole('button', { name: 'Regal A löschen' }).click();
    await screenshot(page, 'locations-delete-confirm-1280');
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await toast(page, 'Regal A kann nicht gelöscht werden');
    await expectText(page.getByTestId('rack-list').locator('tr', { hasText: 'X9' }), /Tiefkühlregal.*3.*8/);
    await page.context().close();
  });

  it('shows warehouse workers the plan read-only', async () => {
    const page = await suite.loggedIn(DEMO.worker);
    await page.goto('/locations');
    await page.getByTestId('rack-card-X9').waitFor();
    await expectCount(page.getByRole('button', { name: 'Neues Regal anlegen' }), 0);
    await expectCount(page.getByRole('button', { name: /Regal X9 (bearbeiten|löschen)/ }), 0);
    // dragging does nothing for a worker
    let patched = false;
    page.on('request', (r) => {
      if (r.url().includes('/position')) patched = true;
    });
    const box = await page.getByTestId('rack-card-X9').boundingBox();
    if (!box) throw new Error('no card box');
    await page.mouse.move(box.x + 60, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 160, box.y + 120, { steps: 5 });
    await page.mouse.up();
    await expectAttr(page.getByTestId('rack-card-X9'), 'aria-label', 'Regal X9, Position 23 m / 7 m');
    expect(patched).toBe(false);
    await page.goto('/movements');
    await page.getByRole('heading', { name: 'Bewegungshistorie' }).waitFor();
    await page.context().close();
  });

  it('edits a product with missing data until it is Vollständig', async () => {
    const page = await adminPage();
    await page.goto('/products');
    await page.getByTestId('products-table').waitFor();
    await page.getByTestId('incomplete-banner').waitFor({ state: 'visible' });
    await expectText(page.getByTestId('page-info'), 'Zeige 1 bis 20 von 30 Produkten');
    const completeBefore = await loadedCounter(page, 'Vollständig');
    await screenshot(page, 'products-1280');

    await page.getByRole('tab', { name: /Unvollständig/ }).click();
    const row = page.getByRole('row', { name: /Geschirrtuch Set/ });
    await row.waitFor();
    await expectTextContains(row, 'Fehlt!', 'Unvollständig');
    await row.getByRole('button', { name: /bearbeiten/ }).click();
    const dlg = page.getByRole('dialog');
    await expectDisabled(dlg.getByLabel('EAN'));
    await dlg.getByLabel('Basiseinheit').selectOption({ label: 'Karton' });
    await dlg.getByLabel('Stück pro Karton').fill('12');
    await dlg.getByLabel('Länge (cm)').fill('40');
    await dlg.getByLabel('Breite (cm)').fill('30');
    await dlg.getByLabel('Höhe (cm)').fill('2.5');
    await screenshot(page, 'products-edit-1280');
    await dlg.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Produkt aktualisiert!');
    await page.getByRole('row', { name: /Geschirrtuch Set/ }).waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: /^Vollständig/ }).click();
    const done = page.getByRole('row', { name: /Geschirrtuch Set/ });
    await done.waitFor();
    await expectTextContains(done, 'Vollständig', '40 × 30 × 2,5 cm');
    await poll(() => counter(page, 'Vollständig')).toBe(completeBefore + 1);

    // bulk enrichment asks first and warns about time and credits
    await page.getByRole('button', { name: 'Alle mit Keepa anreichern' }).click();
    const confirm = page.getByRole('dialog');
    await expectTextContains(confirm, 'mehrere Minuten', 'Keepa-API-Guthaben');
    await screenshot(page, 'products-bulk-confirm-1280');
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await page.context().close();
  });

  it('enriches from Keepa: one product per row, then all in a background job with progress', async () => {
    const page = await adminPage();
    await page.goto('/products');
    await page.getByRole('tab', { name: /Unvollständig/ }).click();
    const row = page.getByRole('row', { name: /Hundeleine 2 m/ });
    await row.waitFor();
    // Read before the update: right after it the counter may not have refetched yet.
    const incompleteBefore = await loadedCounter(page, 'Unvollständig');
    await row.getByRole('button', { name: /mit Keepa aktualisieren/ }).click();
    await toast(page, 'Produktdaten aktualisiert!');
    await row.waitFor({ state: 'detached' });
    await poll(() => counter(page, 'Unvollständig')).toBe(incompleteBefore - 1);

    await page.getByRole('button', { name: 'Alle mit Keepa anreichern' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Anreichern starten' }).click();
    await page.getByTestId('enrich-progress').waitFor();
    await screenshot(page, 'products-enrich-progress-1280');
    await toast(page, 'Produkte erfolgreich angereichert!');
    await toast(page, 'Produkte konnten nicht angereichert werden');
    await page.getByTestId('enrich-progress').waitFor({ state: 'detached' });
    // the two other known products are complete now
    await poll(() => counter(page, 'Unvollständig')).toBe(incompleteBefore - 3);
    expect(keepa.requests.every((r) => r.key === 'e2e-keepa-key' && r.domain === '3')).toBe(true);
    await page.context().close();
  });

  it('saves DHL settings, shows the mask after reload and reveals it with the toggle', async () => {
    const page = await adminPage();
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Versand (DHL)' }).waitFor();
    const form = page.getByTestId('settings-shipping');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expectTextContains(form.getByRole('alert'), 'API-Schlüssel ist ein Pflichtfeld');
    await page.getByTestId('setting-dhl_api_key').fill('dhl-key-4711');
    await page.getByTestId('setting-dhl_api_user').fill('user-valid');
    await page.getByTestId('setting-dhl_api_password').fill('SandboxPasswort2023!');
    await page.getByTestId('setting-dhl_billing_number').fill('33333333330101');
    await page.getByTestId('setting-dhl_shipper_name').fill('Lagerwerk GmbH');
    await page.getByTestId('setting-dhl_shipper_street').fill('Industriestraße 12');
    await page.getByTestId('setting-dhl_shipper_postal_code').fill('33602');
    await page.getByTestId('setting-dhl_shipper_city').fill('Bielefeld');
    await expectValue(page.getByTestId('setting-dhl_shipper_country'), 'DEU');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Einstellungen gespeichert');

    await page.reload();
    const key = page.getByTestId('setting-dhl_api_key');
    await key.waitFor();
    await expectValue(key, '••••••••');
    await expectAttr(key, 'type', 'password');
    await expectValue(page.getByTestId('setting-dhl_shipper_city'), 'Bielefeld');
    await screenshot(page, 'settings-shipping-1280');
    await page.getByRole('button', { name: 'API-Schlüssel anzeigen' }).click();
    await expectValue(key, 'dhl-key-4711');
    await expectAttr(key, 'type', 'text');
    await screenshot(page, 'settings-revealed-1280');
    await page.getByTestId('settings-shipping').getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Keine Änderungen zum Speichern');

    await page.getByRole('tab', { name: 'Allgemein' }).click();
    await page.getByTestId('settings-general').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'settings-general-1280');
    await page.context().close();
  });
});
