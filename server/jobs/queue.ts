import type { Selectable } from 'kysely';
import { fromKysely, type Job as BossJob, type JobWithMetadata, PgBoss, type Queue } from 'pg-boss';
import type { AppConfig } from '../config';
import { type Db, queueConnectionOf } from '../db/index';
import type { JobsTable } from '../db/schema';

/**
 * Background jobs on pg-boss (a maintained PostgreSQL queue), on PostgreSQL
 * and on the embedded PGlite alike. pg-boss claims (SKIP LOCKED), retries
 * with growing backoff, notices a worker that died (missed heartbeat) and
 * runs the cron schedules once across all instances. The `jobs` table stays
 * the record the admin screens read (status, progress, result): a pg-boss
 * job only carries `{ job_id }`, and a retried or handed-back job resumes
 * from the progress its handler recorded there.
 */

export type JobRow = Selectable<JobsTable>;
export type LogFn = (msg: string, extra?: Record<string, unknown>) => void;

export interface JobProgress {
  total?: number;
  done?: number;
  succeeded?: number;
  failed?: number;
  result?: unknown;
}

export interface JobContext {
  db: Db;
  config: AppConfig;
  job: JobRow;
  signal: AbortSignal;
  /** Records progress (and the heartbeat). */
  progress(p: JobProgress): Promise<void>;
  /** Waits; rejects with AbortError when the queue stops or the job's claim is lost. */
  sleep(ms: number): Promise<void>;
}

/** Returns the final result (stored in jobs.result). */
export type JobHandler = (ctx: JobContext) => Promise<unknown>;

/** A recurring job: `cron` in Europe/Berlin time (five fields, or six with seconds). */
export interface ScheduledJob {
  name: string;
  cron: string;
  handler: (ctx: { db: Db; config: AppConfig; signal: AbortSignal }) => Promise<unknown>;
}

export class JobAbortedError extends Error {
  constructor() {
    super('job queue stopped');
    this.name = 'AbortError';
  }
}

/** A failure that retrying cannot cure (e.g. Keepa not paid): the job fails at once. */
export class JobFailedError extends Error {}

/** Queue policy of the handler kinds: attempts, growing backoff, heartbeat for a dead worker. */
const JOB_QUEUE: Omit<Queue, 'name'> = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  heartbeatSeconds: 30,
  expireInSeconds: 23 * 3600,
};
const SCHEDULE_QUEUE: Omit<Queue, 'name'> = { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 };
const TZ = 'Europe/Berlin';

export interface JobQueueOptions {
  db: Db;
  config: AppConfig;
  handlers: Record<string, JobHandler>;
  schedules: ScheduledJob[];
  log?: LogFn;
  /** This instance runs jobs (RUN_JOBS): supervises (retries, dead workers) and runs the cron schedules. */
  run: boolean;
  /** Overrides of the handler kinds' queue policy (tests shorten delays). */
  queuePolicy?: Omit<Queue, 'name'>;
  /** How often cron schedules and supervision run (seconds; pg-boss defaults otherwise). */
  cronIntervalSeconds?: number;
  superviseIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
}

export class JobQueue {
  readonly boss: PgBoss;
  private starting: Promise<void> | null = null;
  private working: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private readonly workerIds = new Map<string, string>();

  constructor(private readonly opts: JobQueueOptions) {
    const conn = queueConnectionOf(opts.db);
    if (!conn) throw new Error('job queue needs a database opened with openDatabase');
    const every = (seconds: number | undefined, ...keys: string[]) => Object.fromEntries(seconds ? keys.map((k) => [k, seconds]) : []);
    const timing = {
      ...every(opts.cronIntervalSeconds, 'cronWorkerIntervalSeconds', 'cronMonitorIntervalSeconds'),
      ...every(opts.superviseIntervalSeconds, 'superviseIntervalSeconds', 'monitorIntervalSeconds'),
    };
    const connection = conn.backend === 'pglite' ? { db: conn.db, backend: 'pglite' as const } : { connectionString: conn.connectionString, max: 4 };
    this.boss = new PgBoss({ ...connection, ...timing, supervise: opts.run, schedule: opts.run, registerInstance: false });
    this.boss.on('error', (e) => opts.log?.('job queue error', { err: String(e) }));
    this.boss.on('warning', (w) => opts.log?.('job queue warning', { warning: w.message }));
  }

  /** Installs/migrates the pg-boss schema and creates the queues (idempotent, without running anything). */
  ensureStarted(): Promise<void> {
    this.starting ??= (async () => {
      await this.boss.start();
      for (const kind of Object.keys(this.opts.handlers)) await this.boss.createQueue(kind, { ...JOB_QUEUE, ...this.opts.queuePolicy });
      for (const s of this.opts.schedules) await this.boss.createQueue(s.name, SCHEDULE_QUEUE);
    })();
    return this.starting;
  }

  /** Runs the handlers and the schedules on this instance (RUN_JOBS); stop() waits for it. */
  start(): Promise<void> {
    if (!this.opts.run) return Promise.resolve();
    this.working ??= this.work();
    return this.working;
  }

  private async work(): Promise<void> {
    await this.ensureStarted();
    await this.boss.supervise().catch((e) => this.opts.log?.('job queue supervise failed', { err: String(e) }));
    const polling = { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, includeMetadata: true as const };
    for (const kind of Object.keys(this.opts.handlers)) {
      if (this.abort.signal.aborted) return;
      this.workerIds.set(kind, await this.boss.work(kind, polling, ([j]) => this.runJob(kind, j as JobWithMetadata<{ job_id: number }>)));
    }
    const known = new Set(this.opts.schedules.map((s) => s.name));
    for (const old of await this.boss.getSchedules()) if (!known.has(old.name)) await this.boss.unschedule(old.name, old.key);
    for (const s of this.opts.schedules) {
      if (this.abort.signal.aborted) return;
      await this.boss.schedule(s.name, s.cron, null, { tz: TZ });
      this.workerIds.set(s.name, await this.boss.work(s.name, polling, ([j]) => this.runScheduled(s, j)));
    }
  }

  /** Stops working: a running job is handed back (resumes from its progress elsewhere or after restart). */
  async stop(): Promise<void> {
    this.abort.abort();
    await (this.working ?? this.starting)?.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
  }

  /** Records the job and queues it in one transaction. */
  async enqueue(kind: string, payload: unknown, opts: { total?: number; createdBy?: number | null; result?: unknown } = {}): Promise<JobRow> {
    await this.ensureStarted();
    const row = await this.opts.db.transaction().execute(async (trx) => {
      const r = await trx
        .insertInto('jobs')
        .values({
          kind,
          payload: JSON.stringify(payload),
          total: opts.total ?? 0,
          created_by: opts.createdBy ?? null,
          result: opts.result === undefined ? null : JSON.stringify(opts.result),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.boss.send(kind, { job_id: r.id }, { db: fromKysely(trx) });
      return r;
    });
    const worker = this.workerIds.get(kind);
    if (worker) this.boss.notifyWorker(worker);
    return row;
  }

  private async runJob(kind: string, bossJob: JobWithMetadata<{ job_id: number }>): Promise<unknown> {
    const { db, config } = this.opts;
    const jobId = bossJob.data.job_id;
    const claimed = await db
      .updateTable('jobs')
      .set({ status: 'running', started_at: (eb) => eb.fn.coalesce('started_at', eb.val(new Date())), heartbeat_at: new Date(), error: null })
      .where('id', '=', jobId)
      .where('status', 'in', ['queued', 'running'])
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return { skipped: 'job already finished' };
    const signal = AbortSignal.any([this.abort.signal, bossJob.signal]);
    const ctx: JobContext = {
      db,
      config,
      job: claimed,
      signal,
      progress: async (p) => {
        await db
          .updateTable('jobs')
          .set({
            heartbeat_at: new Date(),
            ...(p.total !== undefined ? { total: p.total } : {}),
            ...(p.done !== undefined ? { done: p.done } : {}),
            ...(p.succeeded !== undefined ? { succeeded: p.succeeded } : {}),
            ...(p.failed !== undefined ? { failed: p.failed } : {}),
            ...(p.result !== undefined ? { result: JSON.stringify(p.result) } : {}),
          })
          .where('id', '=', jobId)
          .execute();
      },
      sleep: (ms) => abortableSleep(ms, signal),
    };
    const setRow = (values: { status: JobRow['status']; error?: string | null; finished_at?: Date; result?: string }) =>
      // Only while this delivery owns the row: a worker declared dead must not overwrite its successor.
      db.updateTable('jobs').set(values).where('id', '=', jobId).where('status', '=', 'running').execute();
    try {
      const result = await this.opts.handlers[kind](ctx);
      await setRow({ status: 'completed', finished_at: new Date(), result: JSON.stringify(result ?? null) });
      return { job_id: jobId };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (this.abort.signal.aborted) {
        // Stopping: hand the job back as a fresh delivery, so a stop costs no attempt.
        await setRow({ status: 'queued' });
        await this.boss.send(kind, { job_id: jobId });
        return { handed_back: true };
      }
      if (e instanceof JobFailedError || bossJob.retryCount >= bossJob.retryLimit) {
        this.opts.log?.('job failed', { id: jobId, err: message });
        await setRow({ status: 'failed', finished_at: new Date(), error: message });
        if (e instanceof JobFailedError) return { failed: message };
        throw e;
      }
      // pg-boss retries it after its backoff; the row waits as queued with the last error.
      this.opts.log?.('job attempt failed, will retry', { id: jobId, attempt: bossJob.retryCount + 1, err: message });
      await setRow({ status: 'queued', error: message });
      throw e;
    }
  }

  private async runScheduled(s: ScheduledJob, bossJob: BossJob<unknown>): Promise<unknown> {
    try {
      return (await s.handler({ db: this.opts.db, config: this.opts.config, signal: AbortSignal.any([this.abort.signal, bossJob.signal]) })) ?? null;
    } catch (e) {
      this.opts.log?.(`scheduled job ${s.name} failed`, { err: String(e) });
      throw e;
    }
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new JobAbortedError());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(t);
      reject(new JobAbortedError());
    };
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
