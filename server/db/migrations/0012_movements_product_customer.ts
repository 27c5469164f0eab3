import { type Kysely, sql } from 'kysely';

/**
 * The inventory overview shows the 5 newest movements of each product row
 * (product × customer) of its page: with (product_id, customer_id,
 * created_at DESC, id DESC) that is an index scan stopping after 5 rows per
 * row of the page, however long the ledger. It leads with product_id, so it
 * also serves every query stock_movements_product (0001) served; that one is
 * dropped rather than kept as a second index every booking must update.
 * The overview's 5 newest movements overall order by (created_at DESC, id
 * DESC): with only created_at indexed (0001) PostgreSQL read all 505,000
 * movements of a generated warehouse; the two-column index replaces
 * it. products (title, id) lets the overview's page walk products in title
 * order and stop after one page instead of sorting the catalogue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX stock_movements_product_customer ON stock_movements (product_id, customer_id, created_at DESC, id DESC)`.execute(db);
  await sql`DROP INDEX stock_movements_product`.execute(db);
  await sql`CREATE INDEX stock_movements_created_id ON stock_movements (created_at DESC, id DESC)`.execute(db);
  await sql`DROP INDEX stock_movements_created`.execute(db);
  await sql`CREATE INDEX products_title_id ON products (title, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX stock_movements_product ON stock_movements (product_id)`.execute(db);
  await sql`DROP INDEX stock_movements_product_customer`.execute(db);
  await sql`CREATE INDEX stock_movements_created ON stock_movements (created_at DESC)`.execute(db);
  await sql`DROP INDEX stock_movements_created_id`.execute(db);
  await sql`DROP INDEX products_title_id`.execute(db);
}
