import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { LANGUAGE_NAMES, type Language } from '../../../shared/i18n/languages';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOT_DIR = 'tests/e2e/screenshots';

/** Debian's Chromium, headless, with the flags this machine needs; `extraArgs` e.g. a fake camera (helpers/camera.ts). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export async function newContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, locale: 'de-DE', timezoneId: 'Europe/Berlin', serviceWorkers: 'allow' });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/**
 * Types a code as a hardware scanner (keyboard wedge) does: fast keystrokes, then Enter.
 * The reader times keys by their events' timeStamp (client/scan/listener.ts), so a busy
 * page does not cut them; a burst with no gaps at all would be faster than any scanner
 * and can overtake the screen's step change.
 */
export async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 8 });
  await page.keyboard.press('Enter');
}

export interface DemoUser {
  email: string;
  password: string;
  qr?: string;
  name: string;
}

/** Logins of the demo data (server/db/seed.ts). */
export const DEMO = {
  admin: { email: 'admin@lagerwerk.de', password: 'Admin123!', qr: 'LW-DEMO-ADMIN-94e2c7d1a5f0', name: 'Andrea Admin' },
  manager: { email: 'leitung@lagerwerk.de', password: 'Leitung123!', qr: 'LW-DEMO-LEITUNG-7f3a9c2e41b8', name: 'Petra Lange' },
  worker: { email: 'lager@lagerwerk.de', password: 'Lager123!', qr: 'LW-DEMO-LAGER-0b5d8e17c6a3', name: 'Tim Becker' },
  customer1: { email: 'kunde@mueller-naturkost.de', password: 'Kunde123!', name: 'Anna Müller' },
  customer2: { email: 'kunde@schmidt-elektronik.de', password: 'Kunde123!', name: 'Jonas Schmidt' },
} satisfies Record<string, DemoUser>;

/** Password login through the UI; waits for the dashboard greeting. */
export async function loginByPassword(page: Page, user: DemoUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(user.email);
  await page.locator('input[autocomplete="current-password"]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.getByRole('heading', { name: `Willkommen, ${user.name}!` }).waitFor();
}

/** Logs `user` in choosing `language` on the login screen (stored with the user); waits for the start screen in that language. */
export async function loginInLanguage(page: Page, user: DemoUser, language: Exclude<Language, 'de'>): Promise<void> {
  await page.goto('/login');
  const button = page.getByTestId('login-languages').getByRole('button', { name: LANGUAGE_NAMES[language] });
  await button.click();
  await poll(() => button.getAttribute('aria-pressed')).toBe('true');
  await page.locator('input[autocomplete="username"]').fill(user.email);
  await page.locator('input[autocomplete="current-password"]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

/**
 * Waits until the service worker is activated and controls the page. The
 * first load is not controlled (clientsClaim is off), so reload until it is;
 * on a loaded machine the first reload can still land before activation.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await navigator.serviceWorker?.getRegistration())?.active?.state === 'activated', undefined, { timeout: 30_000 });
  const controlled = () => page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  // client/main.tsx registers the worker once the page has loaded and is idle: after each reload, wait
  // (up to 2 s) for the page to come under control; only a reload that landed before activation needs another.
  for (let i = 0; i < 20 && !(await controlled()); i++) {
    await page.evaluate(() => navigator.serviceWorker?.ready);
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 2_000 }).catch(() => undefined);
  }
  if (!(await controlled())) throw new Error('Der Service Worker kontrolliert die Seite nicht');
}

/**
 * How long a polled assertion waits for the screen to follow an action (a
 * Dexie live query, a React Query refetch) on a loaded machine. Vitest's own
 * expect.poll default (1 s) is too short for that.
 */
export const UI_TIMEOUT = 15_000;
/** Each single read inside a poll: short, so that a missing element is retried, not waited on for 30 s. */
const READ = { timeout: 2_000 };

/** Polls `read` until the assertion after it holds (or UI_TIMEOUT passes). */
export const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: UI_TIMEOUT });

/** Waits until the element's text is `want` (a string: exactly; a RegExp: matching). */
export async function expectText(locator: Locator, want: string | RegExp): Promise<void> {
  const read = () => locator.textContent(READ);
  if (typeof want === 'string') await poll(read).toBe(want);
  else await poll(read).toMatch(want);
}

/** Waits until the element's text contains every one of `parts`. */
export async function expectTextContains(locator: Locator, ...parts: string[]): Promise<void> {
  for (const part of parts) await poll(() => locator.textContent(READ)).toContain(part);
}

/** Waits until the form field's value is `want`. */
export const expectValue = (locator: Locator, want: string) => poll(() => locator.inputValue(READ)).toBe(want);

/** Waits until the attribute `name` is `want` (null: absent). */
export const expectAttr = (locator: Locator, name: string, want: string | null) => poll(() => locator.getAttribute(name, READ)).toBe(want);

/** Waits until `locator` matches exactly `n` elements. */
export const expectCount = (locator: Locator, n: number) => poll(() => locator.count()).toBe(n);

/** Waits until the control is disabled (or, with `false`, enabled). */
export const expectDisabled = (locator: Locator, disabled = true) => poll(() => locator.isDisabled(READ)).toBe(disabled);
