import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, DEMO, launchBrowser, loginByPassword, newContext, PHONE } from '../e2e/helpers/browser';
import { freePort, startServer } from '../e2e/helpers/server';
import { recordGoal } from './summary';

/** JavaScript before the first screen, gzipped (docs/performance.md). */
const JS_GOAL_KB = 70;

/**
 * The PWA's loading figures (docs/performance.md), printed, never asserted:
 * 1. the JavaScript /login requests before its first screen (gzip -9 of each
 *    script's body, summed) and its render-blocking requests (Chromium's
 *    renderBlockingStatus), goal ≤ 80 KB and one CSS file;
 * 2. Lighthouse mobile (simulated 4× CPU, slow 4G) on /login and on / after
 *    login, LH_RUNS times each (default 3): ranges of performance, LCP, TBT, CLS.
 * Needs the built PWA (npx vite build). Lighthouse drives Debian's Chromium.
 */

const RUNS = Number(process.env.LH_RUNS ?? 3);
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });

export async function loginPageWeight(baseUrl: string): Promise<{ scripts: number; urls: string[]; gzipBytes: number; rawBytes: number; blocking: string[] }> {
  const browser = await launchBrowser();
  try {
    const ctx = await newContext(browser, baseUrl, PHONE);
    const page = await ctx.newPage();
    const bodies: Promise<Buffer>[] = [];
    const urls: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      urls.push(r.url());
      bodies.push(r.body());
    });
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(bodies);
    const blocking = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as (PerformanceResourceTiming & { renderBlockingStatus?: string })[])
        .filter((e) => e.renderBlockingStatus === 'blocking')
        .map((e) => new URL(e.name).pathname),
    );
    await ctx.close();
    return {
      scripts: all.length,
      urls,
      gzipBytes: all.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0),
      rawBytes: all.reduce((s, b) => s + b.length, 0),
      blocking,
    };
  } finally {
    await browser.close();
  }
}

interface LhFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The element Lighthouse took as the largest contentful paint (its selector), to tell what a slow LCP waited for. */
  lcpElement: string;
}

async function lighthouseRun(url: string, port: number): Promise<LhFigures | string> {
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      maxWaitForLoad: 60_000,
    });
    const lhr = result?.lhr;
    if (!lhr) return 'kein Ergebnis';
    if (lhr.runtimeError) return lhr.runtimeError.message;
    if (process.env.LH_JSON_DIR) {
      mkdirSync(process.env.LH_JSON_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W/g, '_')}-${Date.now()}`;
      writeFileSync(join(process.env.LH_JSON_DIR, `${name}.json`), JSON.stringify(lhr));
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(join(process.env.LH_JSON_DIR, `${name}.trace.json`), JSON.stringify(trace));
    }
    const a = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: (lhr.categories.performance.score ?? Number.NaN) * 100,
      lcp: a('largest-contentful-paint'),
      tbt: a('total-blocking-time'),
      cls: a('cumulative-layout-shift'),
      lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
    };
  } catch (e) {
    return (e as Error).message;
  }
}

/** The selector of the LCP element from the audit's details (a list whose first table names the node). */
function lcpElementOf(details: unknown): string {
  const found = JSON.stringify(details ?? null).match(/"selector":"([^"]*)"/);
  return found ? found[1] : '?';
}

const range = (xs: number[], fmt: (n: number) => string) => {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
};

function printRuns(label: string, runs: (LhFigures | string)[]): void {
  const ok = runs.filter((r): r is LhFigures => typeof r !== 'string');
  const failed = runs.filter((r): r is string => typeof r === 'string');
  if (ok.length > 0) {
    console.log(
      `  ${label.padEnd(18)} Performance ${range(
        ok.map((r) => r.score),
        (n) => f(n),
      )} (Ziel ≥ 95)   LCP ${range(
        ok.map((r) => r.lcp / 1000),
        (n) => f(n, 2),
      )} s (≤ 1,5)   TBT ${range(
        ok.map((r) => r.tbt),
        (n) => f(n),
      )} ms (≤ 100)   CLS ${range(
        ok.map((r) => r.cls),
        (n) => f(n, 3),
      )} (≤ 0,02)   [${ok.length} Läufe]`,
    );
  }
  const slow = ok.filter((r) => r.lcp > 1500).map((r) => r.lcpElement);
  if (slow.length > 0) console.log(`  ${''.padEnd(18)} LCP-Element der Läufe über 1,5 s: ${[...new Set(slow)].join(', ')}`);
  for (const msg of failed) console.log(`  ${label.padEnd(18)} Lauf ohne Ergebnis: ${msg.slice(0, 200)}`);
  if (ok.length > 0) {
    const worst = Math.min(...ok.map((r) => r.score));
    recordGoal({ what: `6 Lighthouse mobil ${label} (schlechtester von ${ok.length} Läufen)`, figure: worst, unit: '', target: 95, kind: 'min' });
  }
}

/** Lighthouse on /login (logged out) and on / (logged in, no service worker, cold HTTP cache), RUNS times each. */
export async function lighthouseFigures(baseUrl: string): Promise<void> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lagerwerk-lh-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...FLAGS, `--remote-debugging-port=${port}`],
    locale: 'de-DE',
    baseURL: baseUrl,
  });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const cdp = await ctx.newCDPSession(page);
    const fresh = async () => {
      // On a page of the origin without the app: the app left open by the last run would register
      // its service worker again after the cleanup, and it would serve the next run from its cache.
      await page.goto(`${baseUrl}/api/health`);
      await page.evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
        for (const k of await caches.keys()) await caches.delete(k);
      });
      await cdp.send('Network.clearBrowserCache');
    };
    const login: (LhFigures | string)[] = [];
    await page.goto(`${baseUrl}/login`);
    for (let i = 0; i < RUNS; i++) {
      await fresh();
      login.push(await lighthouseRun(`${baseUrl}/login`, port));
    }
    printRuns('/login', login);

    await loginByPassword(page, DEMO.worker);
    const home: (LhFigures | string)[] = [];
    for (let i = 0; i < RUNS; i++) {
      await fresh();
      home.push(await lighthouseRun(`${baseUrl}/`, port));
    }
    printRuns('/ (angemeldet)', home);
  } finally {
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function main(): Promise<void> {
  const staticDir = resolve(process.env.STATIC_DIR || 'dist');
  if (!existsSync(resolve(staticDir, 'index.html'))) {
    console.log(`  übersprungen: kein gebautes Frontend in ${staticDir} (zuerst npx vite build)`);
    return;
  }
  const server = await startServer();
  try {
    const w = await loginPageWeight(server.url);
    console.log(
      `  /login lädt ${w.scripts} Skripte: ${f(w.gzipBytes / 1024, 1)} KB JavaScript gzip (${f(w.rawBytes / 1024, 1)} KB roh)   (Ziel ≤ ${JS_GOAL_KB} KB)`,
    );
    recordGoal({
      what: '6 JavaScript vor dem ersten Bildschirm (/login, gzip)',
      figure: w.gzipBytes / 1024,
      unit: 'KB',
      target: JS_GOAL_KB,
      kind: 'max',
      digits: 1,
      beside: `${w.scripts} Skripte`,
    });
    // Scanner-only devices never load the camera's decoder (docs/architecture.md "Camera scanning").
    const decoder = /barcode-decoder-|zxing_reader-/;
    const manifest = [...readFileSync(resolve(staticDir, 'sw.js'), 'utf8').matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
    const precached = manifest.some((u) => decoder.test(u));
    console.log(
      `  Kamera-Decoder: in /login ${w.urls.some((u) => decoder.test(u)) ? 'GELADEN' : 'nicht geladen'}, im Precache ${precached ? 'JA' : 'nein'}   (Ziel: beides nein)`,
    );
    console.log(`  render-blockierende Anfragen: ${w.blocking.length} (${w.blocking.join(', ') || '–'})   (Ziel: nur eine CSS-Datei)`);
    console.log(`  Lighthouse mobil (simuliert: 4× CPU, langsames 4G), ${RUNS} Läufe je Seite; Rechner parallel von anderen Prozessen belastet:`);
    await lighthouseFigures(server.url);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
