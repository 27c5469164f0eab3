import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBooker, type BookingFigures, directBooker, interleaved } from './booking';
import { benchPickReplay, seedPickingShift } from './pick-replay';
import { benchReplay } from './replay';
import { startServer, signToken } from './server';
import { BENCH_BASE_URL, createBenchDb, POOL_SIZE, seed } from './setup';
import { benchWaves } from './waves';

/**
 * npm run bench — prints figures, asserts nothing about time.
 * Creates and drops its own database on BENCH_DATABASE_URL / TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) and runs the real app
 * (server/main.ts, own process) on a random port. Targets from the issue: API >= 0.5x direct SQL, p99 <= 100 ms,
 * replay >= 0.5x direct SQL. Then runs tests/bench/device-scan.ts if present, and the wave planner's
 * algorithms (tests/bench/waves.ts, pure CPU, also runnable alone).
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEVICES = 20;
const PER_DEVICE = 500;
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const SLICES = 5;
const PICK_DEVICES = 20;
const PICKS_PER_DEVICE = 300;

const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });
const line = (label: string, b: BookingFigures) =>
  `  ${label.padEnd(22)} ${f(b.perSecond, 0).padStart(7)} Buchungen/s   p50 ${f(b.p50, 1).padStart(6)} ms   p99 ${f(b.p99, 1).padStart(6)} ms   (${f(b.count)} in ${f(b.seconds, 1)} s, Fehler ${b.errors})`;

async function main(): Promise<void> {
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
    const sqlDirect = directBooker(bench.url, s);
    let direct: BookingFigures;
    let viaApi: BookingFigures;
    try {
      // Warm-up: connections, JIT, plan caches.
      await interleaved([sqlDirect, api], 10, 1500, 1);
      console.log(`\n1) Einlagern: API (POST /api/inbound) gegen dieselbe SQL-Transaktion direkt über pg (abwechselnd in ${SLICES} Abschnitten)`);
      [direct, viaApi] = await interleaved([sqlDirect, api], CONCURRENCY, SECONDS * 1000, SLICES);
    } finally {
      await api.close();
      await sqlDirect.close();
    }
    console.log(line('direkt (pg)', direct));
    console.log(line('API (HTTP)', viaApi));
    console.log(`  Verhältnis API / direkt: ${f(viaApi.perSecond / direct.perSecond, 2)}   (Ziel ≥ 0,50; API p99 Ziel ≤ 100 ms)`);

    console.log(`\n2) Replay: ${f(DEVICES * PER_DEVICE)} gespeicherte Buchungen von ${DEVICES} Geräten, je ${BATCH} pro Push`);
    const replay = await benchReplay(baseUrl, token, s, DEVICES, PER_DEVICE, BATCH);
    console.log(
      `  ${f(replay.perSecond, 0)} Buchungen/s   (${f(replay.mutations)} in ${f(replay.seconds, 1)} s, ${f(replay.pushes)} Pushes, angewendet ${f(replay.applied)}, 503er ${replay.failedPushes})`,
    );
    console.log(`  Verhältnis Replay / direkt: ${f(replay.perSecond / direct.perSecond, 2)}   (Ziel ≥ 0,50)`);

    console.log(`\n2b) Replay einer Kommissionier-Schicht: ${PICK_DEVICES} Geräte × ${PICKS_PER_DEVICE} Picks (picking.pick), je ${BATCH} pro Push`);
    const shift = await seedPickingShift(bench.handle, s, PICK_DEVICES, PICKS_PER_DEVICE);
    const picks = await benchPickReplay(baseUrl, token, shift, BATCH);
    console.log(
      `  ${f(picks.perSecond, 0)} Picks/s   (${f(picks.mutations)} in ${f(picks.seconds, 1)} s, ${f(picks.pushes)} Pushes, angewendet ${f(picks.applied)}, 503er ${picks.failedPushes})`,
    );
    console.log(`  Verhältnis Pick-Replay / direktes Einlagern: ${f(picks.perSecond / direct.perSecond, 2)}`);
  } finally {
    await server?.stop();
    await bench.drop();
  }

  const deviceScan = join(dirname(fileURLToPath(import.meta.url)), 'device-scan.ts');
  if (existsSync(deviceScan)) {
    console.log('\n3) Scan-zu-Rückmeldung auf dem Gerät (tests/bench/device-scan.ts)');
    const r = spawnSync(process.execPath, ['--import', 'tsx', deviceScan], { stdio: 'inherit', env: process.env });
    if (r.status !== 0) console.log(`  device-scan.ts endete mit Status ${r.status}`);
  }

  console.log('\n4) Wellenplanung: Route und Wellenvorschläge (tests/bench/waves.ts)');
  benchWaves();
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
