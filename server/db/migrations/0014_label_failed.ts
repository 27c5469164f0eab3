import { type Kysely, sql } from 'kysely';

/**
 * A DHL label call that failed: the packing log learns
 * label_failed, written after the failed call in its own transaction so the
 * failure stays on record although the ship was rolled back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`
    ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (
      'wave_created','wave_completed','pick_discrepancy',
      'order_packed','label_generated','label_failed','order_shipped','item_discrepancy',
      'freight_quote_requested','freight_quote_saved'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM status_logs WHERE event_type = 'label_failed'`.execute(db);
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`
    ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (
      'wave_created','wave_completed','pick_discrepancy',
      'order_packed','label_generated','order_shipped','item_discrepancy',
      'freight_quote_requested','freight_quote_saved'))`.execute(db);
}
