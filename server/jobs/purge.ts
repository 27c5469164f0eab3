import { sql } from 'kysely';
import type { Db } from '../db/index';

/**
 * Retention purge (docs/operations.md "Retention purge"): login_attempts, idempotency_keys and
 * sync_mutations would otherwise grow with every login and every booking.
 *
 * What is kept, and why:
 *  - login_attempts: a row only matters inside its throttle window (and the
 *    lock that follows it), so anything whose window started more than a day
 *    ago (or two windows, if the window is configured longer) is dead. Only
 *    the age is looked at: the throttle's own columns belong to its module.
 *  - idempotency_keys: a client retries a lost answer within seconds or, from
 *    an offline shift, hours; after the retention a reused key runs again.
 *  - sync_mutations: push.ts decides duplicates by sync_clients.last_mutation_id
 *    (never purged), so an old id is still answered 'duplicate' without a
 *    second effect; only the stored outcome is lost. The newest row per client
 *    is kept regardless of age, so a device that replays its last batch after
 *    a long break still gets the original result or rejection code.
 *  - sync_tombstones are NOT purged: the pull cookie is a transaction id, not a
 *    time (sync/server/change-window.ts), so a quiet device's cookie stays
 *    usable far beyond any age limit. Deleting a tombstone it has not seen yet
 *    would leave a deleted place on that device forever. Tombstones are only
 *    written when a compartment is deleted, so the table stays small.
 */

export interface PurgeOptions {
  retentionDays: number;
  /** The longest login throttle window in minutes (login_attempts older than a day or two windows go). */
  loginWindowMinutes: number;
  now?: Date;
}

export interface PurgeResult {
  login_attempts: number;
  idempotency_keys: number;
  sync_mutations: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function deleted(r: { numDeletedRows: bigint } | undefined): number {
  return Number(r?.numDeletedRows ?? 0);
}

export async function purgeExpired(db: Db, opts: PurgeOptions): Promise<PurgeResult> {
  const now = opts.now ?? new Date();
  const loginCutoff = new Date(now.getTime() - Math.max(DAY_MS, 2 * opts.loginWindowMinutes * 60_000));
  const cutoff = new Date(now.getTime() - opts.retentionDays * DAY_MS);

  const logins = await db.deleteFrom('login_attempts').where('window_start', '<', loginCutoff).executeTakeFirst();
  const keys = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  const mutations = await db
    .deleteFrom('sync_mutations as m')
    .where('m.created_at', '<', cutoff)
    // The client's newest outcome stays: the answer to a replay of its last batch.
    .where('m.mutation_id', '<', sql<number>`(SELECT max(n.mutation_id) FROM sync_mutations n WHERE n.client_id = m.client_id)`)
    .executeTakeFirst();
  return { login_attempts: deleted(logins), idempotency_keys: deleted(keys), sync_mutations: deleted(mutations) };
}
