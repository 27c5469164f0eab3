import { type Kysely, sql } from 'kysely';

/**
 * Picking waves (docs/fulfilment.md "Waves").
 *
 *  - picking_waves: W-YYYY-NNNNNN, status draft → ready → picking → completed,
 *    the pallet it was started with (reusable pallet id or disposable id, and
 *    the scanned barcode), the picker holding it, and the picker's screen
 *    position (progress, last write wins).
 *  - picking_wave_orders: the wave's orders in list order; position 0..3 is
 *    the pallet corner A..D. `is_open` stays true until the wave completes; a
 *    partial unique index on (order_id) WHERE is_open makes "an order is in at
 *    most one wave that is not completed" a database rule, so two planners
 *    putting the same order into two waves at once cannot both win.
 *  - picking_carts: the pallet and its corner assignments after rolling
 *    picking (POST /picking-carts/create); status logs point at it (cart_id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE wave_number_seq`.execute(db);
  await sql`
    CREATE TABLE picking_waves (
      id serial PRIMARY KEY,
      wave_number text NOT NULL UNIQUE,
      name text NOT NULL,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft','ready','picking','completed')),
      creation_method text NOT NULL CHECK (creation_method IN ('manual','suggestion','single','rolling')),
      pallet_barcode text,
      pallet_id integer REFERENCES pallets(id),
      disposable_pallet_id integer REFERENCES disposable_pallets(id),
      picker_user_id integer REFERENCES users(id),
      created_by integer REFERENCES users(id),
      progress jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      picking_started_at timestamptz,
      completed_at timestamptz,
      change_version bigint NOT NULL DEFAULT 0,
      CHECK (status = 'draft' OR pallet_barcode IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX picking_waves_status ON picking_waves (status, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE picking_wave_orders (
      wave_id integer NOT NULL REFERENCES picking_waves(id) ON DELETE CASCADE,
      order_id integer NOT NULL REFERENCES outbound_orders(id),
      position smallint NOT NULL CHECK (position BETWEEN 0 AND 3),
      is_open boolean NOT NULL DEFAULT true,
      PRIMARY KEY (wave_id, order_id),
      UNIQUE (wave_id, position)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX picking_wave_orders_one_open ON picking_wave_orders (order_id) WHERE is_open`.execute(db);
  await sql`CREATE INDEX picking_wave_orders_order ON picking_wave_orders (order_id)`.execute(db);

  await sql`
    CREATE TABLE picking_carts (
      id serial PRIMARY KEY,
      wave_id integer REFERENCES picking_waves(id) ON DELETE SET NULL,
      pallet_barcode text NOT NULL,
      pallet_id integer REFERENCES pallets(id),
      assignments jsonb NOT NULL,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX picking_carts_wave ON picking_carts (wave_id)`.execute(db);

  await sql`ALTER TABLE pallets ADD CONSTRAINT pallets_current_wave_fk FOREIGN KEY (current_wave_id) REFERENCES picking_waves(id) ON DELETE SET NULL`.execute(
    db,
  );

  await sql`CREATE INDEX picking_waves_change_version ON picking_waves (change_version)`.execute(db);
  await sql`
    CREATE TRIGGER picking_waves_change_version_trg
    BEFORE INSERT OR UPDATE ON picking_waves
    FOR EACH ROW EXECUTE FUNCTION bump_change_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE pallets DROP CONSTRAINT IF EXISTS pallets_current_wave_fk`.execute(db);
  await sql`DROP TABLE IF EXISTS picking_carts`.execute(db);
  await sql`DROP TABLE IF EXISTS picking_wave_orders`.execute(db);
  await sql`DROP TABLE IF EXISTS picking_waves`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS wave_number_seq`.execute(db);
}
