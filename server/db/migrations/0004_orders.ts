import { type Kysely, sql } from 'kysely';

/**
 * Outbound orders: complete-picking records when picking ended (the order
 * stays `picking` until the packing station marks it packed), and the list's
 * newest-first order gets an index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbound_orders ADD COLUMN picking_completed_at timestamptz`.execute(db);
  await sql`CREATE INDEX outbound_orders_created ON outbound_orders (created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS outbound_orders_created`.execute(db);
  await sql`ALTER TABLE outbound_orders DROP COLUMN IF EXISTS picking_completed_at`.execute(db);
}
