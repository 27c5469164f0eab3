import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../server/db/index';
import { type JobHandler, JobFailedError, JobQueue, type JobQueueOptions } from '../../../server/jobs/queue';
import { testConfig } from '../../helpers/app';
import { createTestDb } from '../../helpers/db';

/**
 * The job queue (pg-boss) on the database of the run: PGlite, or PostgreSQL
 * in the unit-pg project. Measures what the app relies on: enqueue and
 * process, retry with growing backoff, a cron schedule, a dead worker's job
 * retried, stop() handing a running job back.
 */

let h: DbHandle;
const queues: JobQueue[] = [];

beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await h.close();
});

function queue(handlers: Record<string, JobHandler>, extra: Partial<JobQueueOptions> = {}): JobQueue {
  const q = new JobQueue({
    db: h.db,
    config: testConfig(),
    handlers,
    schedules: [],
    run: true,
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 1,
    queuePolicy: { retryLimit: 3, retryDelay: 1, retryBackoff: true, heartbeatSeconds: 10 },
    ...extra,
  });
  queues.push(q);
  return q;
}

const row = (id: number) => h.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const bossJobs = async (name: string) =>
  (await sql<{ state: string; retry_count: number }>`SELECT state, retry_count FROM pgboss.job WHERE name = ${name} ORDER BY created_on`.execute(h.db)).rows;

describe('job queue (pg-boss)', () => {
  it('enqueues, processes and records progress and result', async () => {
    const q = queue({
      'test.ok': async (ctx) => {
        await ctx.progress({ total: 2, done: 2, succeeded: 2 });
        return { echoed: (ctx.job.payload as { n: number }).n };
      },
    });
    await q.start();
    const job = await q.enqueue('test.ok', { n: 7 }, { total: 2 });
    expect(job.status).toBe('queued');
    await expect.poll(async () => (await row(job.id)).status, { timeout: 15_000 }).toBe('completed');
    expect(await row(job.id)).toMatchObject({ done: 2, succeeded: 2, result: { echoed: 7 }, error: null });
    await q.stop();
  });

  it('retries a failing job with growing backoff, then fails it after the last attempt; a JobFailedError is not retried', async () => {
    const runs: number[] = [];
    const q = queue({
      'test.flaky': async () => {
        runs.push(Date.now());
        if (runs.length < 3) throw new Error(`Versuch ${runs.length} fehlgeschlagen`);
        return 'ok';
      },
      'test.broken': async () => {
        throw new Error('immer kaputt');
      },
      'test.final': async () => {
        throw new JobFailedError('nicht heilbar');
      },
    });
    await q.start();
    const flaky = await q.enqueue('test.flaky', {});
    await expect.poll(async () => (await row(flaky.id)).error, { timeout: 15_000 }).toBe('Versuch 1 fehlgeschlagen');
    expect((await row(flaky.id)).status).toBe('queued');
    await expect.poll(async () => (await row(flaky.id)).status, { timeout: 20_000 }).toBe('completed');
    expect(runs).toHaveLength(3);
    const [first, second] = [runs[1] - runs[0], runs[2] - runs[1]];
    expect(first).toBeGreaterThanOrEqual(900);
    expect(second).toBeGreaterThanOrEqual(1900);

    const broken = await q.enqueue('test.broken', {});
    const final = await q.enqueue('test.final', {});
    await expect.poll(async () => (await row(final.id)).status, { timeout: 15_000 }).toBe('failed');
    expect(await row(final.id)).toMatchObject({ error: 'nicht heilbar' });
    // Our row is written before pg-boss records the attempt's outcome: wait for both.
    await expect.poll(() => bossJobs('test.final'), { timeout: 5_000 }).toEqual([{ state: 'completed', retry_count: 0 }]);
    await expect.poll(async () => (await row(broken.id)).status, { timeout: 40_000 }).toBe('failed');
    expect(await row(broken.id)).toMatchObject({ error: 'immer kaputt' });
    await expect.poll(() => bossJobs('test.broken'), { timeout: 5_000 }).toEqual([{ state: 'failed', retry_count: 3 }]);
    await q.stop();
  }, 90_000);

  it('runs a cron schedule once per occurrence across two instances and unschedules a removed one', async () => {
    let runs = 0;
    const schedule = { name: 'test.tick', cron: '* * * * * *', handler: async () => ++runs };
    const a = queue({}, { schedules: [schedule], cronIntervalSeconds: 1 });
    const b = queue({}, { schedules: [schedule], cronIntervalSeconds: 1 });
    const started = Date.now();
    await a.start();
    await b.start();
    expect((await a.boss.getSchedules()).map((s) => s.name)).toEqual(['test.tick']);
    await expect.poll(() => runs, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    // pg-boss sends at most one job per schedule and minute, whichever instance's cron pass comes first.
    await new Promise((r) => setTimeout(r, 3000));
    await a.stop();
    await b.stop();
    expect(runs).toBeLessThanOrEqual(1 + Math.ceil((Date.now() - started) / 60_000));
    const jobs = await bossJobs('test.tick');
    expect(jobs).toHaveLength(runs);
    expect(jobs.every((j) => j.state === 'completed')).toBe(true);

    const c = queue({}, { schedules: [] });
    await c.start();
    expect(await c.boss.getSchedules()).toEqual([]);
    await c.stop();
  }, 60_000);

  it('retries the job of a worker that died (missed heartbeat) and resumes from its progress', async () => {
    let release = () => {};
    const hang = new Promise<void>((r) => {
      release = r;
    });
    const dying = queue({
      'test.resume': async (ctx) => {
        await ctx.progress({ total: 3, done: 1 });
        await hang; // never returns while its instance "dies"
        return 'unreachable';
      },
    });
    await dying.start();
    const job = await dying.enqueue('test.resume', {});
    await expect.poll(async () => (await row(job.id)).done, { timeout: 15_000 }).toBe(1);
    // The instance dies: it stops without finishing, its heartbeat goes stale.
    await dying.boss.stop({ graceful: false });
    await sql`UPDATE pgboss.job SET heartbeat_on = now() - interval '1 hour' WHERE name = 'test.resume'`.execute(h.db);

    let resumedFrom = -1;
    const survivor = queue({
      'test.resume': async (ctx) => {
        resumedFrom = ctx.job.done;
        await ctx.progress({ done: 3 });
        return 'resumed';
      },
    });
    await survivor.start();
    await survivor.boss.supervise('test.resume');
    await expect.poll(async () => (await row(job.id)).status, { timeout: 20_000 }).toBe('completed');
    expect(resumedFrom).toBe(1);
    expect(await row(job.id)).toMatchObject({ done: 3, result: 'resumed' });
    release();
    await survivor.stop();
  }, 60_000);

  it('stop() hands a running job back without using an attempt; another instance resumes it', async () => {
    const first = queue({
      'test.handback': async (ctx) => {
        await ctx.progress({ total: 2, done: 1 });
        await ctx.sleep(60_000);
        return 'too late';
      },
    });
    await first.start();
    const job = await first.enqueue('test.handback', {});
    await expect.poll(async () => (await row(job.id)).done, { timeout: 15_000 }).toBe(1);
    await first.stop();
    expect((await row(job.id)).status).toBe('queued');
    expect(await bossJobs('test.handback')).toEqual([
      { state: 'completed', retry_count: 0 },
      { state: 'created', retry_count: 0 },
    ]);

    const second = queue({ 'test.handback': async (ctx) => ({ from: ctx.job.done }) });
    await second.start();
    await expect.poll(async () => (await row(job.id)).status, { timeout: 15_000 }).toBe('completed');
    expect((await row(job.id)).result).toEqual({ from: 1 });
    await second.stop();
  }, 60_000);
});
