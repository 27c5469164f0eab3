import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENRICH_JOB_KIND } from '../../../server/jobs/keepa-enrich';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildProduct, buildUser } from '../../helpers/factories';

/**
 * The bulk enrichment job against a local Keepa-shaped server whose answers
 * are scripted per request: token exhaustion (429 + refillIn) must slow the
 * job down without failing products; unknown EANs and hard errors count as
 * failed in the summary.
 */

type Step = { status: number; tokensLeft: number; refillIn: number } | null;

interface ScriptedKeepa {
  url: string;
  script: Step[];
  requests: Array<{ at: number; codes: string[] }>;
  known: Set<string>;
  close(): Promise<void>;
}

async function startScriptedKeepa(): Promise<ScriptedKeepa> {
  const k: ScriptedKeepa = { url: '', script: [], requests: [], known: new Set(), close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const codes = (u.searchParams.get('code') ?? '').split(',').filter(Boolean);
    k.requests.push({ at: Date.now(), codes });
    const step = k.script.shift() ?? null;
    res.setHeader('content-type', 'application/json');
    if (step && step.status !== 200) {
      res.statusCode = step.status;
      res.end(
        JSON.stringify({
          tokensLeft: step.tokensLeft,
          refillIn: step.refillIn,
          refillRate: 6000,
          tokensConsumed: 0,
          ...(step.status === 402 ? { error: { type: 'paymentRequired', message: 'x' } } : {}),
        }),
      );
      return;
    }
    const products = codes
      .filter((c) => k.known.has(c))
      .map((c) => ({
        asin: `A${c}`,
        title: `Keepa ${c}`,
        eanList: [c],
        packageWeight: 1250,
        packageLength: 300,
        packageWidth: 200,
        packageHeight: 100,
        images: [{ l: `${c}.jpg` }],
      }));
    res.end(JSON.stringify({ tokensLeft: 5000, refillIn: 1000, refillRate: 6000, tokensConsumed: products.length, products }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  k.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  k.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return k;
}

let t: TestApp;
let keepa: ScriptedKeepa;
let admin: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  keepa = await startScriptedKeepa();
  t = await createTestApp({ runJobs: true, keepaApiKey: 'job-key', keepaBaseUrl: keepa.url });
  const u = await buildUser(t.db, 'admin');
  adminId = u.id;
  admin = auth(t.app, u);
});
afterAll(async () => {
  await t.close();
  await keepa.close();
});

async function waitForJob(id: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function clearProducts() {
  await t.db.deleteFrom('products').execute();
}

describe('bulk Keepa enrichment job', () => {
  it('answers at once with a job, waits out a 429 (refillIn) and counts failures', async () => {
    await clearProducts();
    const complete = await buildProduct(t.db, { weight_kg: 1 });
    await t.db.updateTable('products').set({ length_cm: 1, width_cm: 1, height_cm: 1, image_url: 'https://x/y.jpg' }).where('id', '=', complete.id).execute();
    const products = [];
    for (let i = 0; i < 25; i++) products.push(await buildProduct(t.db, { title: `Bulk ${i}` }));
    const unknown = new Set([products[3].ean, products[21].ean]);
    for (const p of products) if (!unknown.has(p.ean)) keepa.known.add(p.ean);
    keepa.requests.length = 0;
    keepa.script = [{ status: 429, tokensLeft: -3, refillIn: 400 }];

    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/products/enrich-all-from-keepa', headers: admin });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ summary: { enriched: 0, failed: 0 }, action_required: false, total: 25 });
    expect(body.job_id).toBeGreaterThan(0);

    const again = await t.app.inject({ method: 'POST', url: '/api/products/enrich-all-from-keepa', headers: admin });
    expect(again.json().job_id).toBe(body.job_id);

    const job = await waitForJob(body.job_id);
    expect(job).toMatchObject({ status: 'completed', total: 25, done: 25, succeeded: 23, failed: 2 });
    expect(job.result).toMatchObject({ enriched: 23, failed: 2, still_incomplete: 0, action_required: true });
    expect(job.result.failures.map((f: { ean: string }) => f.ean).sort()).toEqual([...unknown].sort());
    // the 429'd batch was retried after refillIn, never counted as failed
    expect(keepa.requests.length).toBe(3);
    expect(keepa.requests[1].codes).toEqual(keepa.requests[0].codes);
    expect(keepa.requests[1].at - keepa.requests[0].at).toBeGreaterThanOrEqual(380);
    expect(keepa.requests[0].codes).toHaveLength(20);
    expect(keepa.requests.flatMap((r) => r.codes)).not.toContain(complete.ean);
    const row = await t.db.selectFrom('products').selectAll().where('id', '=', products[0].id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ weight_kg: 1.25, length_cm: 30, width_cm: 20, height_cm: 10 });
  });

  it('payment required stops the job as failed with the German reason; the rest counts as failed', async () => {
    await clearProducts();
    for (let i = 0; i < 3; i++) keepa.known.add((await buildProduct(t.db)).ean);
    keepa.script = [{ status: 402, tokensLeft: 0, refillIn: 0 }];
    const res = await t.app.inject({ method: 'POST', url: '/api/products/enrich-all-from-keepa', headers: admin });
    const job = await waitForJob(res.json().job_id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe('Keepa-Zugang nicht bezahlt oder API-Schlüssel ungültig');
    expect(job.failed).toBe(3);
    expect(job.result.failures[0].reason).toBe('Keepa-Zugang nicht bezahlt oder API-Schlüssel ungültig');
  });

  it('a job delivered again (its worker died or stopped) resumes from its recorded progress', async () => {
    await clearProducts();
    const ps = [];
    for (let i = 0; i < 3; i++) {
      const p = await buildProduct(t.db);
      keepa.known.add(p.ean);
      ps.push(p);
    }
    keepa.requests.length = 0;
    const job = await t.db
      .insertInto('jobs')
      .values({
        kind: ENRICH_JOB_KIND,
        status: 'running',
        total: 3,
        done: 1,
        succeeded: 1,
        payload: JSON.stringify({ product_ids: ps.map((p) => p.id) }),
        result: JSON.stringify({ enriched: 1, failed: 0, still_incomplete: 0, action_required: false, failures: [], waiting_until: null }),
        created_by: adminId,
        started_at: new Date(Date.now() - 3600_000),
        heartbeat_at: new Date(Date.now() - 3600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // What pg-boss does after a missed heartbeat or a hand-back: deliver the same job row again.
    await t.app.jobs.boss.send(ENRICH_JOB_KIND, { job_id: job.id });
    const done = await waitForJob(job.id);
    expect(done).toMatchObject({ status: 'completed', done: 3, succeeded: 3, failed: 0 });
    const asked = keepa.requests.flatMap((r) => r.codes);
    expect(asked).not.toContain(ps[0].ean);
    expect(asked).toEqual(expect.arrayContaining([ps[1].ean, ps[2].ean]));
  });

  it('nothing to do: no job; unknown job 404', async () => {
    await clearProducts();
    const res = await t.app.inject({ method: 'POST', url: '/api/products/enrich-all-from-keepa', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ job_id: null, total: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs/999999', headers: admin })).statusCode).toBe(404);
    const worker = auth(t.app, await buildUser(t.db, 'warehouse_worker'));
    expect((await t.app.inject({ method: 'POST', url: '/api/products/enrich-all-from-keepa', headers: worker })).statusCode).toBe(403);
  });
});
