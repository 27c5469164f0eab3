import { type Kysely, sql } from 'kysely';

/**
 * Returns (Retouren, docs/operations.md "Returns"): a return of a shipped
 * order with its announced lines and the receipts at the dock. The ledger
 * learns the movement type `return` (+q into a place), linked by return_id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE return_number_seq START 1`.execute(db);
  await sql`
    CREATE TABLE returns (
      id serial PRIMARY KEY,
      return_number text NOT NULL UNIQUE,
      customer_id integer NOT NULL REFERENCES customers(id),
      outbound_order_id integer NOT NULL REFERENCES outbound_orders(id),
      status text NOT NULL DEFAULT 'announced' CHECK (status IN ('announced','received','completed','cancelled')),
      note text,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      received_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX returns_order ON returns (outbound_order_id)`.execute(db);
  await sql`CREATE INDEX returns_customer_created ON returns (customer_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX returns_status_created ON returns (status, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE return_items (
      id serial PRIMARY KEY,
      return_id integer NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products(id),
      quantity integer NOT NULL CHECK (quantity > 0),
      reason text NOT NULL CHECK (reason IN ('not_wanted','damaged','wrong_item','other')),
      UNIQUE (return_id, product_id)
    )`.execute(db);
  await sql`
    CREATE TABLE return_receipts (
      id serial PRIMARY KEY,
      return_id integer NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
      return_item_id integer NOT NULL REFERENCES return_items(id) ON DELETE CASCADE,
      quantity integer NOT NULL CHECK (quantity > 0),
      condition text NOT NULL CHECK (condition IN ('new','opened','damaged')),
      disposition text NOT NULL CHECK (disposition IN ('restock','quarantine','dispose')),
      location_id integer REFERENCES locations(id),
      user_id integer REFERENCES users(id),
      client_id text,
      mutation_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((disposition = 'dispose') = (location_id IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX return_receipts_return ON return_receipts (return_id)`.execute(db);
  await sql`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_movement_type_check`.execute(db);
  await sql`
    ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_movement_type_check
      CHECK (movement_type IN ('inbound','outbound','order_pick','relocation','adjustment','return'))`.execute(db);
  await sql`ALTER TABLE stock_movements ADD COLUMN return_id integer REFERENCES returns(id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stock_movements DROP COLUMN return_id`.execute(db);
  await sql`DELETE FROM stock_movements WHERE movement_type = 'return'`.execute(db);
  await sql`ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_movement_type_check`.execute(db);
  await sql`
    ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_movement_type_check
      CHECK (movement_type IN ('inbound','outbound','order_pick','relocation','adjustment'))`.execute(db);
  await sql`DROP TABLE IF EXISTS return_receipts`.execute(db);
  await sql`DROP TABLE IF EXISTS return_items`.execute(db);
  await sql`DROP TABLE IF EXISTS returns`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS return_number_seq`.execute(db);
}
