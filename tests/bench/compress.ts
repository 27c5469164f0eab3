import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { WORKING_SET_SCHEMA_VERSION } from '../../sync/protocol';
import { testConfig } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { auth, buildUser } from '../helpers/factories';
import { fillWarehouse } from './scale-fill';

/**
 * Compression of large answers (docs/performance.md#compression-of-large-answers), alone:
 *   npx tsx tests/bench/compress.ts
 * Fills one PGlite database (tests/bench/scale-fill.ts, BENCH_COMPRESS_PRODUCTS products, default 25,000: a
 * first pull of about 3 MB JSON) and builds the real app twice, each listening on its own port: as it runs
 * (@fastify/compress, server/app.ts) and with BuildAppOptions.compress false. Per variant: bytes on the wire
 * and time to the last byte of a worker's first pull (POST /api/sync/pull, Accept-Encoding: gzip,
 * BENCH_COMPRESS_PULLS rounds, default 20, the variants taking turns in every round), then GET /api/health
 * every 20 ms for 5 s while pulls run back to back (its p50/p95, and the event loop's delay meanwhile).
 * PGlite runs in the same thread, so its query time is part of every figure; "none" shows that share.
 * The figures against our former onSend hook, which the plugin replaced: docs/performance.md.
 * Prints figures, asserts nothing about time.
 */

type Variant = 'gzip' | 'none';
const VARIANTS: Variant[] = ['gzip', 'none'];
const N = Number(process.env.BENCH_COMPRESS_PRODUCTS ?? 25_000);
const PULLS = Number(process.env.BENCH_COMPRESS_PULLS ?? 20);
/** How long GET /api/health is asked every 20 ms while pulls run, per variant. */
const LOADED_MS = 5000;

const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

interface Answer {
  ms: number;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request over a real socket; the body as it came over the wire (not decompressed). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const a = performance.now();
    const req = request({ host: '127.0.0.1', port, method, path, headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ ms: performance.now() - a, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}

export async function main(): Promise<void> {
  const handle = await createTestDb();
  const apps = new Map<Variant, { app: FastifyInstance; port: number }>();
  try {
    const filled = await fillWarehouse(handle.db, N);
    const worker = await buildUser(handle.db, 'warehouse_worker');
    for (const v of VARIANTS) {
      const app = await buildApp({ config: testConfig(), db: handle.db, logger: false, compress: v === 'gzip' });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.set(v, { app, port: (app.server.address() as AddressInfo).port });
    }
    const headers = (v: Variant) => ({ ...auth(apps.get(v)?.app as FastifyInstance, worker), 'accept-encoding': 'gzip, deflate, br' });
    const pull = async (v: Variant) => {
      const body = JSON.stringify({ clientId: `bench-${randomUUID()}`, cookie: null, schemaVersion: WORKING_SET_SCHEMA_VERSION });
      const r = await send(apps.get(v)?.port ?? 0, 'POST', '/api/sync/pull', headers(v), body);
      if (r.status !== 200) throw new Error(`${v}: pull → ${r.status} ${r.body.subarray(0, 200).toString()}`);
      return r;
    };
    const health = async (v: Variant) => (await send(apps.get(v)?.port ?? 0, 'GET', '/api/health', {})).ms;

    const times = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
    const wire = new Map<Variant, { bytes: number; json: number; encoding: string; length: string }>();
    for (const v of VARIANTS) await pull(v); // warm-up
    for (let i = 0; i < PULLS; i++)
      for (const v of i % 2 ? [...VARIANTS].reverse() : VARIANTS) {
        const r = await pull(v);
        times.get(v)?.push(r.ms);
        const gz = r.headers['content-encoding'] === 'gzip';
        const json = gz ? gunzipSync(r.body).length : r.body.length;
        wire.set(v, { bytes: r.body.length, json, encoding: gz ? 'gzip' : '–', length: r.headers['content-length'] ? 'Content-Length' : 'chunked' });
      }
    console.log(
      `  Datenbank PGlite: ${f(filled.products)} Produkte, ${f(filled.stock)} Bestandszeilen; erster Pull eines Workers, ${PULLS} Runden, Varianten abwechselnd`,
    );
    console.log('  Variante   Antwort JSON   über die Leitung   Rahmung           Pull p50   Pull p95');
    for (const v of VARIANTS) {
      const w = wire.get(v);
      const t = times.get(v) ?? [];
      if (!w) continue;
      console.log(
        `  ${v.padEnd(8)} ${`${f(w.json / 1024 / 1024, 2)} MB`.padStart(12)}   ${`${f(w.bytes / 1024 / 1024, 2)} MB ${w.encoding}`.padStart(16)}   ${w.length.padEnd(14)} ${`${f(pct(t, 50))} ms`.padStart(9)}  ${`${f(pct(t, 95))} ms`.padStart(9)}`,
      );
    }

    console.log(`\n  GET /api/health alle 20 ms für ${f(LOADED_MS / 1000)} s, während Pulls ohne Pause laufen; Verzögerung der Event-Loop währenddessen`);
    const idle: number[] = [];
    for (let i = 0; i < 40; i++) idle.push(await health('none'));
    console.log(`  ohne Last  health p50 ${f(pct(idle, 50), 1)} ms  p95 ${f(pct(idle, 95), 1)} ms`);
    for (const v of VARIANTS) {
      let running = true;
      const loop = (async () => {
        while (running) await pull(v);
      })();
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const small: number[] = [];
      for (const end = performance.now() + LOADED_MS; performance.now() < end; ) {
        small.push(await health(v));
        await new Promise((r) => setTimeout(r, 20));
      }
      delay.disable();
      running = false;
      await loop;
      console.log(
        `  ${v.padEnd(8)}  health p50 (${small.length}×) ${f(pct(small, 50), 1)} ms  p95 ${f(pct(small, 95), 1)} ms   Event-Loop-Verzögerung p50 ${f(delay.percentile(50) / 1e6, 1)} ms  p99 ${f(delay.percentile(99) / 1e6, 1)} ms  max ${f(delay.max / 1e6, 1)} ms`,
      );
    }
  } finally {
    for (const { app } of apps.values()) await app.close();
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
