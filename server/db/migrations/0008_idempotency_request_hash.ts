import { type Kysely, sql } from 'kysely';

/**
 * Binds an Idempotency-Key to its request: sha256 of
 * method, path and canonical body. Nullable: rows written before this
 * migration have no hash and are replayed by route alone, as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys ADD COLUMN request_hash text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys DROP COLUMN request_hash`.execute(db);
}
