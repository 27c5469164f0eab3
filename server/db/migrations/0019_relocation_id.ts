import { type Kysely, sql } from 'kysely';

/**
 * Relocation (Umlagern, docs/operations.md "Relocation"): the two movements of
 * one relocation (out of the source, into the target) share a relocation_id.
 * Null for every other movement; the partial index finds the pair.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stock_movements ADD COLUMN relocation_id uuid`.execute(db);
  await sql`CREATE INDEX stock_movements_relocation ON stock_movements (relocation_id) WHERE relocation_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS stock_movements_relocation`.execute(db);
  await sql`ALTER TABLE stock_movements DROP COLUMN relocation_id`.execute(db);
}
