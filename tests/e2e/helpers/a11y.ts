import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../../client/routes';
import { DEMO, type DemoUser, DESKTOP, expectTextContains, loginByPassword, PHONE, screenshot } from './browser';
import { e2eSuite } from './suite';

/**
 * The accessibility walk: every screen of the route registry (client/routes.ts), as each role
 * that may open it, has no serious or critical axe finding. The list is walked, not written out,
 * so screens added later are covered too. tests/e2e/a11y-phone.test.ts walks it at 360 px and
 * tests/e2e/a11y-desktop.test.ts at 1280 px (two files, so they run side by side).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['serious', 'critical']);

/** Who opens which access level: admin screens as admin, warehouse screens as the manager, the rest as staff and customer. */
const VISITORS: Array<{ key: string; user: DemoUser; levels: string[] }> = [
  { key: 'admin', user: DEMO.admin, levels: ['admin'] },
  { key: 'manager', user: DEMO.manager, levels: ['warehouse', 'user'] },
  { key: 'customer', user: DEMO.customer1, levels: ['user'] },
];
export const A11Y_VIEWPORTS = {
  phone: { name: '360', size: PHONE },
  desktop: { name: '1280', size: DESKTOP },
};

/** Walks every screen at one viewport, on this file's own server (call at the top of a test file). */
export function a11yWalk(vp: { name: string; size: { width: number; height: number } }): void {
  const suite = e2eSuite();
  /** Values for route parameters, read from the demo data through the API. */
  const params: Record<string, Record<string, string>> = {};

  async function apiToken(user: DemoUser): Promise<string> {
    const res = await fetch(`${suite.server.url}/api/auth/login-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function apiGet<T>(token: string, path: string): Promise<T> {
    const res = await fetch(`${suite.server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  }

  beforeAll(async () => {
    for (const v of VISITORS) {
      const token = await apiToken(v.user);
      const orders = await apiGet<{ items: Array<{ id: number }> }>(token, '/outbound-orders/?page=1&page_size=1');
      params[v.key] = { orderId: String(orders.items[0]?.id ?? 1) };
    }
    const adminToken = await apiToken(DEMO.admin);
    const products = await apiGet<{ items: Array<{ id: number }> }>(adminToken, '/products/?page=1&page_size=1');
    for (const v of VISITORS) params[v.key].productId = String(products.items[0]?.id ?? 1);
    // Returns: the demo has one per customer (server/db/seed-returns.ts); each visitor opens one it may see.
    for (const v of VISITORS) {
      const returns = await apiGet<Array<{ id: number }>>(await apiToken(v.user), '/returns?limit=1');
      params[v.key].returnId = String(returns[0]?.id ?? 1);
    }
    // Stocktakes: the demo's one counting over rack C (server/db/seed-stocktake.ts), one place counted.
    const [stocktake] = await apiGet<Array<{ id: number }>>(adminToken, '/stocktakes');
    for (const v of VISITORS) params[v.key].stocktakeId = String(stocktake.id);
    // Invoices: the demo's final one of Müller Naturkost (server/db/seed-billing.ts); the detail is the admin's.
    const [invoice] = await apiGet<Array<{ id: number }>>(adminToken, '/invoices');
    for (const v of VISITORS) params[v.key].invoiceId = String(invoice.id);
  });

  function concrete(path: string, visitor: string): string {
    return path.replace(/\$(\w+)/g, (_, name: string) => {
      const value = params[visitor]?.[name];
      if (!value) throw new Error(`No value for route parameter ${name} in ${path}`);
      return value;
    });
  }

  /** Waits until the screen has its data: no request in flight and no loading indicator left. */
  async function settle(page: Page): Promise<void> {
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => ![...document.querySelectorAll('[role="status"]')].some((e) => e.textContent?.includes('Lädt')), undefined, {
      timeout: 15_000,
    });
  }

  function describeFinding(v: Result): string {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `      ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
      .join('\n');
    const more = v.nodes.length > 5 ? `\n      … und ${v.nodes.length - 5} weitere` : '';
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
  }

  async function audit(page: Page): Promise<Result[]> {
    // Evaluated through the DevTools protocol: the product's CSP (script-src 'self') stays on, as users get it.
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const results = await page.evaluate(
      async () =>
        (await (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
          resultTypes: ['violations'],
        })) as AxeResults,
    );
    return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  }

  for (const visitor of VISITORS) {
    describe(`${visitor.key} at ${vp.name} px`, () => {
      let ctx: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        ctx = await suite.context(vp.size);
        page = await ctx.newPage();
        await loginByPassword(page, visitor.user);
      });
      afterAll(async () => ctx?.close());

      if (visitor.key === 'admin') {
        it('warns the admin that the demo logins are public', async () => {
          const banner = page.getByTestId('demo-logins-banner');
          await banner.waitFor();
          await expectTextContains(banner, 'Die Demo-Zugänge sind öffentlich bekannt', 'leitung@lagerwerk.de');
          await screenshot(page, `demo-logins-banner-${vp.name}`);
        });
      }

      for (const route of appRoutes.filter((r) => visitor.levels.includes(r.access))) {
        it(`${route.path} has no serious or critical axe finding`, async () => {
          const path = concrete(route.path, visitor.key);
          await page.goto(path);
          await settle(page);
          expect(new URL(page.url()).pathname, 'the screen opened instead of redirecting').toBe(path);
          const findings = await audit(page);
          if (findings.length > 0) console.log(`axe: ${path} (${visitor.key}, ${vp.name} px)\n${findings.map(describeFinding).join('\n')}`);
          expect(findings.map((f) => `${f.id} (${f.nodes.length}×)`)).toEqual([]);
        });
      }
    });
  }
}
