import { type Kysely, sql } from 'kysely';

/**
 * Stocktake (Inventur, docs/operations.md "Stocktake"): a count of chosen
 * places with the expected quantities frozen at creation. A place is in at
 * most one open stocktake: `open` on the place row is cleared when the
 * stocktake is booked or cancelled, and a partial unique index enforces the
 * rule against concurrent creations too. Count-difference movements point
 * back to their stocktake (stock_movements.stocktake_id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE stocktake_number_seq`.execute(db);
  await sql`
    CREATE TABLE stocktakes (
      id serial PRIMARY KEY,
      number text NOT NULL UNIQUE,
      name text NOT NULL,
      status text NOT NULL DEFAULT 'counting' CHECK (status IN ('counting','booked','cancelled')),
      blind boolean NOT NULL DEFAULT true,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      booked_at timestamptz,
      booked_by integer REFERENCES users(id),
      cancelled_at timestamptz,
      cancelled_by integer REFERENCES users(id)
    )`.execute(db);
  await sql`
    CREATE TABLE stocktake_places (
      id serial PRIMARY KEY,
      stocktake_id integer NOT NULL REFERENCES stocktakes(id) ON DELETE CASCADE,
      location_id integer NOT NULL REFERENCES locations(id),
      open boolean NOT NULL DEFAULT true,
      done boolean NOT NULL DEFAULT false,
      done_by integer REFERENCES users(id),
      done_at timestamptz,
      UNIQUE (stocktake_id, location_id)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX stocktake_places_open_location ON stocktake_places (location_id) WHERE open`.execute(db);
  await sql`
    CREATE TABLE stocktake_lines (
      id bigserial PRIMARY KEY,
      place_id integer NOT NULL REFERENCES stocktake_places(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products(id),
      customer_id integer NOT NULL REFERENCES customers(id),
      batch_number text NOT NULL DEFAULT '',
      expected integer NOT NULL DEFAULT 0 CHECK (expected >= 0),
      counted integer CHECK (counted >= 0),
      counted_by integer REFERENCES users(id),
      counted_at timestamptz,
      UNIQUE (place_id, product_id, customer_id, batch_number)
    )`.execute(db);
  await sql`ALTER TABLE stock_movements ADD COLUMN stocktake_id integer REFERENCES stocktakes(id)`.execute(db);
  await sql`CREATE INDEX stock_movements_stocktake ON stock_movements (stocktake_id) WHERE stocktake_id IS NOT NULL`.execute(db);
  // The picking (warehouse floor) log learns the stocktake events.
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`
    ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (
      'wave_created','wave_completed','pick_discrepancy','stocktake_created','stocktake_booked','stocktake_cancelled',
      'order_packed','label_generated','label_failed','order_shipped','order_completed','item_discrepancy',
      'freight_quote_requested','freight_quote_saved'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM status_logs WHERE event_type IN ('stocktake_created','stocktake_booked','stocktake_cancelled')`.execute(db);
  await sql`ALTER TABLE status_logs DROP CONSTRAINT status_logs_event_type_check`.execute(db);
  await sql`
    ALTER TABLE status_logs ADD CONSTRAINT status_logs_event_type_check CHECK (event_type IN (
      'wave_created','wave_completed','pick_discrepancy',
      'order_packed','label_generated','label_failed','order_shipped','order_completed','item_discrepancy',
      'freight_quote_requested','freight_quote_saved'))`.execute(db);
  await sql`DROP INDEX IF EXISTS stock_movements_stocktake`.execute(db);
  await sql`ALTER TABLE stock_movements DROP COLUMN stocktake_id`.execute(db);
  await sql`DROP TABLE stocktake_lines`.execute(db);
  await sql`DROP TABLE stocktake_places`.execute(db);
  await sql`DROP TABLE stocktakes`.execute(db);
  await sql`DROP SEQUENCE stocktake_number_seq`.execute(db);
}
