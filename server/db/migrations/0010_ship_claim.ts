import { type Kysely, sql } from 'kysely';

/**
 * The ship claim of the packing station: before DHL is called the
 * order is claimed with one guarded UPDATE (… WHERE status = 'packed' AND
 * ship_claimed_at IS NULL), so two ship calls at once create labels exactly
 * once. The claim is released on failure and cleared when the order ships; a
 * claim older than the DHL timeout (a crashed process) may be taken over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbound_orders ADD COLUMN ship_claimed_at timestamptz NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbound_orders DROP COLUMN IF EXISTS ship_claimed_at`.execute(db);
}
