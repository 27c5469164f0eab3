import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { withCheckDigit } from '../../shared/domain/ean';
import { DEMO, launchBrowser, loginByPassword, newContext, PHONE, waitForServiceWorkerControl } from '../e2e/helpers/browser';
import { startServer } from '../e2e/helpers/server';
import { counting, createCountStocktake } from './device-count';
import { picking } from './device-picking';
import { fillProducts, installProbe, lookUpProducts, printFlow, readProbe, resetProbe, type Target } from './device-probe';

/**
 * Scan-to-feedback on the device, offline in Chromium (360×740), with
 * BENCH_PRODUCTS (default 100,000) extra products in IndexedDB: Einlagern
 * (EAN scan → product preview, shelf scan → booking), Auslagern (EAN scan
 * → places, shelf scan → booking) and goods receipt of a confirmed demo
 * announcement (EAN scan → the item's form), picking (tests/bench/device-picking.ts),
 * stocktake counting (tests/bench/device-count.ts: EAN scan → article, quantity → booking),
 * by simulated scanner (keystrokes + Enter).
 * Measured in the page (tests/bench/device-probe.ts) from the scan's last
 * keystroke (its Enter), and from its first, to the feedback in the DOM. Figures only.
 * Needs the built PWA (npx vite build; STATIC_DIR may point elsewhere).
 */

const SCANS = Number(process.env.BENCH_SCANS ?? 100);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const WARMUP = 5;
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);
/** Racks A and B of the demo layout (3 levels × 4 compartments): 24 places, so no shelf repeats within the 1 s duplicate window. */
const SHELVES = ['A', 'B'].flatMap((r) => [1, 2, 3].flatMap((l) => [1, 2, 3, 4].map((c) => `${r}-0${l}-0${c}`)));
/** Scan i books demo article i % 20 on shelf i % 24: each pair gets stock in Einlagern, which Auslagern then takes. */
const pair = (i: number) => ({ ean: demoEan(i % 20), shelf: SHELVES[i % SHELVES.length] });

interface Figures {
  fromEnter: number[];
  fromFirst: number[];
}
const f1 = (n: number) => n.toLocaleString('de-DE', { maximumFractionDigits: 1 });
const figures = (): Figures => ({ fromEnter: [], fromFirst: [] });

/** One scan: type, Enter, wait for the feedback element to change; counted when i >= 0. */
async function timedScan(page: Page, code: string, targets: Target[], into: Figures, counted: boolean, what: string) {
  await installProbe(page, targets);
  await resetProbe(page);
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  const r = await readProbe(page, what);
  if (counted) {
    into.fromEnter.push(r.fromEnter);
    into.fromFirst.push(r.fromFirst);
  }
}

async function inbound(page: Page): Promise<{ ean: Figures; shelf: Figures }> {
  const ean = figures();
  const shelf = figures();
  for (let i = -WARMUP; i < SCANS; i++) {
    const p = pair(i + WARMUP);
    await timedScan(page, p.ean, [{ selector: '[data-testid="product-preview"]', attribute: null }], ean, i >= 0, `Einlagern EAN-Scan ${i}`);
    await timedScan(page, p.shelf, [{ selector: '[data-testid="booking-result"]', attribute: 'data-entry' }], shelf, i >= 0, `Einlagern Regal-Scan ${i}`);
  }
  return { ean, shelf };
}

async function outbound(page: Page): Promise<{ ean: Figures; shelf: Figures }> {
  const ean = figures();
  const shelf = figures();
  for (let i = -WARMUP; i < SCANS; i++) {
    const p = pair(i + WARMUP);
    await page.getByTestId('outbound-ean').waitFor({ timeout: 10_000 });
    await timedScan(page, p.ean, [{ selector: '[data-testid="outbound-title"]', attribute: null }], ean, i >= 0, `Auslagern EAN-Scan ${i}`);
    await timedScan(page, p.shelf, [{ selector: '[data-testid="booking-result"]', attribute: 'data-entry' }], shelf, i >= 0, `Auslagern Regal-Scan ${i}`);
  }
  return { ean, shelf };
}

/** Goods receipt of a confirmed demo announcement: EAN scan → the item's form; "Zurück" between scans (nothing booked). */
async function receipt(page: Page): Promise<Figures> {
  const ean = figures();
  await page.goto('/notifications');
  await page.getByTestId('notification-receive').first().click();
  await page.getByTestId('receipt-flow').waitFor();
  const eans = await page.locator('[data-testid^="receipt-item-"]').evaluateAll((els) =>
    els
      .map((e) => e.getAttribute('data-testid') ?? '')
      .filter((id) => /^receipt-item-\d+$/.test(id))
      .map((id) => id.slice('receipt-item-'.length)),
  );
  if (eans.length === 0) throw new Error('Wareneingang: keine Positionen in der Avisierung');
  await page.waitForTimeout(1000);
  for (let i = -WARMUP; i < SCANS; i++) {
    await page.getByTestId('receipt-scan').focus();
    await timedScan(
      page,
      eans[(i + WARMUP) % eans.length],
      [{ selector: '[data-testid="receipt-item-title"]', attribute: null }],
      ean,
      i >= 0,
      `Wareneingang EAN-Scan ${i}`,
    );
    await page.getByRole('button', { name: 'Zurück' }).click();
    await page.getByTestId('receipt-flow').waitFor();
  }
  return ean;
}

export async function main(): Promise<void> {
  const staticDir = resolve(process.env.STATIC_DIR || 'dist');
  if (!existsSync(resolve(staticDir, 'index.html'))) {
    console.log(`  übersprungen: kein gebautes Frontend in ${staticDir} (zuerst npx vite build)`);
    return;
  }
  // fresh: outside vitest there is no e2e template to copy (tests/e2e/helpers/server.ts).
  const server = await startServer({}, { fresh: true });
  const browser = await launchBrowser();
  try {
    // Before the device's first pull, so the stocktake is in its working set.
    await createCountStocktake(server.url);
    const ctx = await newContext(browser, server.url, PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto('/inbound');
    await waitForServiceWorkerControl(page);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="inbound-customer"]') as HTMLSelectElement | null)?.options.length === 3,
      undefined,
      { timeout: 60_000 },
    );
    await ctx.setOffline(true);
    const fill = async (when: string) => {
      const t0 = Date.now();
      const rows = await fillProducts(page, PRODUCTS);
      console.log(
        `  ${when}: ${rows.toLocaleString('de-DE')} Produkte in IndexedDB (${PRODUCTS.toLocaleString('de-DE')} geschrieben in ${f1((Date.now() - t0) / 1000)} s)`,
      );
    };
    await fill('offline, Chromium 360×740');
    // The 20 demo articles Einlagern books: those without stock are not in a worker's working set; a scan online keeps them.
    await lookUpProducts(
      page,
      server.url,
      DEMO.worker,
      Array.from({ length: 20 }, (_, i) => demoEan(i)),
    );

    // Picking first: its orders are started online, and the other flows' offline bookings would take their stock.
    const pick = await picking(page, ctx, server.url, Number(process.env.BENCH_PICK_ORDERS ?? 10));
    printFlow(`Kommissionieren: EAN → Ort (${pick.orders} Auftr.)`, pick.ean.fromEnter, pick.ean.fromFirst);
    printFlow('Kommissionieren: Ort → nächster', pick.location.fromEnter, pick.location.fromFirst);
    console.log(`  Kommissionieren: ${pick.repeated} Scans ohne Antwort in 5 s, wiederholt (gezählt wird die Antwort auf die Wiederholung)`);
    // The pulls while picking was started online keep the generated rows; written again so every flow sees 100,000 for sure.
    await fill('wieder offline');

    await page.goto('/inbound');
    await page.getByTestId('inbound-customer').selectOption({ index: 1 });
    await page.waitForTimeout(1000);
    const inb = await inbound(page);
    printFlow('Einlagern: EAN → Vorschau', inb.ean.fromEnter, inb.ean.fromFirst);
    printFlow('Einlagern: Regal → Buchung', inb.shelf.fromEnter, inb.shelf.fromFirst);

    await page.goto('/outbound');
    await page.getByTestId('outbound-ean').waitFor();
    await page.waitForTimeout(1000);
    const out = await outbound(page);
    printFlow('Auslagern: EAN → Plätze', out.ean.fromEnter, out.ean.fromFirst);
    printFlow('Auslagern: Regal → Buchung', out.shelf.fromEnter, out.shelf.fromFirst);
    const rec = await receipt(page);
    printFlow('Wareneingang: EAN → Position', rec.fromEnter, rec.fromFirst);
    const count = await counting(page, SCANS, WARMUP);
    printFlow('Inventur zählen: EAN → Artikel', count.ean.fromEnter, count.ean.fromFirst);
    printFlow('Inventur zählen: Menge → Buchung', count.qty.fromEnter, count.qty.fromFirst);
    const pending = await page.getByTestId('sync-pending').getAttribute('data-count');
    console.log(`  ${pending} Buchungen in der Outbox`);
    await ctx.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
