import { type Kysely, sql } from 'kysely';

/**
 * Closing orders: the packing log learns order_completed, written when staff
 * complete a shipped order or the nightly completion does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`
    ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (
      'wave_created','wave_completed','pick_discrepancy',
      'order_packed','label_generated','label_failed','order_shipped','order_completed','item_discrepancy',
      'freight_quote_requested','freight_quote_saved'))`.execute(db);
  // The nightly completion looks for shipped orders by shipped_at.
  await sql`CREATE INDEX outbound_orders_shipped_due ON outbound_orders (shipped_at) WHERE status = 'shipped'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS outbound_orders_shipped_due`.execute(db);
  await sql`DELETE FROM status_logs WHERE event_type = 'order_completed'`.execute(db);
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`
    ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (
      'wave_created','wave_completed','pick_discrepancy',
      'order_packed','label_generated','label_failed','order_shipped','item_discrepancy',
      'freight_quote_requested','freight_quote_saved'))`.execute(db);
}
