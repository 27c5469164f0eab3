import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the pages of a warehouse ten times the scale bench's default
 * (1,000,000 products; docs/performance.md "Scale").
 *
 * The products page (admin) is ordered by (lower(title), id): with this index
 * a page at skip 5,000 reads 5,020 index entries instead of sorting the
 * catalogue. Its counters (complete / incomplete) count the complete products
 * from the partial index instead of reading every product's dimensions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_lower_title_id ON products (lower(title), id)`.execute(db);
  await sql`CREATE INDEX products_complete ON products (id)
    WHERE weight_kg IS NOT NULL AND length_cm IS NOT NULL AND width_cm IS NOT NULL AND height_cm IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX products_complete`.execute(db);
  await sql`DROP INDEX products_lower_title_id`.execute(db);
}
