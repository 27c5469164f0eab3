import { oneStatementBooker } from './baseline';
import { apiBooker, type BookingFigures, interleaved } from './booking';
import { openLoop } from './open-loop';
import { signToken, startServer } from './server';
import { createBenchDb, seed } from './setup';

/**
 * Only the online-booking figures of `npm run bench` (sections 1 and 1b), for
 * iterating on the request path: npx tsx tests/bench/api-booking.ts.
 * BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile (tests/bench/server.ts).
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SLICES = 5;

const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });
const line = (label: string, b: BookingFigures) =>
  `  ${label.padEnd(22)} ${f(b.perSecond, 0).padStart(7)} Buchungen/s   p50 ${f(b.p50, 1).padStart(6)} ms   p99 ${f(b.p99, 1).padStart(6)} ms   (Fehler ${b.errors})`;

async function main(): Promise<void> {
  const bench = await createBenchDb();
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const s = await seed(bench.handle);
    server = await startServer(bench.url);
    const token = signToken(server.jwtSecret, s.userId, 'warehouse_worker');
    const api = apiBooker(server.baseUrl, token, s, CONCURRENCY);
    const base = oneStatementBooker(bench.url, s);
    let b: BookingFigures;
    let a: BookingFigures;
    try {
      await interleaved([base, api], 10, 1500, 1);
      [b, a] = await interleaved([base, api], CONCURRENCY, SECONDS * 1000, SLICES);
    } finally {
      await api.close();
      await base.close();
    }
    console.log(line('Basis (1 Statement)', b));
    console.log(line('API (HTTP)', a));
    console.log(`  Verhältnis API / Basis: ${f(a.perSecond / b.perSecond, 2)}   (Ziel ≥ 0,60)`);
    const rate = Math.max(1, Math.round(a.perSecond / 2));
    const openApi = apiBooker(server.baseUrl, token, s, 500);
    try {
      const open = await openLoop(openApi, rate, SECONDS * 1000);
      console.log(line(`API offen ${f(rate)}/s`, open));
    } finally {
      await openApi.close();
    }
  } finally {
    await server?.stop();
    await bench.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
