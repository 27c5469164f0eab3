import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { EntitySchema } from '../../shared/offline';
import { CustomerEntity } from '../../shared/schemas/customers';
import { LocationEntity } from '../../shared/schemas/locations';
import { ProductEntity } from '../../shared/schemas/products';
import { StockEntity } from '../../shared/schemas/stock';
import type { PatchGroup } from '../../sync/protocol';
import { workingSetSource } from '../../sync/server/registry';
import { CHROMIUM } from '../e2e/helpers/browser';
import type { PullFigures } from './device-pull-page';
import { CUSTOMERS, WORDS } from './scale-fill';
import { recordGoal } from './summary';

/**
 * A worker's first pull applied on the device (goal, docs/performance.md: ≤ 5 s, ≤ 20 MB in IndexedDB), alone:
 *   npx tsx tests/bench/device-pull.ts
 * Builds the working set of the scale bench's warehouse (tests/bench/scale-fill.ts: BENCH_SCALE_PRODUCTS
 * products, default 100,000, two stock rows each, 200 customers, 20,000 compartments) as the pull answer
 * the server sends a worker, and applies it in headless Chromium with the app's own code
 * (tests/bench/device-pull-page.ts: answer check + applyPull into the app's Dexie schema), on a profile
 * on disk. Prints the wire size (JSON, and gzip level 1 as the API sends it to a browser), JSON.parse,
 * check and apply times, and what navigator.storage.estimate() reports before/after, then the next pull of
 * 1,000 changed stock rows. The page's CPU is slowed BENCH_CPU_SLOWDOWN times (default 4, Lighthouse's
 * mobile profile) to stand in for a handheld. Figures only.
 */

const N = Number(process.env.BENCH_SCALE_PRODUCTS ?? 100_000);
/** The worker's customer list (BENCH_SCOPE_CUSTOMERS: the first n customers; default all, as an unrestricted worker). */
const SCOPE = Number(process.env.BENCH_SCOPE_CUSTOMERS ?? CUSTOMERS);
/** BENCH_WHOLE_CATALOGUE=1: products as before working-set schema 6 (every product), to compare. */
const WHOLE_CATALOGUE = process.env.BENCH_WHOLE_CATALOGUE === '1';
/** BENCH_AREA_RACKS: the worker's Arbeitsbereich holds the first n racks' places (default: all racks, an unrestricted worker). */
const AREA_RACKS = process.env.BENCH_AREA_RACKS ? Number(process.env.BENCH_AREA_RACKS) : Number.POSITIVE_INFINITY;
const ORIGIN = 'http://localhost:4999';
const CHANGES = 1000;
/** CPU slowdown of the page (BENCH_CPU_SLOWDOWN, default 4 as Lighthouse's mobile profile; 1 = none). */
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });
const mb = (bytes: number) => `${f(bytes / 1024 / 1024, 1)} MB`;
const pad = (i: number, w: number) => String(i).padStart(w, '0');

type Row = { id: number } & Record<string, unknown>;

/** Bytes of the files under a directory (the profile's IndexedDB after the browser closed). */
function du(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((sum, name) => {
    const p = join(dir, name);
    const st = statSync(p);
    return sum + (st.isDirectory() ? du(p) : st.size);
  }, 0);
}

/**
 * The rows a worker (staff, the first `scope` customers) pulls from the scale warehouse, shaped as the sources
 * select them: stock and customers in scope, the products with stock in scope (docs/sync.md "Entities"; the scale
 * warehouse has no open lines, waves or stocktakes), or every product with `wholeCatalogue`. With an Arbeitsbereich
 * of the first `areaRacks` racks only their places, the stock on them and its products, as the server narrows them.
 */
export function scaleWorkingSet(
  n: number,
  scope = CUSTOMERS,
  wholeCatalogue = false,
  areaRacks = Number.POSITIVE_INFINITY,
): Array<{ entity: string; rows: Row[] }> {
  const customers: Row[] = [];
  for (let i = 1; i <= scope; i++) customers.push({ id: i, customer_number: `K-${i}`, company_name: `Kunde ${pad(i, 3)} GmbH`, is_active: true });
  const racks = Math.max(1, Math.round(n / 2000));
  const locations: Row[] = [];
  let lid = racks * 5;
  for (let r = 1; r <= racks; r++)
    for (let l = 1; l <= 4; l++)
      for (let c = 1; c <= 100; c++) {
        const barcode = `R${pad(r, 3)}-${pad(l, 2)}-${pad(c, 3)}`;
        locations.push({ id: ++lid, barcode, path: barcode, is_active: true });
      }
  // The first racks' places come first (400 per rack): the area is a prefix of the list.
  const inArea = new Set(locations.slice(0, Math.min(racks, areaRacks) * 400).map((l) => l.id));
  const products: Row[] = [];
  const stock: Row[] = [];
  for (let i = 1; i <= n; i++) {
    const customerId = (i % CUSTOMERS) + 1;
    if (customerId > scope && !wholeCatalogue) continue;
    const held = [0, 1].map((h) => locations[(i * 7 + h * Math.floor(locations.length / 2)) % locations.length]).filter((l) => inArea.has(l.id));
    if (held.length === 0 && !wholeCatalogue) continue;
    products.push({
      id: i,
      ean: `29${pad(i, 11)}`,
      title: `Artikel ${pad(i, 6)} ${WORDS[Math.floor(i / CUSTOMERS) % 10]}`,
      image_url: null,
      base_unit: 'piece',
      units_per_box: i % 3 === 0 ? 12 : null,
      boxes_per_pallet: i % 6 === 0 ? 40 : null,
    });
    for (const loc of customerId <= scope ? held : []) {
      stock.push({
        id: 0,
        product_id: i,
        customer_id: customerId,
        location_id: loc.id,
        batch_number: '',
        expiry_date: null,
        quantity: 5,
        reserved_quantity: 0,
      });
    }
  }
  stock.sort((a, b) => (a.location_id as number) - (b.location_id as number) || (a.product_id as number) - (b.product_id as number));
  stock.forEach((s, k) => {
    s.id = k + 1;
  });
  return [
    { entity: 'product', rows: products },
    { entity: 'location', rows: locations.filter((l) => inArea.has(l.id)) },
    { entity: 'stock', rows: stock },
    { entity: 'customer', rows: customers },
  ];
}

const ENTITIES = [ProductEntity, LocationEntity, StockEntity, CustomerEntity];

/** The answer of a first pull (reset), encoded by the server's own source binding (sync/server/registry.ts). */
async function answer(set: ReturnType<typeof scaleWorkingSet>, reset = true): Promise<string> {
  const patch: PatchGroup[] = [];
  for (const { entity, rows } of set) {
    const e = ENTITIES.find((x) => x.name === entity);
    if (!e) throw new Error(`unknown entity ${entity}`);
    const source = workingSetSource<unknown, null, EntitySchema>(e, async () => rows);
    for (const g of await source.load(null as never, null, null)) patch.push(g);
  }
  return JSON.stringify({ cookie: reset ? 1024 : 2048, lastMutationId: 0, ...(reset ? { reset } : {}), patch });
}

export async function main(): Promise<void> {
  const set = scaleWorkingSet(N, SCOPE, WHOLE_CATALOGUE, AREA_RACKS);
  const json = await answer(set);
  // The next pull after 1,000 bookings: 1,000 stock rows spread over the warehouse, new quantities.
  const stock = set.find((s) => s.entity === 'stock')?.rows ?? [];
  const changed = Array.from({ length: Math.min(CHANGES, stock.length) }, (_, i) => ({ ...stock[(i * 7919) % stock.length], quantity: 6 + (i % 5) }));
  const deltaJson = await answer([{ entity: 'stock', rows: changed }], false);
  const bytes = Buffer.byteLength(json);
  const gz = gzipSync(json, { level: 1 }).length; // as the API sends it (@fastify/compress in server/app.ts)
  const page = await build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'device-pull-page.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const script = page.outputFiles[0].text;
  const profile = mkdtempSync(join(tmpdir(), 'lw-device-pull-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let grown = 0;
  try {
    await ctx.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/pull.json') return route.fulfill({ contentType: 'application/json', body: json });
      if (path === '/delta.json') return route.fulfill({ contentType: 'application/json', body: deltaJson });
      if (path === '/page.js') return route.fulfill({ contentType: 'text/javascript', body: script });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><script type="module" src="/page.js"></script>' });
    });
    const tab = await ctx.newPage();
    // A handheld's CPU: Chromium's throttling as Lighthouse's mobile profile does (IndexedDB's own work is not slowed).
    if (SLOWDOWN > 1) await (await ctx.newCDPSession(tab)).send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await tab.goto(`${ORIGIN}/`);
    await tab.waitForFunction(() => 'benchPull' in window);
    const r = await tab.evaluate(
      ([url, deltaUrl]) => (window as unknown as { benchPull: (u: string, d: string) => Promise<PullFigures> }).benchPull(url, deltaUrl),
      [`${ORIGIN}/pull.json`, `${ORIGIN}/delta.json`],
    );
    grown = r.usageAfter - r.usageBefore;
    const total = r.parseMs + r.checkMs + r.applyMs;
    console.log(
      `  Arbeitsmenge: ${Object.entries(r.rows)
        .map(([e, c]) => `${e} ${f(c)}`)
        .join(
          ', ',
        )} (${f(N)} Produkte wie tests/bench/scale-fill.ts, Mitarbeiter mit ${f(SCOPE)} von ${f(CUSTOMERS)} Kunden${Number.isFinite(AREA_RACKS) ? `, Arbeitsbereich ${f(AREA_RACKS)} Regale` : ''}${WHOLE_CATALOGUE ? ', ganzer Katalog wie vor Schema 6' : ''}; CPU ${SLOWDOWN}× verlangsamt wie ein Handgerät)`,
    );
    console.log(`  Antwort ${mb(bytes)} JSON, von der API gzip-komprimiert gesendet: ${mb(gz)} (Stufe 1, @fastify/compress in server/app.ts)`);
    recordGoal({
      what: `5b erster Pull auf dem Gerät anwenden (${f(N)} Produkte, CPU ${SLOWDOWN}× langsamer)`,
      figure: total,
      unit: 'ms',
      target: 5000,
      kind: 'max',
      beside: `Antwort ${mb(bytes)}`,
    });
    console.log(
      `  Anwenden auf dem Gerät ${f(total)} ms (JSON.parse ${f(r.parseMs)} ms, Prüfung ${f(r.checkMs)} ms, IndexedDB ${f(r.applyMs)} ms; Ziel ≤ 5.000 ms ${total <= 5000 ? 'erfüllt' : 'VERFEHLT'})`,
    );
    console.log(
      `  Nächster Abgleich mit ${f(CHANGES)} geänderten Bestandszeilen auf dem Gerät: ${f(r.deltaMs)} ms (Antwort ${f(Buffer.byteLength(deltaJson) / 1024)} KB; IndexedDB danach ${mb(r.usageAfterDelta - r.usageBefore)})`,
    );
    recordGoal({ what: '5b IndexedDB nach dem ersten Pull', figure: grown / 1024 / 1024, unit: 'MB', target: 20, kind: 'max', digits: 1 });
    console.log(
      `  IndexedDB belegt ${mb(grown)} (storage.estimate: ${mb(r.usageBefore)} → ${mb(r.usageAfter)}${r.indexedDbAfter === null ? '' : `, davon IndexedDB ${mb(r.indexedDbAfter)}`}; Ziel ≤ 20 MB ${grown <= 20 * 1024 * 1024 ? 'erfüllt' : 'VERFEHLT'})`,
    );
  } finally {
    await ctx.close();
    // LevelDB compacts its log when it closes: what stays on disk differs from the live estimate.
    if (grown > 0) console.log(`  IndexedDB auf der Platte nach dem Schließen des Browsers: ${mb(du(join(profile, 'Default', 'IndexedDB')))}`);
    rmSync(profile, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
