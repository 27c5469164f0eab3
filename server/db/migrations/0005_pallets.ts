import { type Kysely, sql } from 'kysely';

/**
 * Pallets: reusable pallets with a barcode label and a status that
 * follows the wave (available → in_use → ready_for_packing → packing →
 * available), and single-use `DISP-` barcodes stuck on one-way pallets.
 *
 * The current cart is kept on the pallet row (picker, packer, wave, number of
 * orders) so the admin grid reads it without the wave tables; the wave work
 * fills and clears it. current_wave_id has no foreign key yet: the waves table
 * comes with a later migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE pallets (
      id serial PRIMARY KEY,
      barcode text NOT NULL UNIQUE CHECK (length(barcode) > 0),
      name text,
      active boolean NOT NULL DEFAULT true,
      status text NOT NULL DEFAULT 'available' CHECK (status IN ('available','in_use','ready_for_packing','packing')),
      last_used_at timestamptz,
      current_wave_id integer,
      current_order_count integer NOT NULL DEFAULT 0 CHECK (current_order_count >= 0),
      picker_user_id integer REFERENCES users(id),
      packer_user_id integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      change_version bigint NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE disposable_pallets (
      id serial PRIMARY KEY,
      barcode text NOT NULL UNIQUE CHECK (barcode ~ '^DISP-[A-Z0-9]{8}$'),
      status text NOT NULL DEFAULT 'available' CHECK (status IN ('available','used','cancelled')),
      used_for_order_id integer REFERENCES outbound_orders(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz,
      change_version bigint NOT NULL DEFAULT 0,
      CHECK (status <> 'used' OR used_at IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX disposable_pallets_created ON disposable_pallets (created_at DESC, id DESC)`.execute(db);

  for (const t of ['pallets', 'disposable_pallets']) {
    await sql`CREATE INDEX ${sql.raw(`${t}_change_version`)} ON ${sql.table(t)} (change_version)`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${t}_change_version_trg`)}
      BEFORE INSERT OR UPDATE ON ${sql.table(t)}
      FOR EACH ROW EXECUTE FUNCTION bump_change_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS disposable_pallets`.execute(db);
  await sql`DROP TABLE IF EXISTS pallets`.execute(db);
}
