import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { sql } from 'kysely';
import { WEBHOOK_DELIVERY_ERRORS as E } from '../../../shared/i18n/webhooks';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/index';
import { AppError } from '../../errors';
import { decryptSetting } from '../settings/crypto';
import { type ResolvedTarget, resolveTarget } from './target';

/**
 * Delivering the webhook outbox (docs/integrations.md "Webhooks"): a signed
 * POST, 2xx within 10 s is delivered; anything else is tried again after the
 * next delay of the schedule and given up after the last. At least once, in
 * order per order: a delivery waits while an earlier one of the same order to
 * the same webhook is still pending. A claim is a lease (next_attempt_at moved
 * past the timeout), so a worker that dies mid-attempt only delays a retry.
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Seconds after attempt 1, 2, …: the first retry within a minute, 7 tries over about 3.7 hours. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS = [30, 120, 600, 1800, 3600, 7200] as const;
const LEASE_SECONDS = 60;
const BATCH = 20;

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** POSTs to the checked address (never a second DNS answer); resolves to the HTTP status. */
function postPinned(target: ResolvedTarget, body: string, headers: Record<string, string>): Promise<number> {
  const pinned: LookupFunction = (_host, options, cb) => {
    if (options.all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const mod = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      lookup: pinned,
      agent: false,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function errorText(e: unknown): string {
  if (e instanceof AppError) return e.toBody().detail;
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) return E.timeout(WEBHOOK_TIMEOUT_MS / 1000);
  const code = (e as { code?: string }).code;
  return E.network(code ?? (e instanceof Error ? e.message : String(e)));
}

/** One attempt of one delivery, recorded on its row; answers the new status. */
export async function attemptDelivery(db: Db, config: AppConfig, deliveryId: number): Promise<'pending' | 'delivered' | 'failed'> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(['d.attempts', 'w.url', 'w.secret_encrypted', 'w.deleted_at', 'e.id as event_id', 'e.type', 'e.created_at', 'e.data'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirstOrThrow();
  const attempts = row.attempts + 1;
  if (row.deleted_at !== null) {
    await record(db, deliveryId, { status: 'failed', attempts, response_status: null, last_error: E.deleted, next_attempt_at: null });
    return 'failed';
  }
  const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  const body = JSON.stringify({ id: row.event_id, type: row.type, created_at: new Date(row.created_at).toISOString(), data });
  const headers = { 'lagerwerk-signature': signatureHeader(decryptSetting(config.settingsKey, row.secret_encrypted), body, Math.floor(Date.now() / 1000)) };
  let status: number | null = null;
  let error: string | null = null;
  try {
    const target = await resolveTarget(row.url, config.webhookAllowPrivateHosts === true);
    status = await postPinned(target, body, headers);
    if (status < 200 || status > 299) error = E.httpStatus(status);
  } catch (e) {
    error = errorText(e);
  }
  if (error === null) {
    await record(db, deliveryId, { status: 'delivered', attempts, response_status: status, last_error: null, next_attempt_at: null, delivered: true });
    return 'delivered';
  }
  const delays = config.webhookRetryDelaysSeconds ?? DEFAULT_WEBHOOK_RETRY_DELAYS;
  const delay = delays[attempts - 1];
  const next = delay === undefined ? null : new Date(Date.now() + delay * 1000);
  await record(db, deliveryId, { status: next ? 'pending' : 'failed', attempts, response_status: status, last_error: error, next_attempt_at: next });
  return next ? 'pending' : 'failed';
}

async function record(
  db: Db,
  id: number,
  v: {
    status: 'pending' | 'delivered' | 'failed';
    attempts: number;
    response_status: number | null;
    last_error: string | null;
    next_attempt_at: Date | null;
    delivered?: boolean;
  },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: v.status,
      attempts: v.attempts,
      response_status: v.response_status,
      last_error: v.last_error,
      next_attempt_at: v.next_attempt_at,
      last_attempt_at: sql<Date>`now()`,
      ...(v.delivered ? { delivered_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Claims due deliveries that no earlier pending delivery of the same order (same webhook) holds back. */
async function claimDue(db: Db, limit: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    UPDATE webhook_deliveries SET next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id IN (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d.next_attempt_at <= now()
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries p
          WHERE p.webhook_id = d.webhook_id AND p.order_id = d.order_id AND p.status = 'pending' AND p.id < d.id)
      ORDER BY d.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Works every due delivery (the scheduled job webhooks.deliver, server/jobs/schedules.ts); answers counts. */
export async function deliverDueWebhooks(db: Db, config: AppConfig, signal?: AbortSignal): Promise<{ delivered: number; retrying: number; failed: number }> {
  const out = { delivered: 0, retrying: 0, failed: 0 };
  for (;;) {
    if (signal?.aborted) return out;
    const ids = await claimDue(db, BATCH);
    if (ids.length === 0) return out;
    const results = await Promise.all(ids.map((id) => attemptDelivery(db, config, id)));
    for (const r of results) {
      if (r === 'delivered') out.delivered++;
      else if (r === 'pending') out.retrying++;
      else out.failed++;
    }
  }
}

/**
 * The scheduled job webhooks.deliver: pg-boss starts a cron job at most once a
 * minute, so the job itself keeps looking for due deliveries every `everyMs`
 * for most of that minute; an event leaves within seconds, not a minute. Two
 * overlapping runs (a slow minute) are harmless: claims skip locked rows and lease them.
 */
export async function deliverForAMinute(
  db: Db,
  config: AppConfig,
  signal: AbortSignal,
  opts: { forMs: number; everyMs: number } = { forMs: 55_000, everyMs: 2_000 },
): Promise<{ delivered: number; retrying: number; failed: number }> {
  const total = { delivered: 0, retrying: 0, failed: 0 };
  const end = Date.now() + opts.forMs;
  while (!signal.aborted) {
    const r = await deliverDueWebhooks(db, config, signal);
    total.delivered += r.delivered;
    total.retrying += r.retrying;
    total.failed += r.failed;
    if (Date.now() + opts.everyMs >= end) break;
    await pause(opts.everyMs, signal);
  }
  return total;
}

/** Waits, ending early (without an error) when the queue stops. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
