import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DESKTOP, type DemoUser, launchBrowser, loginByPassword, newContext } from './browser';
import { type RunningServer, startServer } from './server';

export interface E2eSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A new browser context on the suite's server, closed after the suite. */
  context(viewport?: typeof DESKTOP): Promise<BrowserContext>;
  /** A new page in a new context, logged in as `user`. */
  loggedIn(user: DemoUser, viewport?: typeof DESKTOP): Promise<Page>;
}

/**
 * The common frame of an e2e file: the real server (on E2E_STATIC_DIR's
 * private build when that is set, so a parallel `vite build` into dist/
 * cannot pull the page away) and one Chromium, started before the file's
 * tests and stopped after them, with every context it handed out.
 */
export function e2eSuite(): E2eSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (process.env.E2E_STATIC_DIR) env.STATIC_DIR = process.env.E2E_STATIC_DIR;
    server = await startServer(env);
    browser = await launchBrowser();
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
