import { describe, expect, it } from 'vitest';
import { DEMO, PHONE, scan, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * Worker languages (docs/architecture.md "Languages"): chosen on the login
 * screen or in Profil, stored with the user, so a shared handheld follows
 * whoever logs in.
 */
const suite = e2eSuite();

describe('worker languages', () => {
  it('a worker picks Polski at login, switches to Українська in Profil; the next login of another user is in theirs', async () => {
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('login-languages').getByRole('button', { name: 'Polski' }).click();
    await page.getByText('Zaloguj się').waitFor();
    expect(await page.getByTestId('login-languages').getByRole('button', { name: 'Polski' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'language-login-pl-360');
    await page.getByLabel('E-mail').fill(DEMO.worker.email);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO.worker.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/');
    // The start screen speaks Polish too: greeting and tiles.
    await page.getByRole('heading', { name: `Witaj, ${DEMO.worker.name}!` }).waitFor();
    await page.getByTestId('tile-/inbound').getByText('Przyjęcie na magazyn').waitFor();
    await screenshot(page, 'language-home-pl-360');

    // The scan workflow answers in Polish: a place scanned where the EAN is expected (once the working set is on the device).
    await page.goto('/inbound');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="inbound-customer"]') as HTMLSelectElement | null)?.options.length === 3,
      undefined,
      {
        timeout: 30_000,
      },
    );
    await page.goto('/outbound');
    await page.getByTestId('outbound-ean').waitFor();
    await scan(page, 'A-01-01');
    await page.getByText('Najpierw zeskanuj EAN').waitFor();

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Dane osobowe' }).waitFor();
    expect(await page.getByTestId('profile-language').inputValue()).toBe('pl');
    await screenshot(page, 'language-profile-pl-360');

    await page.getByTestId('profile-language').selectOption('uk');
    await page.getByTestId('profile-form').getByRole('button', { name: 'Zapisz' }).click();
    await page.getByRole('heading', { name: 'Особисті дані' }).waitFor();
    await page.getByText('Профіль збережено').waitFor();
    await screenshot(page, 'language-profile-uk-360');
    // Stored with the user: after a reload too.
    await page.reload();
    await page.getByRole('heading', { name: 'Особисті дані' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uk');

    // Logged out, the device keeps the last language for the login screen; the next user gets their own (German).
    // The app frame (menu, logout) speaks the user's language too.
    await page.getByTestId('mobile-menu-button').click();
    await page.getByRole('button', { name: 'Вийти' }).click();
    await page.getByText('Увійдіть, будь ласка').waitFor();
    await screenshot(page, 'language-login-uk-360');
    await page.getByLabel('Ел. пошта').fill(DEMO.manager.email);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO.manager.password);
    await page.getByTestId('login-submit').click();
    await page.getByRole('heading', { name: `Willkommen, ${DEMO.manager.name}!` }).waitFor();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Persönliche Daten' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });
});
