import { describe, expect, it } from 'vitest';
import {
  DEMO,
  DESKTOP,
  expectCount,
  expectTextContains,
  expectValue,
  loginByPassword,
  PHONE,
  scan,
  screenshot,
  waitForServiceWorkerControl,
} from './helpers/browser';
import { e2eSuite } from './helpers/suite';

const suite = e2eSuite({ fresh: true });

describe('login and roles', () => {
  it('prints the demo logins at start', () => {
    expect(suite.server.output()).toContain('admin@lagerwerk.de');
    expect(suite.server.output()).toContain('kunde@mueller-naturkost.de');
  });

  for (const [key, user] of Object.entries(DEMO)) {
    it(`password login for ${key} lands on the dashboard`, async () => {
      const ctx = await suite.context(DESKTOP);
      const page = await ctx.newPage();
      await loginByPassword(page, user);
      expect(new URL(page.url()).pathname).toBe('/');
      const session = await page.evaluate(() => ({ a: localStorage.getItem('auth-storage'), t: localStorage.getItem('access_token') }));
      expect(session.t).toBeTruthy();
      expect(JSON.parse(session.a ?? '{}').state.isAuthenticated).toBe(true);
      if (key === 'customer1') {
        await expect(page.getByTestId('tile-/profile').isVisible()).resolves.toBe(true);
        await screenshot(page, 'dashboard-customer-1280');
      }
      if (key === 'admin') await screenshot(page, 'dashboard-admin-1280');
      await ctx.close();
    });
  }

  it('QR login typed by the scanner lands on the dashboard', async () => {
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await page.goto('/login');
    await screenshot(page, 'login-360');
    await page.getByRole('tab', { name: 'QR-Code' }).click();
    await page.getByTestId('qr-input').waitFor();
    await scan(page, DEMO.worker.qr);
    await page.getByRole('heading', { name: `Willkommen, ${DEMO.worker.name}!` }).waitFor();
    await screenshot(page, 'dashboard-worker-360');
    await ctx.close();
  });

  it('shows a German error for a wrong password', async () => {
    const ctx = await suite.context(DESKTOP);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByLabel('E-Mail').fill(DEMO.worker.email);
    await page.locator('input[autocomplete="current-password"]').fill('falsch');
    await page.getByTestId('login-submit').click();
    await expectTextContains(page.getByRole('alert').first(), 'E-Mail oder Passwort ist falsch');
    await screenshot(page, 'login-error-1280');
    await ctx.close();
  });

  it('a customer user opening an admin route lands on /', async () => {
    const ctx = await suite.context(DESKTOP);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.customer1);
    await page.goto('/users');
    await page.getByRole('heading', { name: `Willkommen, ${DEMO.customer1.name}!` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profil' }).waitFor();
    await expectCount(page.getByLabel('Rolle'), 0);
    await ctx.close();
  });

  it('logout clears the session and protects routes', async () => {
    const ctx = await suite.context(DESKTOP);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.manager);
    await page.goto('/profile');
    await expectValue(page.getByLabel('Rolle'), 'Lagerleiter');
    await screenshot(page, 'profile-1280');
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    const session = await page.evaluate(() => [localStorage.getItem('auth-storage'), localStorage.getItem('access_token')]);
    expect(session).toEqual([null, null]);
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await ctx.close();
  });
});

describe('PWA', () => {
  it('serves the manifest with German names and the icons', async () => {
    const res = await fetch(`${suite.server.url}/manifest.webmanifest`);
    const m = await res.json();
    expect(m.lang).toBe('de');
    expect(m.display).toBe('standalone');
    expect(m.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(m.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
  });

  it('reloads the app shell offline after one online visit', async () => {
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await waitForServiceWorkerControl(page);
    await ctx.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: `Willkommen, ${DEMO.worker.name}!` }).waitFor();
    await expectTextContains(page.getByTestId('sync-status'), 'Offline');
    await screenshot(page, 'offline-shell-360');
    await ctx.setOffline(false);
    await ctx.close();
  });

  it('a first visit to /login, never logged in, installs the worker: offline, /login still shows the form', async () => {
    const ctx = await suite.context(PHONE);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await waitForServiceWorkerControl(page);
    await expect(page.evaluate(() => localStorage.getItem('access_token'))).resolves.toBeNull();
    await ctx.setOffline(true);
    await page.reload();
    await page.getByTestId('login-submit').waitFor();
    await page.getByLabel('E-Mail').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'offline-login-360');
    await ctx.setOffline(false);
    await ctx.close();
  });

  it('unknown API paths answer JSON 404 and other paths the SPA', async () => {
    const api = await fetch(`${suite.server.url}/api/gibtsnicht`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe('ROUTE_NOT_FOUND');
    const spa = await fetch(`${suite.server.url}/irgendwo/tief`);
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain('<div id="root">');
  });
});
