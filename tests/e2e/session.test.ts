import { describe, expect, it } from 'vitest';
import { DEMO, DESKTOP, expectCount, loginByPassword, PHONE, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/** Sessions in the app: a password change ends the other sessions, keeps this one; a new e-mail needs the password. */
const suite = e2eSuite();

const NEW_PASSWORD = 'NeuesLager123!';

describe('Profil', () => {
  it('a password change keeps this session and sends the other device to the login', async () => {
    const desk = await suite.context(DESKTOP);
    const scanner = await suite.context(PHONE);
    const page = await desk.newPage();
    const other = await scanner.newPage();
    await loginByPassword(page, DEMO.worker);
    await loginByPassword(other, DEMO.worker);

    await page.goto('/profile');
    const form = page.getByTestId('password-form');
    await form.getByLabel('Altes Passwort').fill(DEMO.worker.password);
    const fresh = form.locator('input[autocomplete="new-password"]');
    await fresh.nth(0).fill(NEW_PASSWORD);
    await fresh.nth(1).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.locator('[data-toast]', { hasText: 'Passwort erfolgreich geändert' }).waitFor();

    await page.goto('/movements');
    await page.getByTestId('movements-table').waitFor();
    expect(new URL(page.url()).pathname).toBe('/movements');

    await other.goto('/movements');
    await other.waitForURL('**/login');
    await desk.close();
    await scanner.close();
  });

  for (const [name, viewport] of [
    ['360', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`a new login e-mail asks for the current password (${name} px)`, async () => {
      const ctx = await suite.context(viewport);
      const page = await ctx.newPage();
      await loginByPassword(page, DEMO.customer1);
      await page.goto('/profile');
      const form = page.getByTestId('profile-form');
      await expectCount(form.getByLabel('Aktuelles Passwort'), 0);
      await form.getByLabel('E-Mail').fill(`neu-${name}@mueller-naturkost.de`);
      await form.getByLabel('Aktuelles Passwort').waitFor();
      await form.getByRole('button', { name: 'Speichern' }).click();
      await form.getByText('Zum Ändern der E-Mail-Adresse bitte das aktuelle Passwort eingeben').waitFor();
      await screenshot(page, `profile-email-password-${name}`);
      await form.getByLabel('Aktuelles Passwort').fill(DEMO.customer1.password);
      await form.getByRole('button', { name: 'Speichern' }).click();
      await page.locator('[data-toast]', { hasText: 'Profil gespeichert' }).waitFor();
      // back to the demo address, so the next viewport starts from it
      await form.getByLabel('E-Mail').fill(DEMO.customer1.email);
      await form.getByLabel('Aktuelles Passwort').fill(DEMO.customer1.password);
      await form.getByRole('button', { name: 'Speichern' }).click();
      const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state?.user?.email);
      await expect.poll(stored, { timeout: 10_000 }).toBe(DEMO.customer1.email);
      await ctx.close();
    });
  }
});
