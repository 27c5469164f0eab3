import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, poll, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/** The API docs page (Swagger UI) renders in a browser under the product's helmet CSP. */
const suite = e2eSuite();

describe('/api/docs', () => {
  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['360', PHONE],
  ] as const) {
    it(`shows the operations at ${name} px without a CSP violation`, async () => {
      const ctx = await suite.context(viewport);
      const page = await ctx.newPage();
      const refused: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      const doc = (await (await page.request.get('/api/openapi.json')).json()) as {
        paths: Record<string, Record<string, { tags?: string[] }>>;
      };
      const lastTag = Object.values(doc.paths)
        .flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? []))
        .at(-1);
      await page.goto('/api/docs/');
      await page.locator('.swagger-ui .info .title').filter({ hasText: 'Lagerwerk API' }).waitFor();
      // Over 100 operations Swagger UI draws only those in view: the filter box finds the tag,
      // and scrolling to the end of the page draws the last operation.
      await page.locator('.operation-filter-input').fill('outbound-orders');
      await page.locator('.opblock-summary-path', { hasText: '/api/outbound-orders/' }).first().waitFor();
      await page.locator('.operation-filter-input').fill('');
      await poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.locator('.opblock-tag', { hasText: lastTag }).count();
      }).toBeGreaterThan(0);
      await screenshot(page, `api-docs-${name}`);
      expect(refused).toEqual([]);
      await ctx.close();
    });
  }
});
