import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { opsOf, type PullResponse, WORKING_SET_SCHEMA_VERSION } from '../../sync/protocol';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { createTestApp, type TestApp, testAppOn } from '../helpers/app';
import type { Req } from './scale-more';
import { auth, buildUser } from '../helpers/factories';
import { AREA_RACKS, CUSTOMERS, fillWarehouse, WORDS } from './scale-fill';
import { moreReads } from './scale-more';
import { recordGoal } from './summary';

/**
 * Scale bench (docs/performance.md; npm run bench section 5, or on its own):
 *   TEST_DB=pg TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/scale.ts
 * Fills a throw-away database by SQL (tests/bench/scale-fill.ts; BENCH_SCALE_PRODUCTS, default 100,000 =
 * 200 customers, 20,000 compartments, 200,000 stock rows, 1,000,000 movements, 20,000 orders) and prints
 * p50/p95 of every hot read beside its goal, through the real app in-process (app.inject: routing,
 * auth, validation, serialisation; no socket). Each read: BENCH_SCALE_SAMPLES (default 40) requests with
 * varied inputs after 3 warm-up requests. Prints figures, asserts nothing. BENCH_SCALE_PULL=0 stops
 * after the reads (no pulls).
 * For EXPLAIN experiments in psql (PostgreSQL only): BENCH_SCALE_KEEP=1 fills a database named
 * lw_scale_<time> and keeps it after the run (its name is printed; drop it yourself);
 * BENCH_SCALE_DB=<name> runs the reads on such a kept database again (migrated to the latest
 * migration, not filled again; use BENCH_SCALE_PULL=0, the pulls book changes into it).
 */

const N = Number(process.env.BENCH_SCALE_PRODUCTS ?? 100_000);
const SAMPLES = Math.max(30, Number(process.env.BENCH_SCALE_SAMPLES ?? 40));
const PULLS = Math.max(3, Number(process.env.BENCH_SCALE_PULLS ?? 10));
const CHANGES = 1000;

const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const pick = <T>(xs: readonly T[], i: number): T => xs[(i * 7919) % xs.length];
const pad = (i: number, w: number) => String(i).padStart(w, '0');

const t = await openBench();
const db = t.db;
try {
  const filled = process.env.BENCH_SCALE_DB ? await counted() : await fillWarehouse(db, N);
  console.log(
    `  Datenbank (${t.handle.kind}): ${f(filled.products)} Produkte, ${CUSTOMERS} Kunden, ${f(filled.compartments)} Fächer, ${f(filled.stock)} Bestandszeilen, ${f(filled.movements)} Bewegungen, ${f(filled.orders)} Aufträge – gefüllt in ${f(filled.seconds, 1)} s`,
  );
  const worker = await buildUser(db, 'warehouse_worker');
  const admin = await buildUser(db, 'admin');
  const customers = (await db.selectFrom('customers').select('id').orderBy('id').execute()).map((c) => c.id);
  const workerAuth = auth(t.app, worker);

  const measure = async (label: string, goal: number, make: (i: number) => Req, n = SAMPLES) => {
    const times: number[] = [];
    let bytes = 0;
    let rows = '';
    for (let i = -3; i < n; i++) {
      const r = make(Math.abs(i));
      const a = performance.now();
      const res = await t.app.inject({ method: r.method, url: `/api${r.url}`, payload: r.body, headers: r.headers ?? workerAuth });
      const ms = performance.now() - a;
      if (res.statusCode !== 200) throw new Error(`${label}: ${r.url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i < 0) continue;
      times.push(ms);
      bytes += res.body.length;
      const json = res.json();
      const list = Array.isArray(json) ? json : (json.product_summary ?? json.items ?? json.orders ?? json.movements ?? null);
      if (Array.isArray(list)) rows = `${list.length} Zeilen, `;
    }
    times.sort((x, y) => x - y);
    const p95 = pct(times, 95);
    console.log(
      `  ${label.padEnd(40)} p50 ${f(pct(times, 50), 1).padStart(6)} ms  p95 ${f(p95, 1).padStart(6)} ms  (Ziel p95 ≤ ${goal} ms ${p95 <= goal ? 'erfüllt' : 'VERFEHLT'}; ${rows}${f(bytes / n / 1024, 1)} KB, ${n} Proben)`,
    );
    recordGoal({
      what: `5 ${label}, p95 (${f(N)} Produkte)`,
      figure: p95,
      unit: 'ms',
      target: goal,
      kind: 'max',
      digits: 1,
      beside: `${f(bytes / n / 1024, 1)} KB`,
    });
  };

  console.log('  Lesezugriffe (Worker; Eingaben variiert):');
  await measure('Produkt per EAN', 100, (i) => ({ method: 'GET', url: `/products/lookup/29${pad(1 + ((i * 7919) % N), 11)}` }));
  await measure('Bestandssuche, wenige Treffer', 100, (i) => ({
    method: 'POST',
    url: '/inventory/search',
    body: { query: `Artikel ${pad(Math.floor(((i * 7919) % N) / 10), 5)}` },
  }));
  await measure('Bestandssuche, viele Treffer', 100, (i) => ({ method: 'POST', url: '/inventory/search', body: { query: pick(WORDS, i).toLowerCase() } }));
  await measure('Mein Bestand (Admin, ein Kunde, 1. Seite)', 100, (i) => ({
    method: 'GET',
    url: `/inventory/my-stock?limit=50&customer_id=${pick(customers, i)}`,
    headers: auth(t.app, admin),
  }));
  await measure('Bestandsübersicht, Seite 1–20', 100, (i) => ({ method: 'GET', url: `/dashboard/inventory-overview?page=${1 + (i % 20)}` }));
  await measure('Bestandsübersicht, tiefe Seite', 100, (i) => ({
    method: 'GET',
    url: `/dashboard/inventory-overview?page=${Math.floor(N / 40) + ((i * 37) % 100)}`,
  }));
  // The pager's last pages (in the back part the walk comes from the end).
  await measure('Bestandsübersicht, letzte Seiten', 100, (i) => ({
    method: 'GET',
    url: `/dashboard/inventory-overview?page=${Math.ceil(N / 20) - ((i * 37) % 50)}`,
  }));
  // The pager's next page continues after the previous page's last row (keyset), however deep.
  const deepRows = await sql<{ product_id: number; customer_id: number }>`
    SELECT s.product_id, s.customer_id FROM stock s JOIN products p ON p.id = s.product_id JOIN customers c ON c.id = s.customer_id
    WHERE s.quantity > 0 GROUP BY s.product_id, s.customer_id, p.title, c.company_name
    ORDER BY p.title, c.company_name, s.product_id, s.customer_id OFFSET ${Math.floor(N / 2)} LIMIT ${SAMPLES}`.execute(db);
  await measure('Bestandsübersicht, tiefe Seite, weiter', 100, (i) => {
    const r = pick(deepRows.rows, i);
    return {
      method: 'GET',
      url: `/dashboard/inventory-overview?page=${Math.floor(N / 40)}&after_product_id=${r.product_id}&after_customer_id=${r.customer_id}`,
    };
  });
  await measure('Bestandsübersicht, ein Kunde', 100, (i) => ({ method: 'GET', url: `/dashboard/inventory-overview?customer_id=${pick(customers, i)}` }));
  await measure('Bewegungshistorie, erste Seite', 100, () => ({ method: 'GET', url: '/movements?limit=50' }));
  const deepIds = await sql<{
    id: number;
  }>`SELECT id FROM stock_movements ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(filled.movements / 2)} LIMIT ${SAMPLES}`.execute(db);
  await measure('Bewegungshistorie, tiefe Seite', 100, (i) => ({ method: 'GET', url: `/movements?limit=50&before_id=${pick(deepIds.rows, i).id}` }));
  await measure('Auftragsliste, offene', 100, (i) => ({ method: 'GET', url: `/outbound-orders/?page=${1 + (i % 5)}` }));
  await measure('Auftragsliste, alle, tiefe Seite', 100, (i) => ({
    method: 'GET',
    url: `/outbound-orders/?status_filter=all&page=${Math.floor(N / 200) + ((i * 13) % 50)}`,
  }));
  await measure('Auftragsliste, ein Kunde', 100, (i) => ({ method: 'GET', url: `/outbound-orders/?status_filter=all&customer_id=${pick(customers, i)}` }));

  await moreReads(t, db, measure, customers[7], SAMPLES);

  if (process.env.BENCH_SCALE_PULL !== '0') await pulls();
  async function pulls() {
    console.log('  Erster Pull eines Worker-Geräts (Arbeitsmenge; Anwenden und IndexedDB-Größe auf dem Gerät: tests/bench/device-pull.ts):');
    const pull = async (cookie: number | null, as = workerAuth) => {
      const a = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/pull',
        payload: { clientId: randomUUID(), cookie, schemaVersion: WORKING_SET_SCHEMA_VERSION },
        // as a browser asks: a large answer comes gzip-compressed (@fastify/compress, server/app.ts)
        headers: { ...as, 'accept-encoding': 'gzip' },
      });
      const ms = performance.now() - a;
      if (res.statusCode !== 200) throw new Error(`pull → ${res.statusCode} ${res.body.slice(0, 200)}`);
      const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
      return { ms, bytes: Buffer.byteLength(text), wire: res.rawPayload.length, body: JSON.parse(text) as PullResponse };
    };
    const first: number[] = [];
    let firstBody: Awaited<ReturnType<typeof pull>> | null = null;
    for (let i = 0; i < PULLS; i++) {
      firstBody = await pull(null);
      first.push(firstBody.ms);
    }
    first.sort((x, y) => x - y);
    if (!firstBody) throw new Error('no pull');
    const byEntity = new Map<string, number>();
    let dataBytes = 0;
    for (const g of firstBody.body.patch) {
      if (!('rows' in g)) continue;
      byEntity.set(g.entity, (byEntity.get(g.entity) ?? 0) + g.rows.length);
      dataBytes += JSON.stringify(g.rows).length;
    }
    const mb = firstBody.bytes / 1024 / 1024;
    console.log(
      `  Erster Pull                               p50 ${f(pct(first, 50), 0).padStart(6)} ms  p95 ${f(pct(first, 95), 0).padStart(6)} ms  (Ziel ≤ 5.000 ms ${pct(first, 95) <= 5000 ? 'erfüllt' : 'VERFEHLT'}; ${PULLS} Proben)`,
    );
    recordGoal({
      what: `5 erster Pull eines Mitarbeiters, Server (${f(N)} Produkte)`,
      figure: pct(first, 95),
      unit: 'ms',
      target: 5000,
      kind: 'max',
      beside: `${f(mb, 1)} MB JSON`,
    });
    console.log(
      `  Antwort ${f(mb, 1)} MB JSON, übertragen gzip ${f(firstBody.wire / 1024 / 1024, 1)} MB (Ziel ≤ 20 MB gilt für IndexedDB, siehe device-pull.ts), davon Zeilendaten ${f(dataBytes / 1024 / 1024, 1)} MB; Zeilen: ${[...byEntity].map(([e, c]) => `${e} ${f(c)}`).join(', ')}`,
    );

    // 1,000 changes after the first pull: stock bookings (stock row + ledger row), as the app books them.
    const cookie = firstBody.body.cookie;
    await sql`WITH s AS (UPDATE stock SET quantity = quantity + 1, updated_at = now() WHERE id IN (SELECT id FROM stock ORDER BY id DESC LIMIT ${CHANGES}) RETURNING *)
      INSERT INTO stock_movements (movement_type, product_id, customer_id, location_id, stock_id, quantity) SELECT 'inbound', product_id, customer_id, location_id, id, 1 FROM s`.execute(
      db,
    );
    const inc: number[] = [];
    let incRows = 0;
    let incBytes = 0;
    for (let i = -1; i < SAMPLES; i++) {
      const r = await pull(cookie);
      if (i < 0) continue;
      inc.push(r.ms);
      incRows = opsOf(r.body).length;
      incBytes = r.bytes;
    }
    inc.sort((x, y) => x - y);
    recordGoal({ what: `5 inkrementeller Pull nach ${f(CHANGES)} Änderungen, p95`, figure: pct(inc, 95), unit: 'ms', target: 300, kind: 'max', digits: 1 });
    console.log(
      `  Inkrementeller Pull nach ${f(CHANGES)} Änderungen  p50 ${f(pct(inc, 50), 1).padStart(6)} ms  p95 ${f(pct(inc, 95), 1).padStart(6)} ms  (Ziel ≤ 300 ms ${pct(inc, 95) <= 300 ? 'erfüllt' : 'VERFEHLT'}; ${f(incRows)} Zeilen, ${f(incBytes / 1024, 0)} KB, ${SAMPLES} Proben)`,
    );

    // A worker with an Arbeitsbereich: one room of the fill (AREA_RACKS racks).
    const areaWorker = await buildUser(db, 'warehouse_worker');
    const room = await db.selectFrom('rooms').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.insertInto('user_rooms').values({ user_id: areaWorker.id, room_id: room.id }).execute();
    const areaAuth = auth(t.app, areaWorker);
    const areaFirst: number[] = [];
    let areaBody: Awaited<ReturnType<typeof pull>> | null = null;
    for (let i = 0; i < PULLS; i++) {
      areaBody = await pull(null, areaAuth);
      areaFirst.push(areaBody.ms);
    }
    areaFirst.sort((x, y) => x - y);
    if (!areaBody) throw new Error('no pull');
    const areaMb = areaBody.bytes / 1024 / 1024;
    recordGoal({
      what: `5 erster Pull eines Mitarbeiters mit Arbeitsbereich (${AREA_RACKS} Regale), Server`,
      figure: pct(areaFirst, 95),
      unit: 'ms',
      target: 5000,
      kind: 'max',
      beside: `${f(areaMb, 1)} MB JSON`,
    });
    console.log(
      `  Erster Pull, Arbeitsbereich ${AREA_RACKS} Regale  p50 ${f(pct(areaFirst, 50), 0).padStart(6)} ms  p95 ${f(pct(areaFirst, 95), 0).padStart(6)} ms  (Ziel ≤ 5.000 ms ${pct(areaFirst, 95) <= 5000 ? 'erfüllt' : 'VERFEHLT'}; ${f(areaMb, 1)} MB JSON, gzip ${f(areaBody.wire / 1024 / 1024, 1)} MB; ${PULLS} Proben)`,
    );
    const areaInc: number[] = [];
    for (let i = -1; i < SAMPLES; i++) {
      const r = await pull(areaBody.body.cookie, areaAuth);
      if (i >= 0) areaInc.push(r.ms);
    }
    areaInc.sort((x, y) => x - y);
    console.log(
      `  Inkrementeller Pull, Arbeitsbereich, ohne Änderungen seit dem ersten  p50 ${f(pct(areaInc, 50), 1).padStart(6)} ms  p95 ${f(pct(areaInc, 95), 1).padStart(6)} ms  (Ziel ≤ 300 ms ${pct(areaInc, 95) <= 300 ? 'erfüllt' : 'VERFEHLT'}; ${SAMPLES} Proben)`,
    );
  }
} finally {
  await t.close();
}

/** A fresh test database, or with BENCH_SCALE_KEEP / BENCH_SCALE_DB one that outlives the run. */
async function openBench(): Promise<TestApp> {
  const base = process.env.TEST_DATABASE_URL;
  let name = process.env.BENCH_SCALE_DB;
  if (!name && process.env.BENCH_SCALE_KEEP !== '1') return createTestApp();
  if (process.env.TEST_DB !== 'pg' || !base) throw new Error('BENCH_SCALE_KEEP / BENCH_SCALE_DB need TEST_DB=pg and TEST_DATABASE_URL');
  if (!name) {
    name = `lw_scale_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  console.log(`  Datenbank ${name} bleibt erhalten`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 30 });
  await migrateToLatest(handle.db);
  return testAppOn(handle);
}

/** The sizes of a kept database (BENCH_SCALE_DB), as fillWarehouse reports them. */
async function counted() {
  const c = await sql<{ products: number; compartments: number; stock: number; movements: number; orders: number }>`
    SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM locations WHERE kind = 'compartment')::int AS compartments,
      (SELECT count(*) FROM stock)::int AS stock, (SELECT count(*) FROM stock_movements)::int AS movements,
      (SELECT count(*) FROM outbound_orders)::int AS orders`.execute(db);
  return { ...c.rows[0], seconds: 0 };
}
