import { type Kysely, sql } from 'kysely';

/**
 * Counting offline (docs/operations.md "Stocktake"): a count and a "Platz
 * fertig" that came from a handheld's queue carry the mutation that set them
 * (client_id, mutation_id), as stock movements do. Null for REST calls.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stocktake_lines ADD COLUMN client_id text, ADD COLUMN mutation_id integer`.execute(db);
  await sql`ALTER TABLE stocktake_places ADD COLUMN client_id text, ADD COLUMN mutation_id integer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stocktake_places DROP COLUMN client_id, DROP COLUMN mutation_id`.execute(db);
  await sql`ALTER TABLE stocktake_lines DROP COLUMN client_id, DROP COLUMN mutation_id`.execute(db);
}
