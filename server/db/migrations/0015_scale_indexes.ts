import { type Kysely, sql } from 'kysely';

/**
 * Indexes for a large warehouse (100,000 products, 200,000
 * stock rows, 1,000,000 movements; tests/bench/scale.ts).
 *
 * The inventory search and the overview's search filter match
 * `ILIKE '%term%'` on product title/EAN and place barcode: a B-tree cannot
 * serve a pattern with a leading wildcard, so every search read the whole
 * catalogue. Trigram GIN indexes (pg_trgm, trusted since PostgreSQL 13, so
 * the database owner may create it; PGlite loads it as a contrib extension,
 * see server/db/index.ts) answer such a pattern of 3+ characters from the
 * index.
 *
 * The inventory overview's headline counts (products in stock, pieces, rows
 * of the filter) aggregate every in-stock row of the scope; stock_in_stock
 * holds exactly those rows with what the counts read, in product order, so
 * they are one index-only pass instead of a scan and hash of the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX products_title_trgm ON products USING gin (title gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX products_ean_trgm ON products USING gin (ean gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX locations_barcode_trgm ON locations USING gin (barcode gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX stock_in_stock ON stock (product_id, customer_id) INCLUDE (quantity) WHERE quantity > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX stock_in_stock`.execute(db);
  await sql`DROP INDEX locations_barcode_trgm`.execute(db);
  await sql`DROP INDEX products_ean_trgm`.execute(db);
  await sql`DROP INDEX products_title_trgm`.execute(db);
}
