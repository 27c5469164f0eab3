import { type Kysely, sql } from 'kysely';

/**
 * The shop's own order reference and the recipient's company and phone
 * (docs/integrations.md "CSV order import"). A reference is unique per
 * customer, so a file sent twice cannot book its orders twice, even when two
 * uploads race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbound_orders ADD COLUMN order_reference text, ADD COLUMN delivery_company text, ADD COLUMN delivery_phone text`.execute(db);
  await sql`CREATE UNIQUE INDEX outbound_orders_reference_idx ON outbound_orders (customer_id, order_reference) WHERE order_reference IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX outbound_orders_reference_idx`.execute(db);
  await sql`ALTER TABLE outbound_orders DROP COLUMN order_reference, DROP COLUMN delivery_company, DROP COLUMN delivery_phone`.execute(db);
}
