import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectCount, expectText, expectTextContains, expectValue, PHONE, poll, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/** The status logs screen (admin): entries written by real wave creation, filters, reset, tabs, event data. */

const suite = e2eSuite();
let waves: Array<{ id: number; wave_number: string }> = [];

/** As the manager: two waves of one order each (each writes 'wave_created'), the second deleted again. */
async function createWaves(page: Page) {
  return page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const avail = await (await fetch('/api/picking-waves/available-orders', { headers })).json();
    const made: Array<{ id: number; wave_number: string }> = [];
    for (const o of avail.orders.slice(0, 2)) {
      const res = await fetch(`/api/picking-waves/?order_ids=${o.id}`, { method: 'POST', headers });
      made.push(await res.json());
    }
    await fetch(`/api/picking-waves/${made[1].id}`, { method: 'DELETE', headers });
    return made.map((w) => ({ id: w.id, wave_number: w.wave_number }));
  });
}

const entries = (page: Page) => page.getByTestId('status-log-tab-picking').getByTestId('status-log-entry');
const count = (page: Page, tab: string) => page.getByTestId(`status-log-tab-${tab}`).getByTestId('status-log-count');

describe('/status-logs (admin)', () => {
  it('shows the picking log, filters and resets, switches to packing, expands event data', async () => {
    const manager = await suite.loggedIn(DEMO.manager);
    waves = await createWaves(manager);
    expect(waves).toHaveLength(2);
    await manager.context().close();

    const page = await suite.loggedIn(DEMO.admin);
    // Reached through the admin menu like the other admin screens.
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('button', { name: 'Administration' }).hover();
    await page.getByRole('menuitem', { name: 'Statusprotokolle' }).click();
    await page.waitForURL('**/status-logs');
    await page.getByRole('heading', { name: 'Statusprotokolle' }).waitFor();
    await entries(page).first().waitFor();
    await expectText(count(page, 'picking'), /^\d+ Einträge$/);
    const total = Number.parseInt((await count(page, 'picking').textContent()) ?? '', 10);
    expect(total).toBeGreaterThanOrEqual(2);
    await expectCount(entries(page), total);
    // Newest first: the second wave's creation is on top.
    await expectTextContains(entries(page).first(), waves[1].wave_number, 'Welle erstellt', DEMO.manager.name);
    await screenshot(page, 'status-logs-desktop');

    // Filter by the first wave's id: one entry.
    await page.getByTestId('filter-wave_id').fill(String(waves[0].id));
    await page.getByTestId('filter-apply').click();
    await expectCount(entries(page), 1);
    await expectText(count(page, 'picking'), '1 Eintrag');
    await expectTextContains(entries(page).first(), waves[0].wave_number);

    // Event data opens on demand.
    await expectCount(page.getByTestId('event-data'), 0);
    await page.getByTestId('event-data-toggle').first().click();
    await expectTextContains(page.getByTestId('event-data').first(), '"creation_method": "manual"');
    await screenshot(page, 'status-logs-filtered-desktop');

    // A filter without matches: the empty state.
    await page.getByTestId('filter-event_type').selectOption('pick_discrepancy');
    await page.getByTestId('filter-apply').click();
    await page.getByTestId('status-log-tab-picking').getByText('Keine Protokolleinträge gefunden').waitFor();
    await expectText(count(page, 'picking'), '0 Einträge');

    // Reset clears the fields and shows everything again.
    await page.getByTestId('filter-reset').click();
    await expectCount(entries(page), total);
    await expectValue(page.getByTestId('filter-wave_id'), '');

    // Packing tab: the demo week's parcels (server/db/seed-events.ts), today's freight order waiting for an offer (seed-freight.ts) and the demo returns (seed-returns.ts), newest first.
    await page.getByRole('tab', { name: 'Packen' }).click();
    const packing = page.getByTestId('status-log-tab-packing').getByTestId('status-log-entry');
    await packing.first().waitFor();
    await expectText(count(page, 'packing'), '50 Einträge');
    await expectText(
      packing.first(),
      /Auftrag gepackt|Label erstellt|Auftrag versendet|Artikel-Abweichung|Speditionsangebot angefragt|Retoure (angekündigt|eingegangen)/,
    );
    await expectCount(packing.filter({ hasText: 'Speditionsangebot angefragt' }), 1);
    await page.getByRole('tab', { name: 'Kommissionierung' }).click();
    await entries(page).first().waitFor();
    await page.context().close();
  });

  it('fits a phone (360 px)', async () => {
    const page = await suite.loggedIn(DEMO.admin, PHONE);
    await page.goto('/status-logs');
    await entries(page).first().waitFor();
    await page.getByTestId('event-data-toggle').first().click();
    // The sticky header would be drawn mid-page in a full-page shot taken while scrolled.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'status-logs-phone');
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('is not offered to a worker', async () => {
    const page = await suite.loggedIn(DEMO.worker);
    const res = await page.evaluate(
      async () => (await fetch('/api/status-logs/picking', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } })).status,
    );
    expect(res).toBe(403);
    await page.context().close();
  });
});
