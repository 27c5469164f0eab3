import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoEan } from '../../server/db/seed';
import { DEMO, DESKTOP, expectCount, expectText, expectTextContains, expectValue, loginByPassword, PHONE, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * Outbound orders end to end: a customer orders one VE line and one loose
 * line from Mein Bestand, sees the reservation, edits the order; staff start
 * picking from the warehouse list; the customer sees the timeline move; a
 * second customer cannot open the order.
 */

const suite = e2eSuite();

async function loggedIn(user: (typeof DEMO)[keyof typeof DEMO], viewport = DESKTOP): Promise<Page> {
  const ctx = await suite.context(viewport);
  const page = await ctx.newPage();
  await loginByPassword(page, user);
  return page;
}

async function chooseArticle(page: Page, title: string): Promise<void> {
  const sel = page.getByTestId('order-line-product');
  const value = await sel.locator('option', { hasText: title }).getAttribute('value');
  expect(value).toBeTruthy();
  await sel.selectOption(value as string);
}

const COFFEE = 'Bio-Kaffeebohnen 1 kg'; // VE: 6 per box, 60 in stock (48 + 12)
const TEA = 'Grüner Tee, 50 Beutel'; // no VE, 120 in stock

let orderUrl = '';
let orderNumber = '';

describe('outbound orders', () => {
  let customer: Page;

  it('a customer creates an order with a VE line and a loose line; the form refuses wrong lines', async () => {
    customer = await loggedIn(DEMO.customer1);
    await customer.goto('/outbound-orders');
    await customer.getByRole('heading', { name: 'Ausgangsaufträge' }).waitFor();
    await customer.getByTestId('order-new').click();
    const dialog = customer.getByRole('dialog');
    await dialog.getByLabel('Empfänger').fill('Erika Mustermann');
    await dialog.getByLabel('E-Mail (optional)').fill('erika@example.de');
    await dialog.getByLabel('Straße und Hausnummer').fill('Hauptstraße 5');
    await dialog.getByLabel('PLZ').fill('10117');
    await dialog.getByLabel('Ort').fill('Berlin');
    await expectValue(dialog.getByTestId('order-country'), 'DE');

    // No article chosen.
    await dialog.getByTestId('order-line-add').click();
    await expectText(dialog.getByTestId('order-line-error'), 'Bitte wähle einen Artikel aus');

    // VE line: 2 boxes of coffee; more boxes than available are refused first.
    await chooseArticle(customer, COFFEE);
    await dialog.getByTestId('order-line-ve-count').fill('11');
    await dialog.getByTestId('order-line-add').click();
    await expectText(dialog.getByTestId('order-line-error'), 'Nur 10 Karton verfügbar');
    await dialog.getByTestId('order-line-ve-count').fill('2');
    // Saving with a chosen but not added article is refused instead of dropping it.
    await dialog.getByTestId('order-save').click();
    await dialog.getByText('Der gewählte Artikel ist noch nicht im Auftrag', { exact: false }).waitFor();
    await dialog.getByTestId('order-line-add').click();
    await expectCount(dialog.getByText('Der gewählte Artikel ist noch nicht im Auftrag', { exact: false }), 0);
    await dialog.getByTestId('order-lines').getByText('2 × Karton (6 Stk.) = 12 Stück').waitFor();

    // The same article again.
    await chooseArticle(customer, COFFEE);
    await dialog.getByTestId('order-line-add').click();
    await expectText(dialog.getByTestId('order-line-error'), 'Artikel bereits hinzugefügt. Entferne ihn zuerst.');

    // Loose line: tea, default quantity 1; too many refused.
    await chooseArticle(customer, TEA);
    await expectValue(dialog.getByTestId('order-line-quantity'), '1');
    await dialog.getByTestId('order-line-quantity').fill('500');
    await dialog.getByTestId('order-line-add').click();
    await expectText(dialog.getByTestId('order-line-error'), 'Nur 120 Stück verfügbar (0 reserviert)');
    await dialog.getByTestId('order-line-quantity').fill('5');
    await dialog.getByTestId('order-line-add').click();
    await dialog.getByTestId('order-lines').getByText('5 Stück').waitFor();

    // Loose ordering of a VE article shows the effort/cost warning.
    await chooseArticle(customer, 'Espresso gemahlen 500 g');
    await customer.getByLabel('Lose Stückzahl').check();
    await expectTextContains(dialog.getByTestId('order-line-loose-warning'), 'zusätzlichen Aufwand und Kosten');
    await screenshot(customer, 'orders-form-1280');
    // Only looked at, not ordered: back to no article, so saving does not refuse.
    await dialog.getByTestId('order-line-product').selectOption('');

    // The demo data brings orders of its own: the new one is the row that was not there before.
    const listed = () => customer.locator('[data-testid^="order-row-A-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    const before = new Set(await listed());
    await dialog.getByTestId('order-save').click();
    await customer.locator('[data-toast="success"]', { hasText: 'angelegt' }).waitFor();
    await expect.poll(async () => (await listed()).filter((id) => !before.has(id)).length).toBe(1);
    orderNumber = ((await listed()).find((id) => !before.has(id)) ?? '').replace('order-row-', '');
    expect(orderNumber).toMatch(/^A-\d{4}-\d{6}$/);
    const row = customer.getByTestId(`order-row-${orderNumber}`);
    await expectText(row.getByTestId('order-status'), 'Neu');
    await screenshot(customer, 'orders-customer-list-1280');
  });

  it('Mein Bestand shows the reserved quantity', async () => {
    await customer.goto('/my-stock');
    const coffee = customer.getByTestId(`my-stock-${demoEan(0)}`);
    await coffee.waitFor();
    await expectText(coffee, /Reserviert\s*12/);
    await expectText(coffee.getByTestId('my-stock-available'), '48');
    const tea = customer.getByTestId(`my-stock-${demoEan(2)}`);
    await expectText(tea.getByTestId('my-stock-available'), '115');
  });

  it('the customer edits the order (tea 5 -> 7)', async () => {
    await customer.goto('/outbound-orders');
    const row = customer.getByTestId(`order-row-${orderNumber}`);
    await row.getByTestId('order-edit').click();
    const dialog = customer.getByRole('dialog');
    await dialog.getByRole('button', { name: `${TEA} entfernen` }).click();
    await chooseArticle(customer, TEA);
    await dialog.getByTestId('order-line-quantity').fill('7');
    await dialog.getByTestId('order-line-add').click();
    await dialog.getByTestId('order-save').click();
    await customer.locator('[data-toast="success"]', { hasText: 'gespeichert' }).waitFor();
    await row.getByRole('link', { name: orderNumber }).click();
    await customer.getByRole('heading', { name: `Auftrag ${orderNumber}` }).waitFor();
    orderUrl = new URL(customer.url()).pathname;
    const items = customer.getByTestId('order-items');
    await items.getByText('7 Stück').waitFor();
    await items.getByText('2 × Karton (6 Stk.) = 12 Stück').waitFor();
    await expect(customer.getByTestId('timeline-Bestätigt').getAttribute('data-done')).resolves.toBe('false');
    await screenshot(customer, 'orders-detail-customer-1280');
    // The VE line reserved 12, the loose one now 7.
    const res = await customer.evaluate(async (url) => {
      const token = localStorage.getItem('access_token');
      const r = await fetch(`/api${url.replace('/outbound-orders/', '/outbound-orders/')}`, { headers: { Authorization: `Bearer ${token}` } });
      return r.json();
    }, orderUrl);
    expect(res.items.map((i: { reserved_quantity: number }) => i.reserved_quantity).sort()).toEqual([12, 7].sort());
  });

  it('staff start picking from the warehouse list (new orders are confirmed first)', async () => {
    const staff = await loggedIn(DEMO.worker);
    await staff.goto('/warehouse/outbound');
    const row = staff.getByTestId(`order-row-${orderNumber}`);
    await row.waitFor();
    await expectTextContains(row, 'Müller Naturkost GmbH');
    // The wave builder is registered: the list links to it.
    await expectCount(staff.getByRole('main').getByRole('link', { name: 'Wellen planen' }), 1);
    await row.getByRole('checkbox').check();
    await screenshot(staff, 'orders-warehouse-list-1280');
    await staff.getByTestId('picking-open').click();
    await expectTextContains(staff.getByTestId('picking-plan'), 'wird bestätigt und gestartet');
    await staff.getByTestId('picking-run').click();
    await staff.getByTestId('picking-plan').getByText('gestartet', { exact: true }).waitFor();
    await staff.getByRole('button', { name: 'Schließen' }).first().click();
    await expectText(row.getByTestId('order-status'), 'In Kommissionierung');

    // Staff address edit with the carrier rules.
    await staff.goto(orderUrl);
    await staff.getByTestId('address-edit').click();
    await staff.getByTestId('address-plz').fill('1011');
    await staff.getByTestId('address-street').fill('Hauptstraße');
    await staff.getByTestId('address-save').click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByText('Die PLZ muss aus 5 Ziffern bestehen').waitFor();
    await dialog.getByText('Die Straße muss eine Hausnummer enthalten').waitFor();
    await screenshot(staff, 'orders-address-edit-1280');
    await staff.getByTestId('address-plz').fill('10117');
    await staff.getByTestId('address-street').fill('Hauptstraße 7');
    await staff.getByTestId('address-save').click();
    await staff.getByTestId('order-address').getByText('Hauptstraße 7').waitFor();
  });

  it('the customer sees the timeline change; phone layout', async () => {
    await customer.goto(orderUrl);
    await customer.getByRole('heading', { name: `Auftrag ${orderNumber}` }).waitFor();
    await expectText(customer.getByTestId('order-status'), 'In Kommissionierung');
    await expect(customer.getByTestId('timeline-Bestätigt').getAttribute('data-done')).resolves.toBe('true');
    await expect(customer.getByTestId('timeline-Kommissionierung gestartet').getAttribute('data-done')).resolves.toBe('true');
    await expectText(customer.getByTestId('timeline-Kommissionierung gestartet'), /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    await expectCount(customer.getByTestId('detail-edit'), 0);
    await expectCount(customer.getByTestId('address-edit'), 0);

    const phone = await loggedIn(DEMO.customer1, PHONE);
    await phone.goto(orderUrl);
    await phone.getByRole('heading', { name: `Auftrag ${orderNumber}` }).waitFor();
    await screenshot(phone, 'orders-detail-customer-360');
    await phone.goto('/outbound-orders');
    await phone.getByTestId(`order-card-${orderNumber}`).waitFor();
    await screenshot(phone, 'orders-customer-list-360');
    await phone.getByTestId('order-new').click();
    await phone.getByRole('dialog').getByLabel('Empfänger').waitFor();
    await screenshot(phone, 'orders-form-360');
  });

  it("a second customer cannot open the first one's order", async () => {
    const other = await loggedIn(DEMO.customer2);
    await other.goto(orderUrl);
    await expectText(other.getByTestId('order-not-found'), 'Bestellung nicht gefunden');
    await other.goto('/outbound-orders');
    await other.getByTestId('order-table').or(other.getByText('Keine Aufträge gefunden')).first().waitFor();
    await expectCount(other.getByTestId(`order-row-${orderNumber}`), 0);
  });
});
