import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { START_SNAPSHOT_KEY } from '../../client/app/start-snapshot';
import { DEMO, type DemoUser, expectCount, loginByPassword, PHONE, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * The start screen's last paint (client/app/start-snapshot.ts, public/warm.js): a device that
 * showed / to a user paints that user's greeting and tiles on the next start before any of the
 * app's JavaScript has run. Without a service worker, so the app's scripts can be held back.
 */
const suite = e2eSuite();

async function context(): Promise<BrowserContext> {
  return suite.browser.newContext({ baseURL: suite.server.url, viewport: PHONE, locale: 'de-DE', serviceWorkers: 'block' });
}

/** Loads / with the app's scripts refused: what the page shows is what warm.js painted. */
async function openWithoutApp(page: Page): Promise<void> {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await page.locator('header').first().waitFor();
}

/** Another screen, so the start screen does not store its own snapshot over one a test has set. */
async function leaveStartScreen(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByTestId('tile-/my-stock').waitFor({ state: 'detached' });
}

const snapshotOf = (page: Page) => page.evaluate((key) => localStorage.getItem(key), START_SNAPSHOT_KEY);

async function loggedIn(user: DemoUser): Promise<Page> {
  const page = await (await context()).newPage();
  await loginByPassword(page, user);
  await page.getByTestId('tile-/inbound').or(page.getByTestId('tile-/my-stock')).first().waitFor();
  await expect.poll(() => snapshotOf(page)).toContain('tile-');
  return page;
}

describe('start screen before the JavaScript', () => {
  it("paints the user's greeting and tiles from the last start, without the returns count", async () => {
    const page = await loggedIn(DEMO.worker);
    await page.getByTestId('tile-count').waitFor();
    await openWithoutApp(page);
    await page.getByRole('heading', { name: `Willkommen, ${DEMO.worker.name}!` }).waitFor();
    for (const tile of ['/inbound', '/outbound', '/relocate', '/returns-receive', '/stocktake-count', '/returns']) {
      expect(await page.getByTestId(`tile-${tile}`).isVisible(), tile).toBe(true);
    }
    await expectCount(page.getByTestId('tile-count'), 0);
    await screenshot(page, 'start-snapshot-360');
    // The app starts as before: its first commit replaces the painted screen (one greeting, the count back).
    await page.unroute('**/assets/*.js');
    await page.reload();
    await page.getByTestId('tile-count').waitFor();
    await expectCount(page.getByRole('heading', { name: `Willkommen, ${DEMO.worker.name}!` }), 1);
    await expectCount(page.getByTestId('tile-/inbound'), 1);
    // A tile painted before the app is a plain link: it opens its screen.
    await openWithoutApp(page);
    await page.unroute('**/assets/*.js');
    await page.getByTestId('tile-/relocate').click();
    await page.waitForURL('**/relocate');
    await page.getByRole('heading', { name: 'Umlagern' }).waitFor();
  });

  it('is forgotten at logout, kept per user, and not painted by another build', async () => {
    const page = await loggedIn(DEMO.customer1);
    const stored = JSON.parse((await snapshotOf(page)) ?? '{}') as { app: string; html: string };
    expect(stored.html).toContain('tile-/my-stock');
    expect(stored.html).not.toContain('tile-/inbound');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByTestId('login-submit').waitFor();
    expect(await snapshotOf(page)).toBeNull();

    // Another user's snapshot is not painted: only the greeting.
    await loginByPassword(page, DEMO.customer2);
    await leaveStartScreen(page);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [START_SNAPSHOT_KEY, JSON.stringify({ ...stored, user: -1 })]);
    await openWithoutApp(page);
    await page.getByRole('heading', { name: `Willkommen, ${DEMO.customer2.name}!` }).waitFor();
    await expectCount(page.locator('[data-testid^="tile-"]'), 0);

    // Nor one of another build (an older app chunk).
    await page.unroute('**/assets/*.js');
    await page.reload();
    await page.getByTestId('tile-/my-stock').waitFor();
    await expect.poll(async () => JSON.parse((await snapshotOf(page)) ?? '{}').html ?? '').toContain('Jonas');
    await leaveStartScreen(page);
    await page.evaluate((key) => {
      const s = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...s, app: '/assets/app-older.js' }));
    }, START_SNAPSHOT_KEY);
    await openWithoutApp(page);
    await page.getByRole('heading', { name: `Willkommen, ${DEMO.customer2.name}!` }).waitFor();
    await expectCount(page.locator('[data-testid^="tile-"]'), 0);
  });
});
