import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DESKTOP, type DemoUser, launchBrowser, loginByPassword, newContext, screenshot } from './browser';
import { type RunningServer, SERVER_START_MS, startServer } from './server';

export interface E2eSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A new browser context on the suite's server, closed after the suite. */
  context(viewport?: typeof DESKTOP): Promise<BrowserContext>;
  /** A new page in a new context, logged in as `user`. */
  loggedIn(user: DemoUser, viewport?: typeof DESKTOP): Promise<Page>;
}

export interface E2eSuiteOptions {
  /**
   * More environment for the server, read when the suite starts: after the
   * file's own beforeAll hooks registered before e2eSuite() (e.g. a local
   * stand-in of an outside service, whose URL the server needs).
   */
  env?: () => Record<string, string>;
  /** A first start that loads the demo data itself, instead of a copy of the run's template (tests/e2e/helpers/server.ts). */
  fresh?: boolean;
  /** More Chromium flags, read when the suite starts (e.g. the fake camera of helpers/camera.ts). */
  browserArgs?: () => readonly string[];
}

/**
 * The common frame of an e2e file: the real server (on E2E_STATIC_DIR's
 * private build when that is set, so a parallel `vite build` into dist/
 * cannot pull the page away) and one Chromium, started before the file's
 * tests and stopped after them, with every context it handed out.
 */
export function e2eSuite(options: E2eSuiteOptions = {}): E2eSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const env: Record<string, string> = { ...options.env?.() };
    if (process.env.E2E_STATIC_DIR) env.STATIC_DIR = process.env.E2E_STATIC_DIR;
    server = await startServer(env, { fresh: options.fresh });
    browser = await launchBrowser(options.browserArgs?.());
  }, SERVER_START_MS + 60_000);
  // A failed test leaves a picture of every open page (tests/e2e/screenshots/failed-*), to see what the user saw.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const name = ctx.task.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60);
    const pages = contexts.flatMap((c) => c.pages());
    for (const [i, page] of pages.entries()) await screenshot(page, `failed-${name}-${i}`).catch(() => undefined);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });
  const started = () => {
    if (!server || !browser) throw new Error('e2e suite not started (use it inside tests)');
    return { server, browser };
  };
  const suite: E2eSuite = {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    async context(viewport = DESKTOP) {
      const s = started();
      const ctx = await newContext(s.browser, s.server.url, viewport);
      contexts.push(ctx);
      return ctx;
    },
    async loggedIn(user, viewport = DESKTOP) {
      const page = await (await suite.context(viewport)).newPage();
      await loginByPassword(page, user);
      return page;
    },
  };
  return suite;
}

/** A call straight to the API as a demo user; answers the parsed JSON, if any. */
export type Api = <T>(user: DemoUser, path: string, method?: string, body?: unknown) => Promise<T>;

/** Calls straight to the API as a demo user (setup and checks, not the screen under test). */
export function apiClient(baseUrl: () => string): Api {
  const tokens = new Map<string, string>();
  return async function api<T>(user: DemoUser, path: string, method = 'GET', body?: unknown): Promise<T> {
    let tok = tokens.get(user.email);
    if (!tok) {
      const login = await fetch(`${baseUrl()}/api/auth/login-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      tok = ((await login.json()) as { access_token: string }).access_token;
      tokens.set(user.email, tok);
    }
    const headers: Record<string, string> = { Authorization: `Bearer ${tok}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${baseUrl()}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** Waits for a toast with `text` (they are gone after 3 s). */
export const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text }).first().waitFor();
