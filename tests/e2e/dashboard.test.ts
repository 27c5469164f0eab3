import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { warehouseDayHour } from '../../shared/domain/warehouse-time';
import { DEMO, DESKTOP, expectAttr, expectCount, expectText, expectValue, loginByPassword, PHONE, poll, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * The staff dashboard's widgets on the demo week (server/db/seed-events.ts):
 * alerts with links to their cause, Pick & Pack charts per range (Chart.js,
 * loaded lazily), Recent Activity; customers get none of them.
 */
const suite = e2eSuite();

/** Waits until the chart has been drawn with `points` labels, then counts its painted pixels. */
async function drawnChart(page: Page, testId: string, points: number): Promise<number> {
  const canvas = page.getByTestId(testId);
  await expectAttr(canvas, 'data-points', String(points));
  await expectAttr(canvas, 'data-drawn', 'true');
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
    return painted;
  });
}

const kpi = async (page: Page, id: string) => Number((await page.getByTestId(id).textContent())?.replace(/\./g, '') ?? 'NaN');

describe('staff dashboard', () => {
  it('shows alerts, analytics charts per range and recent activity to an admin (1280 px)', async () => {
    const page = await suite.loggedIn(DEMO.admin);
    // The part-1 tiles stay.
    await page.getByTestId('tile-/inbound').waitFor();
    // The returns tile counts the demo's one return announced and not received yet (Müller's, seed-returns.ts).
    await expectAttr(page.getByTestId('tile-/returns').getByTestId('tile-count'), 'data-count', '1');

    // Alerts: the demo's wave-planning order with an undimensioned product is always an alert.
    const alerts = page.getByTestId('alerts-widget');
    await alerts.getByTestId('alert-product_incomplete').waitFor();
    await expectText(alerts.getByTestId('alerts-total'), /^[1-9][\d.]* Warnung/);
    await expectAttr(alerts.getByTestId('alert-link-product_incomplete'), 'href', '/products');

    // Today: one point per hour so far (Berlin); the charts are drawn even on a quiet morning.
    const { hour } = warehouseDayHour(new Date());
    await expectAttr(page.getByTestId('analytics-kpis'), 'data-range', 'today');
    expect(await drawnChart(page, 'chart-throughput', hour + 1)).toBeGreaterThan(500);
    expect(await drawnChart(page, 'chart-rates', hour + 1)).toBeGreaterThan(500);

    // 7 days: the demo week's throughput; the range button is pressed.
    await page.getByTestId('range-7d').click();
    await expectAttr(page.getByTestId('analytics-kpis'), 'data-range', '7d');
    await expectAttr(page.getByTestId('range-7d'), 'aria-pressed', 'true');
    expect(await drawnChart(page, 'chart-throughput', 7)).toBeGreaterThan(2000);
    expect(await drawnChart(page, 'chart-rates', 7)).toBeGreaterThan(1000);
    await poll(() => kpi(page, 'kpi-picks')).toBeGreaterThan(20);
    const picks = await kpi(page, 'kpi-picks');
    await poll(() => kpi(page, 'kpi-units')).toBeGreaterThan(picks);
    await poll(() => kpi(page, 'kpi-packed')).toBeGreaterThan(20);
    // Every history wave completed; the demo wave waiting to be picked (created today) is still open.
    await expectText(page.getByTestId('kpi-completion'), /^9\d,\d %$/);
    await expectText(page.getByTestId('kpi-discrepancy'), /^\d+,\d %$/);

    // Recent Activity: the newest 8 entries of both logs, with the way to the full logs.
    const recent = page.getByTestId('recent-activity');
    await expectCount(recent.getByTestId('recent-entry'), 8);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dashboard-staff-1280');

    await page.getByTestId('range-30d').click();
    expect(await drawnChart(page, 'chart-throughput', 30)).toBeGreaterThan(2000);
    await page.getByTestId('range-today').click();
    await drawnChart(page, 'chart-throughput', hour + 1);
    await page.getByTestId('analytics-widget').screenshot({ path: 'tests/e2e/screenshots/dashboard-analytics-today-1280.png' });

    await recent.getByTestId('recent-all-logs').click();
    await page.waitForURL('**/status-logs');
    await page.getByRole('heading', { name: 'Statusprotokolle' }).waitFor();
    await page.context().close();
  });

  it("opens a discrepancy alert's cause: the status log of that event, filtered", async () => {
    const page = await suite.loggedIn(DEMO.admin);
    await page.getByTestId('alerts-total').waitFor();
    // Whichever discrepancy alerts the demo week has in the last 24 h link to their filtered log.
    for (const type of ['pick_discrepancy', 'item_discrepancy']) {
      const link = page.getByTestId(`alert-link-${type}`);
      if ((await link.count()) > 0) await expectAttr(link, 'href', `/status-logs?event_type=${type}`);
    }
    await page.goto('/status-logs?event_type=item_discrepancy');
    const packing = page.getByTestId('status-log-tab-packing');
    await packing.getByTestId('status-log-entry').first().waitFor();
    await expectValue(packing.getByTestId('filter-event_type'), 'item_discrepancy');
    const texts = () => packing.getByTestId('status-log-entry').allTextContents();
    await poll(async () => (await texts()).filter((t) => !t.includes('Artikel-Abweichung'))).toEqual([]);
    expect((await texts()).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('paints the dashboard before the charts chunk arrives (lazy Chart.js)', async () => {
    const ctx = await suite.context(DESKTOP);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await ctx.route('**/assets/AnalyticsCharts-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.manager);
    // Figures and the other widgets are there while the chart code is still on its way.
    await page.getByTestId('charts-loading').waitFor();
    await page.getByTestId('kpi-picks').waitFor();
    await page.getByTestId('recent-entry').first().waitFor();
    await expectCount(page.getByTestId('chart-throughput'), 0);
    release();
    await page.getByTestId('chart-throughput').waitFor();
    await expectAttr(page.getByTestId('chart-throughput'), 'data-drawn', 'true');
    await ctx.close();
  });

  it('refreshes Recent Activity every 30 s and the alerts every 60 s', async () => {
    const ctx = await suite.context(DESKTOP);
    // The page notes the (fake) time of each call as it is made, and how many are still on their way.
    await ctx.addInitScript(() => {
      const w = window as unknown as { __calls: Record<string, number[]>; __open: number };
      w.__calls = { recent: [], alerts: [] };
      w.__open = 0;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const kind = url.includes('/api/status-logs/recent') ? 'recent' : url.includes('/api/status-logs/alerts/summary') ? 'alerts' : '';
        if (!kind) return original(input, init);
        w.__calls[kind].push(Date.now());
        w.__open++;
        const res = original(input, init);
        // Open until the body is in: a refetch while the last one is still open would be merged into it.
        void res
          .then((r) => r.clone().arrayBuffer())
          .catch(() => undefined)
          .finally(() => w.__open--);
        return res;
      };
    });
    const page = await ctx.newPage();
    await page.clock.install();
    await loginByPassword(page, DEMO.worker);
    const calls = () => page.evaluate(() => (window as unknown as { __calls: Record<'recent' | 'alerts', number[]> }).__calls);
    await poll(async () => (await calls()).recent.length).toBe(1);
    await poll(async () => (await calls()).alerts.length).toBe(1);
    // Advance the page's clock by 75 s in 5 s steps; each repeated call counts at the end of its step.
    const t0 = await page.evaluate(() => Date.now());
    const open = () => page.evaluate(() => (window as unknown as { __open: number }).__open);
    for (let s = 5; s <= 75; s += 5) {
      await page.clock.runFor(5_000);
      // Real time for the calls this step made to come back (the clock only moves the page's timers).
      await poll(open).toBe(0);
    }
    await poll(async () => (await calls()).recent.length).toBe(3);
    await poll(async () => (await calls()).alerts.length).toBe(2);
    const made = await calls();
    const step = (t: number) => Math.max(5, Math.ceil((t - t0) / 5_000) * 5);
    const seen = { recent: made.recent.slice(1).map(step), alerts: made.alerts.slice(1).map(step) };
    // Timers start when the widgets mount, a moment after the clock was installed.
    expect(seen.recent).toHaveLength(2);
    expect(seen.recent[0]).toBeGreaterThanOrEqual(30);
    expect(seen.recent[0]).toBeLessThanOrEqual(40);
    expect(seen.recent[1] - seen.recent[0]).toBeGreaterThanOrEqual(30);
    expect(seen.recent[1] - seen.recent[0]).toBeLessThanOrEqual(35);
    expect(seen.alerts).toHaveLength(1);
    expect(seen.alerts[0]).toBeGreaterThanOrEqual(60);
    // A worker may not open the status logs: no link there, but the entries and the wave builder as a cause.
    await expectCount(page.getByTestId('recent-all-logs'), 0);
    await expectAttr(page.getByTestId('alert-link-product_incomplete'), 'href', '/warehouse/wave-builder');
    await ctx.close();
  });

  it('fits a phone (360 px)', async () => {
    const page = await suite.loggedIn(DEMO.manager, PHONE);
    await page.getByTestId('range-7d').click();
    await drawnChart(page, 'chart-throughput', 7);
    await drawnChart(page, 'chart-rates', 7);
    await page.getByTestId('recent-entry').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dashboard-staff-360');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('gives customers none of the widgets', async () => {
    const page = await suite.loggedIn(DEMO.customer1);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/status-logs/')) asked.push(r.url());
    });
    await page.reload();
    await page.getByTestId('tile-/my-stock').waitFor();
    for (const id of ['alerts-widget', 'analytics-widget', 'recent-activity']) await expectCount(page.getByTestId(id), 0);
    expect(asked).toEqual([]);
    await page.context().close();
  });
});
