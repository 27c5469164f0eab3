import { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { Db, DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * REST idempotency (Idempotency-Key header). The key is claimed with an
 * INSERT … ON CONFLICT DO NOTHING inside the command's transaction and the
 * response is stored there too, so the key exists exactly when the effect
 * does. A concurrent request with the same key blocks on that insert until
 * the first commits, then replays its stored response; if the first failed
 * (rolled back), the key is free again and the retry runs for real.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** Route headers schema: an optional Idempotency-Key; other headers pass through untouched. */
export const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().trim().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH).optional(),
});

async function storedResponse(db: DbOrTrx, userId: number, key: string) {
  return db.selectFrom('idempotency_keys').select(['route', 'response']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

function replay(stored: { route: string; response: unknown }, route: string): unknown {
  if (stored.route !== route) throw new AppError('IDEMPOTENCY_KEY_REUSED', { route: stored.route });
  return stored.response;
}

/** Marks a replayed answer (header `idempotent-replayed: true`) and returns its body. */
export function idempotentBody<R>(reply: { header(name: string, value: string): unknown }, r: IdempotentResult<R>): R {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return r.body;
}

export interface IdempotentResult<R> {
  body: R;
  replayed: boolean;
}

/** Runs `run` in a transaction; with a key, at most once per (user, key). */
export async function runIdempotent<R>(
  db: Db,
  actor: Actor,
  key: string | undefined,
  route: string,
  run: (trx: Trx) => Promise<R>,
): Promise<IdempotentResult<R>> {
  if (!key) return { body: await db.transaction().execute(run), replayed: false };
  const before = await storedResponse(db, actor.id, key);
  // The stored body is exactly what this route answered before.
  if (before) return { body: replay(before, route) as R, replayed: true };
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: actor.id, key, route, status_code: 200, response: null })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const other = await storedResponse(trx, actor.id, key);
      if (!other) throw new AppError('CONFLICT', { reason: 'Anfrage wird bereits verarbeitet' });
      return { body: replay(other, route) as R, replayed: true };
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
