import { type Kysely, sql } from 'kysely';

/** Returns (docs/operations.md "Returns"): the packing log learns return_announced, return_received and return_completed. */
const BEFORE = `'wave_created','wave_completed','pick_discrepancy','stocktake_created','stocktake_booked','stocktake_cancelled','stock_adjusted',
  'order_packed','label_generated','label_failed','order_shipped','order_completed','item_discrepancy',
  'freight_quote_requested','freight_quote_saved'`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (${sql.raw(BEFORE)},
    'return_announced','return_received','return_completed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM status_logs WHERE event_type IN ('return_announced','return_received','return_completed')`.execute(db);
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (${sql.raw(BEFORE)}))`.execute(db);
}
