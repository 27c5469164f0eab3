import { type Kysely, sql } from 'kysely';

/** The handheld language of a user (docs/architecture.md "Languages"): a shared scanner follows whoever logs in. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'de' CHECK (language IN ('de', 'en', 'pl', 'uk'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN language`.execute(db);
}
