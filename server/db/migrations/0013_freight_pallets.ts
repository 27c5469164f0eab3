import { type Kysely, sql } from 'kysely';

/**
 * Freight shipping: the pallets of a freight order, one row per
 * pallet with its dimensions (German direct freight may come without) and, once a label was printed with a GS1
 * company prefix set, its SSCC (unique across all orders). SSCC serial
 * references come from one sequence, so two label calls never share one.
 * The packing log learns the freight events.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE freight_pallets (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES outbound_orders(id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 1),
      length_cm numeric(8,1) CHECK (length_cm > 0),
      width_cm numeric(8,1) CHECK (width_cm > 0),
      height_cm numeric(8,1) CHECK (height_cm > 0),
      weight_kg numeric(10,2) CHECK (weight_kg > 0),
      sscc char(18) UNIQUE CHECK (sscc IS NULL OR sscc ~ '^[0-9]{18}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (order_id, position)
    )`.execute(db);
  await sql`CREATE SEQUENCE sscc_serial_seq START 1`.execute(db);
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`
    ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (
      'wave_created','wave_completed','pick_discrepancy',
      'order_packed','label_generated','order_shipped','item_discrepancy',
      'freight_quote_requested','freight_quote_saved'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM status_logs WHERE event_type IN ('freight_quote_requested','freight_quote_saved')`.execute(db);
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`
    ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (
      'wave_created','wave_completed','pick_discrepancy',
      'order_packed','label_generated','order_shipped','item_discrepancy'))`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS sscc_serial_seq`.execute(db);
  await sql`DROP TABLE IF EXISTS freight_pallets`.execute(db);
}
