import { sql } from 'kysely';
import type { LoginThrottleSettings } from '../../config';
import type { Db } from '../../db/index';
import { AppError } from '../../errors';

/**
 * Login throttling after OWASP's Authentication Cheat Sheet, kept in the
 * database (login_attempts) so that all API instances share it.
 *
 * Three counters, because each alone fails a warehouse:
 * - (account, IP) pair: a small budget. It stops one device guessing one
 *   password without touching anybody else.
 * - IP: a high budget. All scanners of a warehouse share one NAT address, so
 *   a low limit here would let five typos lock the whole building out.
 * - account, from any IP: after some free failures each further attempt has
 *   to wait an exponentially growing, capped delay. A hard lock would hand
 *   the account to any stranger who knows the e-mail address.
 *
 * An attempt is counted BEFORE the password is checked, in one
 * INSERT … ON CONFLICT DO UPDATE … WHERE <still allowed> RETURNING per
 * counter: the row lock makes parallel requests queue, and a request whose
 * update the WHERE refuses gets no row back. So 15 parallel wrong passwords
 * get exactly the pair's budget, not "everyone who read the counter before
 * anyone wrote it". A correct password gives its attempt back (the pair is
 * cleared), so only failures stay counted; refused attempts count nowhere.
 */
export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  pair: { maxFailures: 5, windowMinutes: 15 },
  ip: { maxFailures: 100, windowMinutes: 15 },
  account: { freeFailures: 10, windowMinutes: 60, baseDelaySeconds: 1, maxDelaySeconds: 300 },
};

/** The longest window of the throttle rules in minutes (rows older than that count for nothing). */
export function longestLoginWindowMinutes(t: LoginThrottleSettings = DEFAULT_LOGIN_THROTTLE): number {
  return Math.max(t.pair.windowMinutes, t.ip.windowMinutes, t.account.windowMinutes);
}

export interface LoginKeys {
  pair?: string;
  ip: string;
  account?: string;
}

export function loginKeys(ip: string, email?: string): LoginKeys {
  if (email === undefined) return { ip: `ip:${ip}` };
  const account = email.trim().toLowerCase();
  // The IP comes first and never contains '|', so no e-mail can forge another pair's key.
  return { pair: `pair:${ip}|${account}`, ip: `ip:${ip}`, account: `acct:${account}` };
}

/** Counts one attempt in a fixed window; false when the window's budget is used up. */
async function takeFromWindow(db: Db, key: string, rule: { maxFailures: number; windowMinutes: number }): Promise<boolean> {
  const expired = sql`a.window_start <= now() - ${rule.windowMinutes}::float8 * interval '1 minute'`;
  const { rows } = await sql<{ failures: number }>`
    INSERT INTO login_attempts AS a (key, failures, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${expired} THEN 1 ELSE a.failures + 1 END,
      window_start = CASE WHEN ${expired} THEN now() ELSE a.window_start END
    WHERE ${expired} OR a.failures < ${rule.maxFailures}
    RETURNING a.failures`.execute(db);
  return rows.length > 0;
}

/** Counts one attempt on an account; from `freeFailures` on, it sets the wait before the next one. */
async function takeFromAccount(db: Db, key: string, rule: LoginThrottleSettings['account']): Promise<boolean> {
  const expired = sql`a.window_start <= now() - ${rule.windowMinutes}::float8 * interval '1 minute'`;
  const delaySeconds = sql`least(${rule.baseDelaySeconds}::float8 * power(2, a.failures + 1 - ${rule.freeFailures}::int), ${rule.maxDelaySeconds}::float8)`;
  const { rows } = await sql<{ failures: number }>`
    INSERT INTO login_attempts AS a (key, failures, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${expired} THEN 1 ELSE a.failures + 1 END,
      window_start = CASE WHEN ${expired} THEN now() ELSE a.window_start END,
      locked_until = CASE WHEN NOT ${expired} AND a.failures + 1 >= ${rule.freeFailures}
        THEN now() + ${delaySeconds} * interval '1 second' END
    WHERE a.locked_until IS NULL OR a.locked_until <= now()
    RETURNING a.failures`.execute(db);
  return rows.length > 0;
}

/** Gives attempts back that were counted but not tried (a later counter refused) or that succeeded. */
async function giveBack(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('login_attempts')
    .set((eb) => ({ failures: sql<number>`greatest(${eb.ref('failures')} - 1, 0)` }))
    .where('key', 'in', keys)
    .execute();
}

/** Seconds until a refused key may try again: the end of its window, or the account's delay. */
async function waitSeconds(db: Db, key: string, windowMinutes: number | null): Promise<number> {
  const until = windowMinutes === null ? sql<Date | null>`locked_until` : sql<Date | null>`window_start + ${windowMinutes}::float8 * interval '1 minute'`;
  const row = await db
    .selectFrom('login_attempts')
    .select(sql<number | null>`extract(epoch from (${until} - now()))`.as('seconds'))
    .where('key', '=', key)
    .executeTakeFirst();
  return Math.max(1, Math.ceil(Number(row?.seconds ?? 1)));
}

/**
 * Counts a login attempt on every counter or refuses it with a German 429.
 * Call before checking the password; call `loginSucceeded` after a correct one.
 */
export async function takeLoginAttempt(db: Db, keys: LoginKeys, settings: LoginThrottleSettings): Promise<void> {
  const taken: string[] = [];
  const windows: [string | undefined, LoginThrottleSettings['pair']][] = [
    [keys.pair, settings.pair],
    [keys.ip, settings.ip],
  ];
  for (const [key, rule] of windows) {
    if (key === undefined) continue;
    if (!(await takeFromWindow(db, key, rule))) {
      await giveBack(db, taken);
      const minutes = Math.ceil((await waitSeconds(db, key, rule.windowMinutes)) / 60);
      throw new AppError('TOO_MANY_ATTEMPTS', { minutes });
    }
    taken.push(key);
  }
  if (keys.account !== undefined && !(await takeFromAccount(db, keys.account, settings.account))) {
    await giveBack(db, taken);
    throw new AppError('LOGIN_DELAYED', { seconds: await waitSeconds(db, keys.account, null) });
  }
}

/** A correct password: its pair starts afresh, the IP and the account get the attempt back. */
export async function loginSucceeded(db: Db, keys: LoginKeys): Promise<void> {
  if (keys.pair !== undefined) await db.deleteFrom('login_attempts').where('key', '=', keys.pair).execute();
  await giveBack(db, keys.account === undefined ? [keys.ip] : [keys.ip, keys.account]);
}
