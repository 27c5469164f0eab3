import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { API_KEYS_UI } from '../../shared/i18n/api-keys';
import { API_KEY_PREFIX } from '../../shared/schemas/api-keys';
import type { Db } from '../db/index';
import { PREPARED } from '../db/prepared';
import { AppError } from '../errors';
import type { Actor } from './actor';

/**
 * API keys of a customer's shop (docs/operations.md "API keys").
 * A key is `lw_` + 32 random bytes in base64url (43 characters); only its
 * SHA-256 is stored (high-entropy like the QR tokens, server/auth/password.ts),
 * with the first PREFIX_LENGTH characters to recognise it in the list.
 */
const KEY_BYTES = 32;
const PREFIX_LENGTH = 10;

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key a request carries (`Authorization: Bearer lw_…` or `X-API-Key: lw_…`), or null for none (then a JWT may follow). */
export function apiKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string' && /^bearer lw_/i.test(auth)) return auth.slice(7).trim();
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  return null;
}

/**
 * The actor of a key: a customer user of the key's customer. It is looked up
 * on every request (one indexed query) and never cached, so a revocation is
 * seen by the very next request on every instance. `id` is the user who
 * created the key (rows a request writes name a person); the key's own id is
 * `api_key_id`, which the routes of one's own account and device refuse.
 */
export async function loadKeyActor(db: Db, key: string): Promise<Actor & { api_key_id: number }> {
  if (!key.startsWith(API_KEY_PREFIX)) throw new AppError('API_KEY_INVALID');
  const { rows } = await sql<{ id: number; customer_id: number; name: string; created_by: number }>`${PREPARED}
    SELECT k.id, k.customer_id, k.name, k.created_by
    FROM api_keys k JOIN customers c ON c.id = k.customer_id
    WHERE k.key_hash = ${hashApiKey(key)}::text AND k.revoked_at IS NULL AND c.is_active`.execute(db);
  const k = rows[0];
  if (!k) throw new AppError('API_KEY_INVALID');
  return {
    id: k.created_by,
    username: `${API_KEY_PREFIX}${k.id}`,
    email: null,
    full_name: API_KEYS_UI.actorName(k.name),
    role: 'customer_user',
    is_admin: false,
    customer_id: k.customer_id,
    scope: { kind: 'only', ids: [k.customer_id] },
    session_version: 0,
    api_key_id: k.id,
  };
}

/** last_used_at is written at most once a minute per key and instance (a request costs no write). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Requests per key in a fixed one-minute window, in this process's memory: with
 * several instances each counts its own share (docs/operations.md "API keys").
 */
export class ApiKeyLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>();
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly db: Db,
    readonly perMinute: number,
  ) {}

  /** Counts one request of a key; over the limit it counts nothing and answers the seconds until the window ends (else 0). */
  take(keyId: number, now = Date.now()): number {
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= 60_000) {
      if (this.windows.size >= 10_000) this.prune(now);
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    if (w.count >= this.perMinute) return Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
    w.count++;
    return 0;
  }

  /** Notes a use of the key in last_used_at, at most once a minute. */
  async touch(keyId: number, now = Date.now()): Promise<void> {
    const last = this.touched.get(keyId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    if (this.touched.size >= 10_000) this.touched.clear();
    this.touched.set(keyId, now);
    await this.db.updateTable('api_keys').set({ last_used_at: sql<Date>`now()` }).where('id', '=', keyId).execute();
  }

  private prune(now: number): void {
    for (const [id, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(id);
  }
}
