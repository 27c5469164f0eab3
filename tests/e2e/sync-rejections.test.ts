import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../shared/domain/ean';
import { DEMO, DESKTOP, expectAttr, expectCount, expectText, expectTextContains, loginByPassword, PHONE, poll, scan, screenshot } from './helpers/browser';
import { e2eSuite } from './helpers/suite';

/**
 * A refused offline booking of one device (a handheld, offline) shows
 * up for the shift lead at a desktop: the dashboard's alert links to /sync, which
 * lands on the section "Abgelehnte Buchungen aller Geräte" (cards at 360 px, table at 1280 px).
 */

/** The demo catalogue's EANs (server/db/seed.ts demoEan): product 1 has 36 at A-01-02. */
const EAN = withCheckDigit(`400638${String(133301).padStart(6, '0')}`);
const REFUSED = 'Bestand nicht ausreichend: Platz A-01-02 hat nur 0 Stück verfügbar';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical axe findings of the filled section (the a11y walk sees /sync with an empty list only). */
async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const r = await page.evaluate(
    async () =>
      (await (window as unknown as { axe: { run: (ctx: string, o: object) => Promise<AxeResults> } }).axe.run('#abgelehnt', {
        resultTypes: ['violations'],
      })) as AxeResults,
  );
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length}×)`);
}

const suite = e2eSuite();

describe('refused offline bookings of every device on /sync', () => {
  it("a handheld's refused booking reaches the shift lead's /sync section from the dashboard alert", async () => {
    // --- the handheld: takes 5 of the 36 at A-01-02 offline ---
    const handheld = await suite.context(PHONE);
    const device = await handheld.newPage();
    await loginByPassword(device, DEMO.worker);
    await device.goto('/outbound');
    await device.getByTestId('outbound-ean').waitFor();
    // the working set is pulled when the scan finds the place from Dexie
    await expect
      .poll(
        async () => {
          await scan(device, EAN);
          return device
            .getByTestId('outbound-place-A-01-02')
            .waitFor({ timeout: 2000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await handheld.setOffline(true);
    await device.getByTestId('outbound-qty').fill('5');
    await scan(device, 'A-01-02');
    await device.waitForFunction(() => document.querySelector('[data-testid="sync-pending"]')?.getAttribute('data-count') === '1');

    // --- meanwhile the shift lead at a desktop takes all 36 online ---
    const desk = await suite.context(DESKTOP);
    const lead = await desk.newPage();
    await loginByPassword(lead, DEMO.manager);
    const token = await lead.evaluate(() => localStorage.getItem('access_token'));
    const taken = await lead.request.post(`${suite.server.url}/api/outbound`, {
      data: { ean: EAN, quantity: 36, location_barcode: 'A-01-02' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(taken.status()).toBe(200);

    // --- the handheld back online: its booking is refused ---
    await handheld.setOffline(false);
    await device.getByTestId('sync-problems').waitFor({ timeout: 60_000 });

    // --- the shift lead: dashboard alert -> /sync#abgelehnt; at 360 px the section lies below the device's own queue ---
    await lead.goto('/');
    const alertLink = lead.getByTestId('alert-link-sync_rejected');
    await expectAttr(alertLink, 'href', '/sync#abgelehnt');
    await lead.setViewportSize(PHONE);
    await alertLink.click();
    await lead.getByTestId('sync-rejection-card').filter({ hasText: REFUSED }).waitFor();
    await poll(() => lead.evaluate(() => window.location.hash)).toBe('#abgelehnt');
    // scrolled to the section: its top at the top of the screen, or as far as the page goes
    const landing = () =>
      lead.evaluate(() => {
        const top = document.getElementById('abgelehnt')?.getBoundingClientRect().top ?? Number.NaN;
        const want = Math.min(window.scrollY + top, document.documentElement.scrollHeight - window.innerHeight);
        return { scrolled: window.scrollY > 0, off: Math.abs(window.scrollY - want) };
      });
    await poll(async () => (await landing()).scrolled).toBe(true);
    await poll(async () => (await landing()).off).toBeLessThan(20);
    // the lead's own device has nothing queued: that section stays as it was
    await expectText(lead.getByTestId('sync-screen-problems'), '0');
    // full-page shots from the top (a scrolled page paints the sticky top bar mid-page)
    await lead.evaluate(() => window.scrollTo(0, 0));
    await screenshot(lead, 'sync-rejections-360');
    expect(await axeFindings(lead)).toEqual([]);

    // --- at 1280 px a table: who, which device, what, the facts, the German reason ---
    await lead.setViewportSize(DESKTOP);
    const row = lead.getByTestId('sync-rejection-row').filter({ hasText: REFUSED });
    await row.waitFor();
    await expectTextContains(row, DEMO.worker.name, 'Auslagern', EAN, 'A-01-02', 'Menge:5');
    await expectCount(lead.getByTestId('sync-rejection-row'), 1);
    await screenshot(lead, 'sync-rejections-1280');
    expect(await axeFindings(lead)).toEqual([]);

    await desk.close();
    await handheld.close();
  });
});
