import { type Kysely, sql } from 'kysely';

/**
 * Ends older sessions (docs/operations.md "Logins and sessions"): every token carries the user's
 * session_version at login; a password change or an admin's reset raises it,
 * so tokens issued before no longer authenticate. Tokens without the claim
 * count as version 0, which every user starts with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN session_version`.execute(db);
}
