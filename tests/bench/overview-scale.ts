import { sql } from 'kysely';
import { createTestApp } from '../helpers/app';
import { auth, buildUser } from '../helpers/factories';

/**
 * Scale of the inventory overview (issue #17), on its own:
 *   TEST_DB=pg TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/overview-scale.ts
 * Fills a throw-away database by SQL with 100,000 products, 200 customers,
 * 1,000 compartments, 101,000 stock rows and 505,000 movements (the ledger
 * sums to the stock) and prints status, size and p50/p95 of overview pages.
 * Prints figures, asserts nothing.
 */

const t = await createTestApp();
const db = t.db;
const s0 = performance.now();
await sql`INSERT INTO customers (customer_number, company_name) SELECT 'K-' || i, 'Kunde ' || lpad(i::text, 3, '0') || ' GmbH' FROM generate_series(1, 200) i`.execute(
  db,
);
const rack = await db.insertInto('locations').values({ kind: 'rack', code: 'S01', name: 'Regal S01' }).returning('id').executeTakeFirstOrThrow();
const level = await db
  .insertInto('locations')
  .values({ kind: 'level', parent_id: rack.id, rack_id: rack.id, code: '01' })
  .returning('id')
  .executeTakeFirstOrThrow();
await sql`INSERT INTO locations (kind, parent_id, rack_id, code, barcode) SELECT 'compartment', ${level.id}::int, ${rack.id}::int, lpad(i::text, 4, '0'), 'S01-01-' || lpad(i::text, 4, '0') FROM generate_series(1, 1000) i`.execute(
  db,
);
await sql`INSERT INTO products (ean, title) SELECT '29' || lpad(i::text, 11, '0'), 'Artikel ' || lpad(i::text, 6, '0') FROM generate_series(1, 100000) i`.execute(
  db,
);
await sql`INSERT INTO stock (product_id, customer_id, location_id, batch_number, quantity)
  SELECT p.id, (SELECT min(id) FROM customers) + (p.id % 200), (SELECT min(id) FROM locations WHERE kind = 'compartment') + (p.id % 1000), '', 5 FROM products p`.execute(
  db,
);
await sql`INSERT INTO stock (product_id, customer_id, location_id, batch_number, quantity)
  SELECT p.id, (SELECT min(id) FROM customers) + (p.id % 200), (SELECT min(id) FROM locations WHERE kind = 'compartment') + ((p.id + 500) % 1000), '', 5 FROM products p WHERE p.id <= 1000`.execute(
  db,
);
await sql`INSERT INTO stock_movements (movement_type, product_id, customer_id, location_id, stock_id, batch_number, quantity)
  SELECT 'inbound', s.product_id, s.customer_id, s.location_id, s.id, '', 1 FROM stock s, generate_series(1, 5)`.execute(db);
await sql`ANALYZE`.execute(db);
const counts = await sql<{ s: number; m: number }>`SELECT (SELECT count(*) FROM stock)::int AS s, (SELECT count(*) FROM stock_movements)::int AS m`.execute(db);
console.log(`filled in ${((performance.now() - s0) / 1000).toFixed(1)} s`, counts.rows[0]);
const worker = await buildUser(db, 'warehouse_worker');
const cust = await db.selectFrom('customers').select('id').orderBy('id').offset(7).executeTakeFirstOrThrow();
for (const q of ['', 'page=100', 'page=5000', 'search=Artikel%2009999', `customer_id=${cust.id}`, `customer_id=${cust.id}&page=20`]) {
  const times: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const a = performance.now();
    const res = await t.app.inject({ method: 'GET', url: `/api/dashboard/inventory-overview?${q}`, headers: auth(t.app, worker) });
    times.push(performance.now() - a);
    status = res.statusCode;
    bytes = res.body.length;
  }
  times.sort((x, y) => x - y);
  console.log(`${q || '(erste Seite)'}: ${status}, ${bytes} B, p50 ${times[10].toFixed(1)} ms, p95 ${times[18].toFixed(1)} ms`);
}
await t.close();
