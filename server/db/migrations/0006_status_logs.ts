import { type Kysely, sql } from 'kysely';

/**
 * Status logs (docs/fulfilment.md "Status logs", spec §3): one table
 * for the picking and the packing log, one row per event, written by
 * server/features/status-logs/writer.ts in the transaction of the change.
 * log_type is derived from event_type by the writer and kept as a column so
 * the two admin tabs filter on an index. wave_id and cart_id have no foreign
 * key yet: their tables come with later migrations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE status_logs (
      id bigserial PRIMARY KEY,
      log_type text NOT NULL CHECK (log_type IN ('picking','packing')),
      event_type text NOT NULL CHECK (event_type IN (
        'wave_created','wave_completed','pick_discrepancy',
        'order_packed','label_generated','order_shipped','item_discrepancy')),
      old_status text,
      new_status text,
      description text,
      wave_id integer,
      cart_id integer,
      order_id integer REFERENCES outbound_orders(id),
      user_id integer REFERENCES users(id),
      user_name text,
      tracking_number text,
      carrier text,
      event_data jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX status_logs_type_created ON status_logs (log_type, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX status_logs_wave ON status_logs (wave_id)`.execute(db);
  await sql`CREATE INDEX status_logs_order ON status_logs (order_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS status_logs`.execute(db);
}
