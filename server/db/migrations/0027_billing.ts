import { type Kysely, sql } from 'kysely';

/**
 * Billing, first slice (docs/operations.md "Billing (Abrechnung)"): the rate
 * card per customer (net euro cents per charge code; a code without a row is
 * not charged) and the nightly storage snapshot per day × customer. The codes
 * are not a CHECK: the list lives in shared/constants.ts (CHARGE_CODES) and
 * the API validates it. The indexes serve the charge counting (movements by
 * customer, type and time; an order line's earlier picks; shipped orders).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE customer_rates (
      customer_id integer NOT NULL REFERENCES customers(id),
      code text NOT NULL,
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (customer_id, code)
    )`.execute(db);
  await sql`
    CREATE TABLE storage_snapshots (
      day date NOT NULL,
      customer_id integer NOT NULL REFERENCES customers(id),
      places integer NOT NULL CHECK (places >= 0),
      units integer NOT NULL CHECK (units >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (customer_id, day)
    )`.execute(db);
  await sql`CREATE INDEX storage_snapshots_day ON storage_snapshots (day)`.execute(db);
  await sql`CREATE INDEX stock_movements_customer_type_created ON stock_movements (customer_id, movement_type, created_at)`.execute(db);
  await sql`CREATE INDEX stock_movements_order_product ON stock_movements (order_id, product_id) WHERE order_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX outbound_orders_customer_shipped ON outbound_orders (customer_id, shipped_at) WHERE shipped_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS outbound_orders_customer_shipped`.execute(db);
  await sql`DROP INDEX IF EXISTS stock_movements_order_product`.execute(db);
  await sql`DROP INDEX IF EXISTS stock_movements_customer_type_created`.execute(db);
  await sql`DROP TABLE IF EXISTS storage_snapshots`.execute(db);
  await sql`DROP TABLE IF EXISTS customer_rates`.execute(db);
}
