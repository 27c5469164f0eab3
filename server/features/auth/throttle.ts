import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { AppError } from '../../errors';

/**
 * Login throttling per account and per IP, kept in the database so that all
 * API instances share it. After `maxFailures` failures inside the window the
 * key is locked for one window; a success clears the account key.
 */
export interface ThrottleOptions {
  maxFailures: number;
  windowMinutes: number;
}

export async function assertNotLocked(db: Db, keys: string[]): Promise<void> {
  const rows = await db
    .selectFrom('login_attempts')
    .select(['key', 'locked_until'])
    .where('key', 'in', keys)
    .where('locked_until', '>', sql<Date>`now()`)
    .execute();
  if (rows.length === 0) return;
  const until = Math.max(...rows.map((r) => new Date(r.locked_until as Date).getTime()));
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60000));
  throw new AppError('TOO_MANY_ATTEMPTS', { minutes });
}

export async function recordFailure(db: Db, keys: string[], opts: ThrottleOptions): Promise<void> {
  const window = `${opts.windowMinutes} minutes`;
  for (const key of keys) {
    await sql`
      INSERT INTO login_attempts (key, failures, window_start) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_attempts.window_start < now() - ${window}::interval THEN 1 ELSE login_attempts.failures + 1 END,
        window_start = CASE WHEN login_attempts.window_start < now() - ${window}::interval THEN now() ELSE login_attempts.window_start END,
        locked_until = CASE
          WHEN login_attempts.window_start >= now() - ${window}::interval AND login_attempts.failures + 1 >= ${opts.maxFailures}
          THEN now() + ${window}::interval ELSE login_attempts.locked_until END`.execute(db);
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}
