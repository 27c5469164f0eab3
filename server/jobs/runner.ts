import { sql } from 'kysely';
import type { AppConfig } from '../config';
import type { Db } from '../db/index';
import type { JobsTable } from '../db/schema';
import type { Selectable } from 'kysely';

/**
 * A small database-backed job runner. Any API instance may run it: a job is
 * claimed with FOR UPDATE SKIP LOCKED, so two instances never take the same
 * one; a running job writes a heartbeat, and a job whose heartbeat is stale
 * (its instance died) is claimed again and resumes from the progress it
 * recorded (handlers keep their cursor in jobs.done/result). Stopping the
 * runner hands the current job back to the queue.
 */

export type JobRow = Selectable<JobsTable>;

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
  /** Waits, keeping the heartbeat fresh; rejects with AbortError when the runner stops. */
  sleep(ms: number): Promise<void>;
}

/** Returns the final result (stored in jobs.result). */
export type JobHandler = (ctx: JobContext) => Promise<unknown>;

export class JobAbortedError extends Error {
  constructor() {
    super('job runner stopped');
    this.name = 'AbortError';
  }
}

const runners = new Set<JobRunner>();
/** Wakes the local runners (after enqueueing) instead of waiting for the next poll. */
export function kickJobRunners(): void {
  for (const r of runners) r.kick();
}

export async function enqueueJob(
  db: Db,
  kind: string,
  payload: unknown,
  opts: { total?: number; createdBy?: number | null; result?: unknown } = {},
): Promise<JobRow> {
  const row = await db
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
  kickJobRunners();
  return row;
}

export interface JobRunnerOptions {
  db: Db;
  config: AppConfig;
  handlers: Record<string, JobHandler>;
  pollMs?: number;
  /** A running job without heartbeat for this long is taken over. */
  staleMs?: number;
  heartbeatMs?: number;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

export class JobRunner {
  private readonly opts: Required<Omit<JobRunnerOptions, 'log'>> & Pick<JobRunnerOptions, 'log'>;
  private abort = new AbortController();
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(opts: JobRunnerOptions) {
    this.opts = { pollMs: 1000, staleMs: 60_000, heartbeatMs: 10_000, ...opts };
  }

  start(): void {
    if (this.loop) return;
    this.abort = new AbortController();
    runners.add(this);
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    runners.delete(this);
    this.abort.abort();
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  kick(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      let job: JobRow | undefined;
      try {
        job = await this.claim();
      } catch (e) {
        this.opts.log?.('job claim failed', { err: String(e) });
      }
      if (job) {
        await this.execute(job);
        continue;
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, this.opts.pollMs);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private async claim(): Promise<JobRow | undefined> {
    const kinds = Object.keys(this.opts.handlers);
    if (kinds.length === 0) return undefined;
    const staleBefore = new Date(Date.now() - this.opts.staleMs);
    const r = await sql<JobRow>`
      UPDATE jobs SET status = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now()
      WHERE id = (
        SELECT id FROM jobs
        WHERE kind IN (${sql.join(kinds)})
          AND (status = 'queued' OR (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < ${staleBefore})))
        ORDER BY id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING *`.execute(this.opts.db);
    return r.rows[0];
  }

  private async execute(job: JobRow): Promise<void> {
    const { db } = this.opts;
    const signal = this.abort.signal;
    const beat = () => db.updateTable('jobs').set({ heartbeat_at: new Date() }).where('id', '=', job.id).execute();
    const ctx: JobContext = {
      db,
      config: this.opts.config,
      job,
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
          .where('id', '=', job.id)
          .execute();
      },
      sleep: async (ms) => {
        const until = Date.now() + ms;
        while (Date.now() < until) {
          if (signal.aborted) throw new JobAbortedError();
          const step = Math.min(this.opts.heartbeatMs, until - Date.now());
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, step);
            signal.addEventListener(
              'abort',
              () => {
                clearTimeout(t);
                resolve();
              },
              { once: true },
            );
          });
          if (signal.aborted) throw new JobAbortedError();
          await beat();
        }
      },
    };
    const handler = this.opts.handlers[job.kind];
    try {
      const result = await handler(ctx);
      await db
        .updateTable('jobs')
        .set({ status: 'completed', finished_at: new Date(), heartbeat_at: new Date(), result: JSON.stringify(result ?? null) })
        .where('id', '=', job.id)
        .execute();
    } catch (e) {
      if (signal.aborted || e instanceof JobAbortedError) {
        // Hand it back: the next runner resumes from the recorded progress.
        await db
          .updateTable('jobs')
          .set({ status: 'queued' })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .execute()
          .catch(() => undefined);
        return;
      }
      this.opts.log?.('job failed', { id: job.id, err: String(e) });
      await db
        .updateTable('jobs')
        .set({ status: 'failed', finished_at: new Date(), error: e instanceof Error ? e.message : String(e) })
        .where('id', '=', job.id)
        .execute()
        .catch(() => undefined);
    }
  }
}
