import { type Kysely, sql } from 'kysely';

/**
 * Blocked places (Sperrplätze, docs/operations.md "Blocked places"): a storage
 * place or a whole room can be blocked; stock on a blocked place is not
 * available for reservations, waves, picks or Auslagern.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE locations ADD COLUMN is_blocked boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE rooms ADD COLUMN is_blocked boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rooms DROP COLUMN is_blocked`.execute(db);
  await sql`ALTER TABLE locations DROP COLUMN is_blocked`.execute(db);
}
