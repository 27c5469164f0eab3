import { type Kysely, sql } from 'kysely';

/**
 * The order lists' page order (created_at DESC, id DESC) carrying the status and the customer,
 * so a page and the count are read from the index alone: a deep page at 200,000 orders skips
 * 100,000 index entries without a heap fetch (docs/performance.md "Scale, ten times").
 * Replaces outbound_orders_created, which held the order without them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX outbound_orders_created_cover ON outbound_orders (created_at DESC, id DESC) INCLUDE (status, customer_id)`.execute(db);
  await sql`DROP INDEX outbound_orders_created`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX outbound_orders_created ON outbound_orders (created_at DESC, id DESC)`.execute(db);
  await sql`DROP INDEX outbound_orders_created_cover`.execute(db);
}
