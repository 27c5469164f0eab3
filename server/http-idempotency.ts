import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONFLICT_REASONS, reasonParams } from '../shared/i18n/errors/refusal-words';
import type { Actor } from './auth/actor';
import { actorOf } from './auth/plugin';
import type { Db, DbOrTrx, Trx } from './db/index';
import { AppError } from './errors';

/**
 * REST idempotency (Idempotency-Key header). The key is claimed with an
 * INSERT … ON CONFLICT DO NOTHING inside the command's transaction and the
 * response is stored there too, so the key exists exactly when the effect
 * does. A concurrent request with the same key blocks on that insert until
 * the first commits, then replays its stored response; if the first failed
 * (rolled back), the key is free again and the retry runs for real.
 *
 * The key is bound to its request by a sha256 of method, path and canonical
 * body: a client that reuses a key for another booking (a bug, or two scans
 * sharing a key) gets a 422 instead of the first answer, which would
 * silently drop the second booking.
 *
 * A command route declares `headers: IdempotencyHeaders` and answers through
 * idempotent(); ship, which must not call DHL again before its transaction,
 * uses storedReplay and runIdempotent itself (features/packing/dhl-ship.ts).
 * Keyed Einlagern is group-committed: its key row is written by the booking
 * statement itself (features/stock/inbound-many.ts, docs/architecture.md).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** Route headers schema: an optional Idempotency-Key; other headers pass through untouched. */
export const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().trim().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH).optional(),
});
export type IdempotencyHeaders = z.infer<typeof IdempotencyHeaders>;

/** What a key is bound to: method and path (e.g. `POST /inbound`, as the route names it) and the parsed body or query. */
export interface IdempotentRequest {
  route: string;
  body?: unknown;
}

/** JSON with object keys sorted, so the same body hashes the same whatever order its keys were sent in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function requestHash(req: IdempotentRequest): string {
  return createHash('sha256')
    .update(canonicalJson({ route: req.route, body: req.body ?? null }))
    .digest('hex');
}

async function storedResponse(db: DbOrTrx, userId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['route', 'request_hash', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export type Stored = { route: string; request_hash: string | null; response: unknown };

/** The stored answer for this request, or the refusal of a key reused for another route or body (422). */
export function replay(stored: Stored, route: string, hash: string): unknown {
  if (stored.route !== route) throw new AppError('IDEMPOTENCY_KEY_REUSED', { route: stored.route });
  // Rows from before the hash existed (null) replay by route alone, as they always did.
  if (stored.request_hash !== null && stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_MISMATCH', { route: stored.route });
  return stored.response;
}

/** Marks a replayed answer (header `idempotent-replayed: true`) and returns its body. */
export function idempotentBody<R>(reply: Pick<FastifyReply, 'header'>, r: IdempotentResult<R>): R {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return r.body;
}

export interface IdempotentResult<R> {
  body: R;
  replayed: boolean;
}

/**
 * The stored answer of an earlier request with this key, or null. For commands
 * that must not start their side effects again (the DHL label call of ship)
 * before they reach runIdempotent's transaction.
 */
export async function storedReplay<R>(db: DbOrTrx, actor: Actor, key: string | undefined, request: IdempotentRequest): Promise<IdempotentResult<R> | null> {
  if (!key) return null;
  const before = await storedResponse(db, actor.id, key);
  return before ? { body: replay(before, request.route, requestHash(request)) as R, replayed: true } : null;
}

/** Runs `run` in a transaction; with a key, at most once per (user, key). */
export async function runIdempotent<R>(
  db: Db,
  actor: Actor,
  key: string | undefined,
  request: IdempotentRequest,
  run: (trx: Trx) => Promise<R>,
): Promise<IdempotentResult<R>> {
  if (!key) return { body: await db.transaction().execute(run), replayed: false };
  const { route } = request;
  const hash = requestHash(request);
  const before = await storedResponse(db, actor.id, key);
  // The stored body is exactly what this route answered before.
  if (before) return { body: replay(before, route, hash) as R, replayed: true };
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: actor.id, key, route, request_hash: hash, status_code: 200, response: null })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const other = await storedResponse(trx, actor.id, key);
      if (!other) throw new AppError('CONFLICT', reasonParams(CONFLICT_REASONS, 'in_progress'));
      return { body: replay(other, route, hash) as R, replayed: true };
    }
    const body = await run(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(body ?? null) })
      .where('user_id', '=', actor.id)
      .where('key', '=', key)
      .execute();
    return { body, replayed: false };
  });
}

/** The prefix the feature routes are registered under (server/app.ts); stored route names never had it. */
const API_PREFIX = /^\/api(?=\/)/;

/**
 * What a route's key is bound to: its method and path as registered, without
 * the API prefix and with the parsed params filled in (`POST /picking-waves/7/pick`).
 */
function routeOf(req: FastifyRequest): string {
  const params = (req.params ?? {}) as Record<string, unknown>;
  const path = req.routeOptions.url?.replace(API_PREFIX, '').replace(/:(\w+)/g, (_, name: string) => String(params[name])) ?? req.url;
  return `${req.method} ${path}`;
}

/** A request's Idempotency-Key and what it is bound to, or null without a key (for routes that group-commit keyed requests). */
export function keyedRequest(req: FastifyRequest & { headers: IdempotencyHeaders }, body?: unknown): { key: string; request: IdempotentRequest } | null {
  const key = req.headers[IDEMPOTENCY_HEADER];
  return key ? { key, request: { route: routeOf(req), body } } : null;
}

/**
 * A command route with the IdempotencyHeaders schema: runs `run` for the
 * request's actor under the request's Idempotency-Key (bound to the route and
 * `body`, the parsed body or query; none for commands without one), marks a
 * replay and returns the body to send.
 */
export async function idempotent<R>(
  db: Db,
  req: FastifyRequest & { headers: IdempotencyHeaders },
  reply: FastifyReply,
  run: (trx: Trx, actor: Actor) => Promise<R>,
  body?: unknown,
): Promise<R> {
  const actor = actorOf(req);
  const r = await runIdempotent(db, actor, req.headers[IDEMPOTENCY_HEADER], { route: routeOf(req), body }, (trx) => run(trx, actor));
  return idempotentBody(reply, r);
}
