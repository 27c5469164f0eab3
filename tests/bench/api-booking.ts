import { join } from 'node:path';
import { type Migration, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { migrations as ourMigrations } from '../../server/db/migrations/index';
import { oneStatementBooker } from './baseline';
import { apiBooker, type BookingFigures, interleaved } from './booking';
import { openLoop } from './open-loop';
import { signToken, startServer } from './server';
import { createBenchDb, seed } from './setup';

/**
 * Only the online-booking figures of `npm run bench` (sections 1 and 1b), for
 * iterating on the request path: npx tsx tests/bench/api-booking.ts. Beside the
 * unkeyed API it runs the API with an Idempotency-Key per booking in the same slices.
 * BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile (tests/bench/server.ts).
 * BENCH_BEFORE_DIR=<checkout of an older commit, node_modules linked>: runs that
 * server too, on the same database, interleaved in the same slices (before/after).
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
  let before: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const s = await seed(bench.handle);
    // The older server first, on the database migrated back to its last migration (it refuses
    // one migrated beyond what it knows); the newer one then migrates it forward again.
    const beforeDir = process.env.BENCH_BEFORE_DIR;
    if (beforeDir) {
      const { migrations } = (await import(join(beforeDir, 'server/db/migrations/index.ts'))) as { migrations: Record<string, Migration> };
      const migrator = new Migrator({ db: bench.handle.db, provider: { getMigrations: async () => ourMigrations } });
      const { error } = await migrator.migrateTo(Object.keys(migrations).at(-1) ?? NO_MIGRATIONS);
      if (error) throw error;
      before = await startServer(bench.url, beforeDir);
    }
    server = await startServer(bench.url);
    const token = signToken(server.jwtSecret, s.userId, 'warehouse_worker');
    const api = apiBooker(server.baseUrl, token, s, CONCURRENCY);
    const keyed = apiBooker(server.baseUrl, token, s, CONCURRENCY, true);
    const beforeToken = before ? signToken(before.jwtSecret, s.userId, 'warehouse_worker') : '';
    const old = before ? apiBooker(before.baseUrl, beforeToken, s, CONCURRENCY) : null;
    const oldKeyed = before ? apiBooker(before.baseUrl, beforeToken, s, CONCURRENCY, true) : null;
    const base = oneStatementBooker(bench.url, s);
    const runners = old && oldKeyed ? [base, api, keyed, old, oldKeyed] : [base, api, keyed];
    let figures: BookingFigures[];
    try {
      await interleaved(runners, 10, 1500, 1);
      figures = await interleaved(runners, CONCURRENCY, SECONDS * 1000, SLICES);
    } finally {
      await api.close();
      await keyed.close();
      await old?.close();
      await oldKeyed?.close();
      await base.close();
    }
    const [b, a, k, o, ok] = figures;
    console.log(line('Basis (1 Statement)', b));
    console.log(line('API (HTTP)', a));
    console.log(`  Verhältnis API / Basis: ${f(a.perSecond / b.perSecond, 2)}   (Ziel ≥ 0,60)`);
    console.log(line('API mit Key (HTTP)', k));
    console.log(`  Verhältnis API mit Idempotency-Key / Basis: ${f(k.perSecond / b.perSecond, 2)}   (Ziel ≥ 0,50)`);
    if (o) {
      console.log(line('API vorher (HTTP)', o));
      console.log(`  Verhältnis API vorher / Basis: ${f(o.perSecond / b.perSecond, 2)}`);
      console.log(line('API vorher mit Key', ok));
      console.log(`  Verhältnis API vorher mit Idempotency-Key / Basis: ${f(ok.perSecond / b.perSecond, 2)}`);
    }
    // Open loop at half of each server's own saturation (as npm run bench does).
    const servers: Array<[string, NonNullable<typeof server>, BookingFigures]> = [['API offen', server, a]];
    if (before && o) servers.push(['API vorher offen', before, o]);
    for (const [label, srv, sat] of servers) {
      const rate = Math.max(1, Math.round(sat.perSecond / 2));
      const openApi = apiBooker(srv.baseUrl, signToken(srv.jwtSecret, s.userId, 'warehouse_worker'), s, 500);
      try {
        const open = await openLoop(openApi, rate, SECONDS * 1000);
        console.log(line(`${label} ${f(rate)}/s`, open));
      } finally {
        await openApi.close();
      }
    }
  } finally {
    await server?.stop();
    await before?.stop();
    await bench.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
