import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oneStatementBooker } from './baseline';
import { apiBooker, type BookingFigures, directBooker, interleaved } from './booking';
import { latencyProfile, printLatencyProfile } from './latency-profile';
import { benchMixed } from './mixed';
import { openLoop } from './open-loop';
import { benchPickReplay, seedPickingShift } from './pick-replay';
import { benchReplay } from './replay';
import { startServer, signToken } from './server';
import { BENCH_BASE_URL, createBenchDb, POOL_SIZE, seed } from './setup';
import { readGoals, recordGoal, summaryTable } from './summary';
import { benchWaves } from './waves';

/**
 * npm run bench — prints figures, asserts nothing about time.
 * Creates and drops its own database on BENCH_DATABASE_URL / TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) and runs the real app
 * (server/main.ts, own process) on a random port. Every ratio is against the baseline: the
 * booking effect as ONE prepared statement through pg (tests/bench/baseline.ts). Targets: API >= 0.6x
 * baseline at 50 clients, p99 <= 50 ms at half the API's saturation rate (open loop), replay >= 1.0x.
 * Mixed load (2c): devices replaying while users book online. Then runs tests/bench/device-scan.ts and tests/bench/pwa.ts (3c) if present,
 * tests/bench/device-pick.ts (pick scan → feedback offline, p95 goal <= 50 ms over >= 200 picks), the stocktake at scale (tests/bench/stocktake.ts: create over
 * 20,000 places and book 2,000 differences, goal 2 s each), the charge counting of billing (tests/bench/billing.ts: one customer's
 * 1,000,000 movements, goal 2 s), and the wave planner's algorithms (tests/bench/waves.ts,
 * pure CPU, also runnable alone), the compression of large answers (tests/bench/compress.ts, PGlite), and the scale bench (tests/bench/scale.ts: a generated warehouse of
 * BENCH_SCALE_PRODUCTS products, default 100,000; BENCH_SCALE=0 skips it) with that working set applied on the device
 * (tests/bench/device-pull.ts: apply time and IndexedDB size in Chromium). BENCH_SERVER_ONLY=1 stops after the server figures.
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEVICES = 20;
const PER_DEVICE = 500;
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const SLICES = 5;
const PICK_DEVICES = 20;
const PICKS_PER_DEVICE = 300;
const MIXED_DEVICES = 50;
const MIXED_USERS = 20;
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);

const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });
const line = (label: string, b: BookingFigures) =>
  `  ${label.padEnd(22)} ${f(b.perSecond, 0).padStart(7)} Buchungen/s   p50 ${f(b.p50, 1).padStart(6)} ms   p99 ${f(b.p99, 1).padStart(6)} ms   (${f(b.count)} in ${f(b.seconds, 1)} s, Fehler ${b.errors})`;

/** Every part of the bench, then the summary of the goals the parts recorded (tests/bench/summary.ts). */
async function main(): Promise<void> {
  const own = !process.env.BENCH_SUMMARY_FILE;
  const file = process.env.BENCH_SUMMARY_FILE ?? join(tmpdir(), `lagerwerk-bench-${process.pid}.jsonl`);
  process.env.BENCH_SUMMARY_FILE = file;
  try {
    await parts();
  } finally {
    const goals = readGoals(file);
    if (goals.length > 0) console.log(`\nZusammenfassung (${new Date().toLocaleString('de-DE')}; die Tabelle der README):\n\n${summaryTable(goals)}`);
    if (own) rmSync(file, { force: true });
  }
}

async function parts(): Promise<void> {
  const redacted = new URL(BENCH_BASE_URL);
  redacted.password = redacted.password ? '***' : '';
  console.log(`Lagerwerk Benchmarks – PostgreSQL ${redacted.host}, Pool ${POOL_SIZE}, ${CONCURRENCY} parallele Clients, je ${SECONDS} s`);
  const bench = await createBenchDb();
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const s = await seed(bench.handle);
    server = await startServer(bench.url);
    const baseUrl = server.baseUrl;
    const token = signToken(server.jwtSecret, s.userId, 'warehouse_worker');

    const api = apiBooker(baseUrl, token, s, CONCURRENCY);
    const apiKeyed = apiBooker(baseUrl, token, s, CONCURRENCY, true);
    const sqlBaseline = oneStatementBooker(bench.url, s);
    const sqlDirect = directBooker(bench.url, s);
    let base: BookingFigures;
    let direct: BookingFigures;
    let viaApi: BookingFigures;
    let viaApiKeyed: BookingFigures;
    try {
      // Warm-up: connections, JIT, plan caches.
      await interleaved([sqlBaseline, sqlDirect, api, apiKeyed], 10, 1500, 1);
      console.log(
        `\n1) Einlagern: API (POST /api/inbound) gegen die Basis (EIN vorbereitetes Statement über pg) und die 7-Roundtrip-Transaktion (abwechselnd in ${SLICES} Abschnitten)`,
      );
      [base, direct, viaApi, viaApiKeyed] = await interleaved([sqlBaseline, sqlDirect, api, apiKeyed], CONCURRENCY, SECONDS * 1000, SLICES);
    } finally {
      await api.close();
      await apiKeyed.close();
      await sqlBaseline.close();
      await sqlDirect.close();
    }
    const vsBase = (n: number) => f(n / base.perSecond, 2);
    console.log(line('Basis (1 Statement)', base));
    console.log(line('Transaktion (pg)', direct));
    console.log(line('API (HTTP)', viaApi));
    console.log(`  Verhältnis Transaktion / Basis: ${vsBase(direct.perSecond)}`);
    console.log(`  Verhältnis API / Basis: ${vsBase(viaApi.perSecond)}   (Ziel ≥ 0,60)`);
    console.log(line('API mit Key (HTTP)', viaApiKeyed));
    console.log(`  Verhältnis API mit Idempotency-Key / Basis: ${vsBase(viaApiKeyed.perSecond)}   (Ziel ≥ 0,50)`);
    const perBase = `Basis ${f(base.perSecond)} Buchungen/s`;
    recordGoal({
      what: '1 Einlagern über die API / Basis',
      figure: viaApi.perSecond / base.perSecond,
      unit: '×',
      target: 0.6,
      kind: 'min',
      digits: 2,
      beside: perBase,
    });
    recordGoal({
      what: '1 Einlagern mit Idempotency-Key / Basis',
      figure: viaApiKeyed.perSecond / base.perSecond,
      unit: '×',
      target: 0.5,
      kind: 'min',
      digits: 2,
      beside: perBase,
    });

    const rate = Math.max(1, Math.round(viaApi.perSecond / 2));
    console.log(`\n1b) Einlagern offen (feste Rate ${f(rate)}/s = halbe Sättigung der API, ${SECONDS} s)`);
    const openApi = apiBooker(baseUrl, token, s, 500);
    let open: Awaited<ReturnType<typeof openLoop>>;
    try {
      open = await openLoop(openApi, rate, SECONDS * 1000);
    } finally {
      await openApi.close();
    }
    console.log(line('API offen', open));
    console.log(`  p99 bei halber Sättigung: ${f(open.p99, 1)} ms   (Ziel ≤ 50 ms)`);
    recordGoal({
      what: '1b Einlagern p99 bei halber Sättigung (API allein)',
      figure: open.p99,
      unit: 'ms',
      target: 50,
      kind: 'max',
      digits: 1,
      beside: `Rate ${f(rate)}/s, p50 ${f(open.p50, 1)} ms`,
    });

    console.log(`\n2) Replay: ${f(DEVICES * PER_DEVICE)} gespeicherte Buchungen von ${DEVICES} Geräten, je ${BATCH} pro Push`);
    const replay = await benchReplay(baseUrl, token, s, DEVICES, PER_DEVICE, BATCH);
    console.log(
      `  ${f(replay.perSecond, 0)} Buchungen/s   (${f(replay.mutations)} in ${f(replay.seconds, 1)} s, ${f(replay.pushes)} Pushes, angewendet ${f(replay.applied)}, 503er ${replay.failedPushes})`,
    );
    console.log(`  Verhältnis Replay / Basis: ${vsBase(replay.perSecond)}   (Ziel ≥ 1,00)`);
    recordGoal({
      what: '2 Replay stock.inbound / Basis',
      figure: replay.perSecond / base.perSecond,
      unit: '×',
      target: 1,
      kind: 'min',
      digits: 2,
      beside: perBase,
    });

    console.log(`\n2b) Replay einer Kommissionier-Schicht: ${PICK_DEVICES} Geräte × ${PICKS_PER_DEVICE} Picks (picking.pick), je ${BATCH} pro Push`);
    const shift = await seedPickingShift(bench.handle, s, PICK_DEVICES, PICKS_PER_DEVICE);
    const picks = await benchPickReplay(baseUrl, token, shift, BATCH);
    console.log(
      `  ${f(picks.perSecond, 0)} Picks/s   (${f(picks.mutations)} in ${f(picks.seconds, 1)} s, ${f(picks.pushes)} Pushes, angewendet ${f(picks.applied)}, 503er ${picks.failedPushes})`,
    );
    console.log(`  Verhältnis Pick-Replay / Basis (Einlagern): ${vsBase(picks.perSecond)}   (Ziel ≥ 0,50)`);
    recordGoal({
      what: '2b Replay picking.pick / Basis',
      figure: picks.perSecond / base.perSecond,
      unit: '×',
      target: 0.5,
      kind: 'min',
      digits: 2,
      beside: perBase,
    });

    console.log(`\n2c) Gemischte Last: ${MIXED_DEVICES} Geräte replayen, ${MIXED_USERS} Benutzer buchen online (Idempotency-Key), ${MIXED_SECONDS} s`);
    const mixed = await benchMixed(bench.handle.db, baseUrl, token, s, MIXED_DEVICES, MIXED_USERS, MIXED_SECONDS);
    console.log(
      `  ${f(mixed.mutations)} Sync-Buchungen, ${f(mixed.bookings)} Online-Buchungen in ${f(mixed.seconds, 1)} s   Fehler ${mixed.errors}   verloren ${mixed.lost}   Bestand ≠ Journal ${mixed.ledgerMismatches}`,
    );
    console.log(
      `  Push p50 ${f(mixed.push.p50, 1)} ms  p99 ${f(mixed.push.p99, 1)} ms   Online-Buchung p50 ${f(mixed.booking.p50, 1)} ms  p99 ${f(mixed.booking.p99, 1)} ms   (Ziel: 0 Fehler, 0 verloren)`,
    );
    recordGoal({
      what: `2c Online-Buchung p99 unter gemischter Last (${MIXED_DEVICES} Geräte, ${MIXED_USERS} Benutzer)`,
      figure: mixed.booking.p99,
      unit: 'ms',
      target: 50,
      kind: 'max',
      digits: 1,
      beside: `p50 ${f(mixed.booking.p50, 1)} ms; Fehler ${mixed.errors}, verloren ${mixed.lost}`,
    });
    if (mixed.errors > 0 || mixed.lost > 0 || mixed.ledgerMismatches > 0) process.exitCode = 1;

    console.log(
      `\n2d) Online-Buchungen offen mit fester Rate ${f(rate)}/s (halbe Sättigung der API) unter der gemischten Last von 2c, ${MIXED_SECONDS} s; danach das Profil des Servers`,
    );
    await latencyProfile(baseUrl, token, true);
    const floorApi = apiBooker(baseUrl, token, s, 500);
    let floor: Awaited<ReturnType<typeof openLoop>>;
    let floorMixed: Awaited<ReturnType<typeof benchMixed>>;
    try {
      [floor, floorMixed] = await Promise.all([
        openLoop(floorApi, rate, MIXED_SECONDS * 1000),
        benchMixed(bench.handle.db, baseUrl, token, s, MIXED_DEVICES, MIXED_USERS, MIXED_SECONDS),
      ]);
    } finally {
      await floorApi.close();
    }
    console.log(line('API offen, unter Last', floor));
    console.log(
      `  p99 bei halber Sättigung unter Last: ${f(floor.p99, 1)} ms   (Ziel ≤ 50 ms; allein ${f(open.p99, 1)} ms)   daneben: Push p99 ${f(floorMixed.push.p99, 1)} ms, Fehler ${floorMixed.errors}, verloren ${floorMixed.lost}`,
    );
    printLatencyProfile(await latencyProfile(baseUrl, token, false));
    recordGoal({
      what: `2d Online-Buchung p99 bei halber Sättigung unter gemischter Last`,
      figure: floor.p99,
      unit: 'ms',
      target: 50,
      kind: 'max',
      digits: 1,
      beside: `allein ${f(open.p99, 1)} ms; Rate ${f(rate)}/s`,
    });
    if (floorMixed.errors > 0 || floorMixed.lost > 0 || floorMixed.ledgerMismatches > 0) process.exitCode = 1;
  } finally {
    await server?.stop();
    await bench.drop();
  }

  if (process.env.BENCH_SERVER_ONLY === '1') return;
  const deviceScan = join(dirname(fileURLToPath(import.meta.url)), 'device-scan.ts');
  if (existsSync(deviceScan)) {
    console.log('\n3) Scan-zu-Rückmeldung auf dem Gerät (tests/bench/device-scan.ts)');
    const r = spawnSync(process.execPath, ['--import', 'tsx', deviceScan], { stdio: 'inherit', env: process.env });
    if (r.status !== 0) console.log(`  device-scan.ts endete mit Status ${r.status}`);
  }

  const devicePick = join(dirname(fileURLToPath(import.meta.url)), 'device-pick.ts');
  console.log('\n3b) Pick-Scan-zu-Rückmeldung auf dem Gerät, offline (tests/bench/device-pick.ts)');
  const pick = spawnSync(process.execPath, ['--import', 'tsx', devicePick], { stdio: 'inherit', env: process.env });
  if (pick.status !== 0) console.log(`  device-pick.ts endete mit Status ${pick.status}`);

  const pwa = join(dirname(fileURLToPath(import.meta.url)), 'pwa.ts');
  if (existsSync(pwa)) {
    console.log('\n3c) PWA laden: JavaScript von /login und Lighthouse mobil (tests/bench/pwa.ts)');
    const r = spawnSync(process.execPath, ['--import', 'tsx', pwa], { stdio: 'inherit', env: process.env });
    if (r.status !== 0) console.log(`  pwa.ts endete mit Status ${r.status}`);
  }

  console.log('\n4) Wellenplanung: Route und Wellenvorschläge (tests/bench/waves.ts)');
  benchWaves();

  console.log('\n4b) Komprimierung großer Antworten: erster Pull auf PGlite, Bytes und Zeiten je Variante (tests/bench/compress.ts)');
  const compress = spawnSync(process.execPath, ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'compress.ts')], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: '' },
  });
  if (compress.status !== 0) console.log(`  compress.ts endete mit Status ${compress.status}`);

  console.log('\n4c) Inventur: 20.000 Plätze anlegen, 2.000 Differenzen buchen (tests/bench/stocktake.ts)');
  const stocktake = spawnSync(process.execPath, ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'stocktake.ts')], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: BENCH_BASE_URL },
  });
  if (stocktake.status !== 0) console.log(`  stocktake.ts endete mit Status ${stocktake.status}`);

  console.log('\n4d) Abrechnung: Mengen eines Kunden über 1.000.000 Bewegungen zählen (tests/bench/billing.ts)');
  const billing = spawnSync(process.execPath, ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'billing.ts')], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: BENCH_BASE_URL },
  });
  if (billing.status !== 0) console.log(`  billing.ts endete mit Status ${billing.status}`);

  if (process.env.BENCH_SCALE === '0') return;
  console.log(`\n5) Großes Lager (tests/bench/scale.ts, ${process.env.BENCH_SCALE_PRODUCTS ?? '100000'} Produkte; BENCH_SCALE=0 überspringt)`);
  const scale = spawnSync(process.execPath, ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'scale.ts')], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: 'pg', TEST_DATABASE_URL: BENCH_BASE_URL },
  });
  if (scale.status !== 0) console.log(`  scale.ts endete mit Status ${scale.status}`);
  console.log('\n5b) Erster Pull auf dem Gerät: Anwenden und IndexedDB-Größe in Chromium (tests/bench/device-pull.ts)');
  const devicePull = spawnSync(process.execPath, ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'device-pull.ts')], {
    stdio: 'inherit',
    env: process.env,
  });
  if (devicePull.status !== 0) console.log(`  device-pull.ts endete mit Status ${devicePull.status}`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
