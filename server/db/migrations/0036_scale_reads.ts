import { type Kysely, sql } from 'kysely';

/**
 * Indexes for reads over a warehouse of 1,000,000 products (docs/performance.md "Scale, ten times").
 *
 * - The order lists' page order (created_at DESC, id DESC) carrying the status and the customer,
 *   so a page and the count are read from the index alone: a deep page at 200,000 orders skips
 *   100,000 index entries without a heap fetch. Replaces outbound_orders_created.
 * - The blocked places as a set (server/features/locations/blocked.ts, blockedPlaces): the places
 *   marked themselves, and the places and racks of a room, each from an index that holds only
 *   those rows, so the set costs what it holds, not a pass over every place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX outbound_orders_created_cover ON outbound_orders (created_at DESC, id DESC) INCLUDE (status, customer_id)`.execute(db);
  await sql`DROP INDEX outbound_orders_created`.execute(db);
  await sql`CREATE INDEX locations_blocked ON locations (id) WHERE is_blocked`.execute(db);
  await sql`CREATE INDEX locations_room ON locations (room_id) WHERE room_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX locations_room`.execute(db);
  await sql`DROP INDEX locations_blocked`.execute(db);
  await sql`CREATE INDEX outbound_orders_created ON outbound_orders (created_at DESC, id DESC)`.execute(db);
  await sql`DROP INDEX outbound_orders_created_cover`.execute(db);
}
