import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { withCheckDigit } from '../../shared/domain/ean';
import { STOCKTAKE_DEMO } from '../../server/db/seed-stocktake';
import { DEMO, type DemoUser, launchBrowser, loginByPassword, newContext, PHONE } from '../e2e/helpers/browser';
import { startServer } from '../e2e/helpers/server';
import { startCpuProfile } from './cpu-profile';
import { recordGoal } from './summary';

/**
 * Pick scan → feedback on the handheld, offline: single-order
 * picking in Chromium at 360×740 of one order with 240 stops (6 loose
 * products × 40 places, 1 piece each), the network cut after the wave is
 * begun. Per pick a simulated scanner reads the EAN, then the place, which
 * books the pick (picking.pick into the outbox). Measured inside the page
 * (performance.now()): from the place scan's Enter to the success message
 * ('… kommissioniert') and to the next stop on screen. Figures only.
 * Needs the built PWA (npx vite build; STATIC_DIR may point elsewhere).
 * BENCH_PROFILE=<file>: Chromium's CPU profile of the measured picks (cpu-profile.ts).
 */

const PICKS = Number(process.env.BENCH_PICKS ?? 200);
const WARMUP = 5;
const demoEan = (i: number) => withCheckDigit(`400638${String(133300 + i).padStart(6, '0')}`);
/** Demo products without a VE (no confirmation dialog): Yogamatte, Kurzhantel, Springseil, Backpapier, Frischhaltedosen, Küchenwaage. */
const PRODUCTS = [12, 13, 14, 22, 23, 25];
/**
 * The compartments of the demo layout (racks A, B: 3 × 4, C: 2 × 5, K: 2 × 3) but those the demo
 * stocktake freezes (no booking there until it is closed).
 */
const PLACES = [
  ...[1, 2, 3].flatMap((l) => [1, 2, 3, 4].flatMap((c) => [`A-0${l}-0${c}`, `B-0${l}-0${c}`])),
  ...[1, 2].flatMap((l) => [1, 2, 3, 4, 5].map((c) => `C-0${l}-0${c}`)),
  ...[1, 2].flatMap((l) => [1, 2, 3].map((c) => `K-0${l}-0${c}`)),
].filter((p) => !(STOCKTAKE_DEMO.places as readonly string[]).includes(p));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const f = (n: number) => n.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

interface Probe {
  enter: number | null;
  message: number | null;
  moved: number | null;
  stop: string | null;
}

function apiOf(baseUrl: string) {
  const tokens = new Map<string, string>();
  return async <T>(user: DemoUser, method: string, path: string, body?: unknown): Promise<T> => {
    let tok = tokens.get(user.email);
    if (!tok) {
      const login = await fetch(`${baseUrl}/api/auth/login-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      tok = ((await login.json()) as { access_token: string }).access_token;
      tokens.set(user.email, tok);
    }
    const headers: Record<string, string> = { Authorization: `Bearer ${tok}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** Stock (1 piece per product and place), one order over all of it, a wave started on a DISP- pallet. */
async function setupWave(api: ReturnType<typeof apiOf>): Promise<number> {
  const customers = await api<Array<{ id: number; customer_number: string }>>(DEMO.admin, 'GET', '/customers/');
  const customerId = customers.find((c) => c.customer_number === 'K-10001')?.id;
  if (!customerId) throw new Error('Demo customer K-10001 missing');
  const productIds: number[] = [];
  for (const p of PRODUCTS) {
    let id = 0;
    for (const place of PLACES) {
      const r = await api<{ product_id: number }>(DEMO.worker, 'POST', '/inbound', {
        ean: demoEan(p),
        quantity: 1,
        location_barcode: place,
        customer_id: customerId,
      });
      id = r.product_id;
    }
    productIds.push(id);
  }
  const order = await api<{ id: number }>(DEMO.manager, 'POST', '/outbound-orders/', {
    customer_id: customerId,
    delivery_name: 'Benchmark Kommissionierung',
    delivery_address: 'Hauptstraße 5',
    delivery_city: 'Bielefeld',
    delivery_postal_code: '33602',
    delivery_country: 'DE',
    items: productIds.map((id) => ({ product_id: id, quantity: PLACES.length, unit: 'piece' })),
  });
  const disps = await api<Array<{ barcode: string; status: string }>>(DEMO.admin, 'GET', '/disposable-pallets/?limit=50');
  const disp = disps.find((d) => d.status === 'available')?.barcode;
  if (!disp) throw new Error('No available DISP- barcode');
  const wave = await api<{ id: number }>(DEMO.manager, 'POST', `/picking-waves/?order_ids=${order.id}&creation_method=manual`);
  await api(DEMO.manager, 'POST', `/picking-waves/${wave.id}/start?pallet_barcode=${disp}`);
  return wave.id;
}

async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __probe: Probe; __seen: WeakSet<Element> };
    w.__seen = new WeakSet();
    for (const t of document.querySelectorAll('[data-toast]')) w.__seen.add(t);
    w.__probe = { enter: null, message: null, moved: null, stop: null };
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter' && w.__probe.enter === null) w.__probe.enter = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      const p = w.__probe;
      if (p.enter === null) return;
      const now = performance.now();
      if (p.message === null) {
        for (const t of document.querySelectorAll('[data-toast]')) {
          if (w.__seen.has(t)) continue;
          w.__seen.add(t);
          if (t.textContent?.includes('kommissioniert')) p.message = now;
          else (window as unknown as { __other?: string[] }).__other = [...((window as unknown as { __other?: string[] }).__other ?? []), t.textContent ?? ''];
        }
      }
      if (p.moved === null) {
        const el = document.querySelector('[data-testid="single-picking"]');
        if (document.querySelector('[data-testid="picking-all-done"]') || (el && el.getAttribute('data-stop') !== p.stop)) p.moved = now;
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stop', 'data-toast'] });
  });
}

export async function main(): Promise<void> {
  const staticDir = resolve(process.env.STATIC_DIR || 'dist');
  if (!existsSync(resolve(staticDir, 'index.html'))) {
    console.log(`  übersprungen: kein gebautes Frontend in ${staticDir} (zuerst npx vite build)`);
    return;
  }
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const waveId = await setupWave(apiOf(server.url));
    const ctx = await newContext(browser, server.url, PHONE);
    const page = await ctx.newPage();
    await loginByPassword(page, DEMO.worker);
    await page.goto(`/warehouse/picking?wave_id=${waveId}`);
    await page.getByTestId('single-picking').waitFor({ timeout: 60_000 });
    await ctx.setOffline(true);
    await installProbe(page);
    const toMessage: number[] = [];
    const toNext: number[] = [];
    const sp = page.getByTestId('single-picking');
    let profiler = null as Awaited<ReturnType<typeof startCpuProfile>>;
    for (let i = -WARMUP; i < PICKS; i++) {
      if (i === 0) profiler = await startCpuProfile(page, process.env.BENCH_PROFILE);
      const [ean, place, stop] = await Promise.all([sp.getAttribute('data-ean'), sp.getAttribute('data-location'), sp.getAttribute('data-stop')]);
      if (!ean || !place) throw new Error(`Pick ${i + WARMUP + 1}: kein offener Halt mehr`);
      await page.keyboard.type(ean, { delay: 5 });
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="single-picking"][data-step="location"]').waitFor({ timeout: 10_000 });
      await page.evaluate((s) => {
        (window as unknown as { __probe: Probe }).__probe = { enter: null, message: null, moved: null, stop: s };
      }, stop);
      await page.keyboard.type(place, { delay: 5 });
      await page.keyboard.press('Enter');
      const p = (await (
        await page
          .waitForFunction(
            () => {
              const pr = (window as unknown as { __probe: Probe }).__probe;
              return pr.enter !== null && pr.message !== null && pr.moved !== null ? pr : null;
            },
            undefined,
            { timeout: 10_000 },
          )
          .catch(async (e) => {
            const state = await page.evaluate(() => ({
              probe: (window as unknown as { __probe: Probe }).__probe,
              other: (window as unknown as { __other?: string[] }).__other,
              toasts: [...document.querySelectorAll('[data-toast]')].map((x) => `${x.getAttribute('data-toast')}: ${x.textContent}`),
              stop: document.querySelector('[data-testid="single-picking"]')?.getAttribute('data-stop'),
              step: document.querySelector('[data-testid="single-picking"]')?.getAttribute('data-step'),
              active: `${document.activeElement?.tagName} ${document.activeElement?.getAttribute('data-testid')}`,
              value: (document.querySelector('[data-testid="picking-scan"]') as HTMLInputElement | null)?.value,
            }));
            throw new Error(`Pick ${i + WARMUP + 1} (${place}) ohne Rückmeldung: ${JSON.stringify(state)} (${(e as Error).message})`);
          })
      ).jsonValue()) as Probe;
      if (i >= 0 && p.enter !== null && p.message !== null && p.moved !== null) {
        toMessage.push(p.message - p.enter);
        toNext.push(p.moved - p.enter);
      }
    }
    await profiler?.stop();
    const pending = await page.getByTestId('sync-pending').getAttribute('data-count');
    for (const a of [toMessage, toNext]) a.sort((x, y) => x - y);
    console.log(`  ${toMessage.length} Picks offline (Chromium, 360×740, Einzelkommissionierung), ${pending} in der Outbox`);
    console.log(`  Enter des Lagerort-Scans → 'kommissioniert':   p50 ${f(pct(toMessage, 50))} ms   p95 ${f(pct(toMessage, 95))} ms   (Ziel p95 ≤ 50 ms)`);
    recordGoal({
      what: '3b Pick-Scan → Rückmeldung offline, p95',
      figure: pct(toMessage, 95),
      unit: 'ms',
      target: 50,
      kind: 'max',
      digits: 1,
      beside: `${toMessage.length} Picks`,
    });
    console.log(`  Enter des Lagerort-Scans → nächster Halt:       p50 ${f(pct(toNext, 50))} ms   p95 ${f(pct(toNext, 95))} ms`);
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
