import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  DESKTOP,
  expectCount,
  expectDisabled,
  expectText,
  expectTextContains,
  expectValue,
  loginByPassword,
  PHONE,
  poll,
  screenshot,
} from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/** Benutzer, Kunden, Kundenzugriff as an admin uses them (spec part 1 §2, §5). */
const suite = e2eSuite();

const COMPANY = 'E2E Spedition GmbH';
const CUSTOMER_LOGIN = { email: 'einkauf@e2e-spedition.de', name: 'Erika Einkauf' };
const WORKER = { username: 'e2e-lager', name: 'Emil Lager' };

async function adminToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('access_token') ?? '');
}

describe('admin manages customers, users and customer access', () => {
  let page: Page;
  let customerPassword = '';

  beforeAll(async () => {
    page = await suite.loggedIn(DEMO.admin);
  });
  afterAll(async () => page?.context().close());

  it('creates a customer (company name required) and sees a generated number', async () => {
    await page.goto('/customers');
    await page.getByRole('heading', { name: 'Kunden' }).waitFor();
    await page.getByTestId('customer-new').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('customer-form-submit').click();
    await dialog.getByText('Firmenname ist erforderlich').waitFor();
    await dialog.getByLabel('Firmenname').fill(COMPANY);
    await dialog.getByLabel('Ansprechpartner').fill('Erika Einkauf');
    await dialog.getByLabel('Ort').fill('Hamburg');
    await expectValue(dialog.getByLabel('Land'), 'Deutschland');
    await dialog.getByTestId('customer-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(COMPANY) });
    await row.waitFor();
    await expectText(row, /K-\d{5}/);
    await screenshot(page, 'customers-1280');
  });

  it('creates a customer user in the expanded row (password required)', async () => {
    await page.getByRole('button', { name: `Benutzer und Preise von ${COMPANY} anzeigen` }).click();
    const form = page.locator('[data-testid^="customer-user-form-"]');
    await form.getByLabel('E-Mail (Benutzername)').fill(CUSTOMER_LOGIN.email);
    await form.getByLabel('Vollständiger Name').fill(CUSTOMER_LOGIN.name);
    await form.getByRole('button', { name: 'Benutzer anlegen' }).click();
    await form.getByText('Passwort ist erforderlich').waitFor();
    await form.getByRole('button', { name: 'Passwort generieren' }).click();
    const password = form.getByTestId('customer-user-password');
    await poll(() => password.inputValue()).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
    customerPassword = await password.inputValue();
    await form.getByRole('button', { name: 'Benutzer anlegen' }).click();
    await page.locator('[data-testid^="customer-users-"]').getByText(CUSTOMER_LOGIN.email).waitFor();
    await screenshot(page, 'customers-expanded-1280');
  });

  it('prices the customer on "Preise" (de-DE euro input; empty = not charged) and keeps them after reload', async () => {
    const rates = page.locator('[data-testid^="customer-rates-"]');
    await rates.getByLabel('Lagerplatz pro Tag').fill('0,35');
    await rates.getByLabel('Pickposition').fill('abc');
    await rates.getByRole('button', { name: 'Preise speichern' }).click();
    await rates.getByText('Bitte einen Betrag wie 0,35 eingeben').waitFor();
    await rates.getByLabel('Pickposition').fill('1.234,5');
    await rates.getByRole('button', { name: 'Preise speichern' }).click();
    await page.getByText(`Preise von ${COMPANY} gespeichert`).waitFor();
    await screenshot(page, 'customers-rates-1280');
    await page.reload();
    await page.getByRole('button', { name: `Benutzer und Preise von ${COMPANY} anzeigen` }).click();
    await expectValue(rates.getByLabel('Lagerplatz pro Tag'), '0,35');
    await expectValue(rates.getByLabel('Pickposition'), '1.234,50');
    await expectValue(rates.getByLabel('Paket'), '');
  });

  it('creates a warehouse worker without password; a customer user needs a customer', async () => {
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Benutzer' }).waitFor();
    await page.getByTestId('user-new').click();
    const dialog = page.getByRole('dialog');
    await expectValue(dialog.getByLabel('Rolle'), 'warehouse_worker');
    await dialog.getByLabel('Benutzername').fill(WORKER.username);
    await dialog.getByLabel('Vollständiger Name').fill(WORKER.name);
    await dialog.getByLabel('Rolle').selectOption('customer_user');
    await dialog.getByTestId('user-form-submit').click();
    await dialog.getByText('Bitte wählen Sie einen Kunden für Kundenbenutzer aus').waitFor();
    await dialog.getByText('Passwort ist erforderlich').waitFor();
    await dialog.getByLabel('Rolle').selectOption('warehouse_worker');
    await expectCount(dialog.getByLabel('Kunde', { exact: true }), 0);
    await dialog.getByRole('button', { name: 'Passwort generieren' }).click();
    await poll(() => dialog.getByTestId('user-password').inputValue()).toHaveLength(12);
    await screenshot(page, 'users-dialog-1280');
    // QR login only: no password
    await dialog.getByTestId('user-password').fill('');
    await dialog.getByTestId('user-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId(`user-row-${WORKER.username}`);
    await row.waitFor();
    await expectTextContains(row, 'Nur QR-Code', 'Lagermitarbeiter');
    await screenshot(page, 'users-1280');
  });

  it('edits the worker with the username locked', async () => {
    await page.getByRole('button', { name: `${WORKER.username} bearbeiten` }).click();
    const dialog = page.getByRole('dialog');
    await expectDisabled(dialog.getByLabel('Benutzername'));
    await dialog.getByLabel('E-Mail').fill('emil@lagerwerk.de');
    await dialog.getByTestId('user-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId(`user-row-${WORKER.username}`).getByText('emil@lagerwerk.de').waitFor();
  });

  it('prints a QR code; a token from the QR endpoint logs the worker in', async () => {
    await page.getByRole('button', { name: `QR-Code für ${WORKER.username}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('ein zuvor gedruckter Code funktioniert danach nicht mehr.').waitFor();
    await dialog.getByTestId('qr-generate').click();
    const img = dialog.getByTestId('qr-image');
    await img.waitFor();
    await poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    await dialog.getByTestId('qr-print').waitFor();
    await screenshot(page, 'users-qr-1280');
    await page.emulateMedia({ media: 'print' });
    await page.locator('.qr-print-sheet').waitFor({ state: 'visible' });
    await page.getByTestId('users-table').waitFor({ state: 'hidden' });
    await screenshot(page, 'users-qr-print');
    await page.emulateMedia({ media: 'screen' });
    await dialog.getByRole('button', { name: 'Schließen' }).first().click();

    const token = await adminToken(page);
    const users = await page.request.get('/api/auth/users', { headers: { authorization: `Bearer ${token}` } });
    const worker = ((await users.json()) as Array<{ id: number; username: string }>).find((u) => u.username === WORKER.username);
    expect(worker).toBeTruthy();
    const qr = await page.request.get(`/api/auth/qr-code/${worker?.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(qr.status()).toBe(200);
    const { qr_token } = (await qr.json()) as { qr_token: string };
    const login = await page.request.post('/api/auth/login', { data: { qr_token } });
    expect(login.status()).toBe(200);
    expect(((await login.json()) as { user: { username: string } }).user.username).toBe(WORKER.username);
  });

  it('limits the worker to one customer on Kundenzugriff', async () => {
    await page.goto('/user-management');
    await page.getByRole('heading', { name: 'Kundenzugriff' }).waitFor();
    const row = page.getByTestId(`access-row-${WORKER.username}`);
    await expectTextContains(row, 'Alle Kunden + Lagerbestand');
    await page.getByTestId(`access-manage-${WORKER.username}`).click();
    const dialog = page.getByTestId('access-dialog');
    await dialog.getByLabel('Nur ausgewählte Kunden').check();
    await dialog.getByLabel(COMPANY).check();
    await screenshot(page, 'user-management-dialog-1280');
    await page.getByTestId('access-save').click();
    await page.getByTestId('access-dialog').waitFor({ state: 'detached' });
    await row.getByText(`Nur: ${COMPANY}`).filter({ visible: true }).waitFor();
    await screenshot(page, 'user-management-1280');

    const token = await adminToken(page);
    const users = (await (await page.request.get('/api/users/', { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{
      id: number;
      username: string;
    }>;
    const worker = users.find((u) => u.username === WORKER.username);
    const qr = (await (await page.request.get(`/api/auth/qr-code/${worker?.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      qr_token: string;
    };
    const login = (await (await page.request.post('/api/auth/login', { data: { qr_token: qr.qr_token } })).json()) as { access_token: string };
    const visible = (await (await page.request.get('/api/customers/', { headers: { authorization: `Bearer ${login.access_token}` } })).json()) as Array<{
      company_name: string;
    }>;
    expect(visible.map((c) => c.company_name)).toEqual([COMPANY]);
  });

  it('the new customer user logs in and cannot open /users', async () => {
    const ctx = await suite.context(DESKTOP);
    const p = await ctx.newPage();
    await loginByPassword(p, { email: CUSTOMER_LOGIN.email, password: customerPassword, name: CUSTOMER_LOGIN.name });
    await p.goto('/users');
    await p.getByRole('heading', { name: `Willkommen, ${CUSTOMER_LOGIN.name}!` }).waitFor();
    await poll(() => new URL(p.url()).pathname).toBe('/');
    await ctx.close();
  });

  it('deactivates the customer after confirmation', async () => {
    await page.goto('/customers');
    await page.getByRole('button', { name: `${COMPANY} deaktivieren` }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('heading', { name: 'Kunde deaktivieren?' }).waitFor();
    await confirm.getByRole('button', { name: 'Deaktivieren' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: new RegExp(COMPANY) })
      .getByText('Inaktiv')
      .filter({ visible: true })
      .waitFor();
    await page.getByRole('button', { name: `${COMPANY} aktivieren` }).click();
    await page
      .getByRole('row', { name: new RegExp(COMPANY) })
      .getByText('Aktiv', { exact: true })
      .filter({ visible: true })
      .waitFor();
  });
});

describe('admin screens on a phone', () => {
  it('renders Benutzer, Kunden and Kundenzugriff at 360 px', async () => {
    const page = await suite.loggedIn(DEMO.admin, PHONE);
    for (const [path, heading, name] of [
      ['/users', 'Benutzer', 'users-360'],
      ['/customers', 'Kunden', 'customers-360'],
      ['/user-management', 'Kundenzugriff', 'user-management-360'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.locator('table').first().waitFor();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await expect.poll(overflow, { timeout: 5_000, message: `${path} must not scroll sideways` }).toBeLessThanOrEqual(0);
      await screenshot(page, name);
    }
    await page.getByTestId(`access-manage-${WORKER.username}`).click();
    await page.getByTestId('access-dialog').waitFor();
    await screenshot(page, 'user-management-dialog-360');
    await page.context().close();
  });
});
