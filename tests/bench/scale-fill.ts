import { sql } from 'kysely';
import type { Db } from '../../server/db/index';

/**
 * Fills an empty, migrated database by SQL with a large warehouse's
 * shape, scaled by `products` (100,000 = the scale bench's default size):
 *   products      n             titles "Artikel 000123 <Wort>", EAN 29 + 11 digits; the word is spread over
 *                               the title order and over every customer's products (a word clustered at
 *                               one end of the title order is the search's worst case: it walks to it)
 *   customers     200
 *   compartments  n / 5         racks of 4 levels × 100 compartments, in rooms (Zonen) of AREA_RACKS racks
 *   stock         2 n           two places per product, one customer per product
 *   movements     10 n          5 per stock row (4 × +2 in, 1 × −3 out): the ledger sums to the stock
 *   orders        n / 5         2 lines each, statuses mixed (most completed)
 * Set-based statements only, so the default size fills in well under a minute on a quiet machine;
 * BENCH_SCALE_PRODUCTS=1000000 fills ten times that (1 M products, 2 M stock rows, 10 M movements,
 * 200,000 orders), the movements without their secondary indexes (built afterwards).
 */

export const WORDS = ['Schraube', 'Mutter', 'Kabel', 'Lampe', 'Becher', 'Tasche', 'Schale', 'Deckel', 'Bürste', 'Filter'] as const;
export const CUSTOMERS = 200;

export interface Filled {
  products: number;
  compartments: number;
  stock: number;
  movements: number;
  orders: number;
  seconds: number;
}

/** Racks per room: a worker with an Arbeitsbereich of one room holds AREA_RACKS × 400 places. */
export const AREA_RACKS = 10;

export async function fillWarehouse(db: Db, n: number): Promise<Filled> {
  const s0 = performance.now();
  const racks = Math.max(1, Math.round(n / 2000));
  const compartments = racks * 400;
  const orders = Math.max(10, Math.round(n / 5));
  const words = sql.raw(`ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  await sql`INSERT INTO customers (customer_number, company_name)
    SELECT 'K-' || i, 'Kunde ' || lpad(i::text, 3, '0') || ' GmbH' FROM generate_series(1, ${CUSTOMERS}::int) i`.execute(db);
  // One hall, a room (Zone) per AREA_RACKS racks: what a worker's Arbeitsbereich is made of.
  await sql`INSERT INTO buildings (building_code, name) VALUES ('H1', 'Halle 1')`.execute(db);
  await sql`INSERT INTO rooms (building_id, room_code, name)
    SELECT (SELECT id FROM buildings WHERE building_code = 'H1'), 'Z' || lpad(z::text, 3, '0'), 'Zone ' || z
    FROM generate_series(1, ${Math.ceil(racks / AREA_RACKS)}::int) z`.execute(db);
  await sql`INSERT INTO locations (kind, code, name, room_id)
    SELECT 'rack', 'R' || lpad(r::text, 3, '0'), 'Regal ' || r, (SELECT id FROM rooms WHERE room_code = 'Z' || lpad((1 + (r - 1) / ${AREA_RACKS}::int)::text, 3, '0'))
    FROM generate_series(1, ${racks}::int) r`.execute(db);
  await sql`INSERT INTO locations (kind, parent_id, rack_id, code)
    SELECT 'level', r.id, r.id, lpad(l::text, 2, '0') FROM locations r, generate_series(1, 4) l WHERE r.kind = 'rack'`.execute(db);
  await sql`INSERT INTO locations (kind, parent_id, rack_id, code, barcode)
    SELECT 'compartment', lv.id, lv.rack_id, lpad(c::text, 3, '0'), r.code || '-' || lv.code || '-' || lpad(c::text, 3, '0')
    FROM locations lv JOIN locations r ON r.id = lv.rack_id, generate_series(1, 100) c WHERE lv.kind = 'level'`.execute(db);
  await sql`INSERT INTO products (ean, title, units_per_box, boxes_per_pallet)
    SELECT '29' || lpad(i::text, 11, '0'), 'Artikel ' || lpad(i::text, 6, '0') || ' ' || (${words})[1 + (i / ${CUSTOMERS}::int) % 10],
      CASE WHEN i % 3 = 0 THEN 12 END, CASE WHEN i % 6 = 0 THEN 40 END
    FROM generate_series(1, ${n}::int) i`.execute(db);
  // Numbered views of customers and compartments, so rows can be spread by arithmetic.
  const spread = sql`WITH c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM customers),
    l AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM locations WHERE kind = 'compartment')`;
  await sql`${spread}
    INSERT INTO stock (product_id, customer_id, location_id, quantity)
    SELECT p.id, c.id, l.id, 5 FROM products p, generate_series(0, 1) h, c, l
    WHERE c.k = p.id % ${CUSTOMERS}::int AND l.k = (p.id * 7 + h * ${Math.floor(compartments / 2)}::int) % ${compartments}::int`.execute(db);
  // The ledger is the bulk (10 n rows): written without its secondary indexes, built afterwards in
  // one sort each, and without the foreign-key checks (every id comes from a stock row).
  await withoutIndexes(db, 'stock_movements', (trx) =>
    sql`INSERT INTO stock_movements (movement_type, product_id, customer_id, location_id, stock_id, quantity, created_at)
    SELECT CASE WHEN g = 5 THEN 'outbound' ELSE 'inbound' END, s.product_id, s.customer_id, s.location_id, s.id,
      CASE WHEN g = 5 THEN -3 ELSE 2 END, now() - make_interval(secs => (s.id * 5 + (5 - g)) * 3)
    FROM stock s, generate_series(1, 5) g`.execute(trx),
  );
  const statuses = sql.raw(`ARRAY['new','confirmed','picking','packed','shipped','completed','completed','completed','completed','cancelled']`);
  await sql`${spread}
    INSERT INTO outbound_orders (order_number, customer_id, status, delivery_name, delivery_address, delivery_city, delivery_postal_code, created_at)
    SELECT 'A-' || lpad(i::text, 7, '0'), c.id, (${statuses})[1 + i % 10], 'Empfänger ' || i, 'Hauptstraße ' || (i % 200 + 1), 'Berlin', '10115',
      now() - make_interval(mins => (${orders}::int - i) * 7)
    FROM generate_series(1, ${orders}::int) i JOIN c ON c.k = i % ${CUSTOMERS}::int`.execute(db);
  // Product ids of a fresh database run 1..n and product p belongs to the customer
  // numbered p % 200 (from 0, by id): pick two products of the order's customer.
  const perCustomer = Math.max(2, Math.floor(n / CUSTOMERS) - 1);
  await sql`INSERT INTO outbound_order_items (order_id, product_id, quantity)
    SELECT o.id, o.customer_id - (SELECT min(id) FROM customers) + ${CUSTOMERS}::int * (1 + (o.id * 3 + j) % ${perCustomer}::int), 1 + j
    FROM outbound_orders o, generate_series(0, 1) j`.execute(db);
  // As autovacuum leaves a settled table: statistics, and the visibility map that index-only scans need.
  await sql`VACUUM ANALYZE`.execute(db);
  const c = await sql<
    Omit<Filled, 'seconds' | 'compartments'>
  >`SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM stock)::int AS stock,
    (SELECT count(*) FROM stock_movements)::int AS movements, (SELECT count(*) FROM outbound_orders)::int AS orders`.execute(db);
  return { ...c.rows[0], compartments, seconds: (performance.now() - s0) / 1000 };
}

/**
 * Runs `fill` (one transaction, foreign-key triggers off: session_replication_role = replica) with
 * the table's secondary indexes dropped, then builds them again: one sort per index instead of an
 * index insertion per row. The primary key and unique constraints stay.
 */
async function withoutIndexes(db: Db, table: string, fill: (trx: Db) => Promise<unknown>): Promise<void> {
  const indexes = await sql<{ name: string; def: string }>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = ${table}
      AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = ${table}::regclass)`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (const i of indexes.rows) await sql`DROP INDEX ${sql.id(i.name)}`.execute(trx);
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await fill(trx as unknown as Db);
    await sql`SET LOCAL session_replication_role = DEFAULT`.execute(trx);
    await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
    for (const i of indexes.rows) await sql.raw(i.def).execute(trx);
  });
}
