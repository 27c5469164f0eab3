import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { Actor } from '../../server/auth/actor';
import type { Db } from '../../server/db/index';
import { bookStocktake } from '../../server/features/stocktakes/book';
import { createStocktake } from '../../server/features/stocktakes/service';
import { createBenchDb } from './setup';
import { recordGoal } from './summary';

/**
 * Stocktake at scale (docs/operations.md "Stocktake"): figures only, no
 * assertions. On PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL), in a
 * throw-away database: a warehouse of BENCH_STOCKTAKE_PLACES places (default
 * 20,000) with one stock row each, a stocktake over all of them (create),
 * every line counted with BENCH_STOCKTAKE_DIFFERENCES differences (default
 * 2,000; half short, half over; counted by SQL, the counting route is not the
 * subject), then book. Goal for create and book: 2 s each. Runs alone with
 * `npx tsx tests/bench/stocktake.ts` and as a section of `npm run bench`.
 */

const PLACES = Number(process.env.BENCH_STOCKTAKE_PLACES ?? 20_000);
const DIFFERENCES = Number(process.env.BENCH_STOCKTAKE_DIFFERENCES ?? 2_000);
const GOAL_MS = 2000;

const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });

/** Racks of 100 compartments, one product per place with 10 units booked through inbound movements (ledger = stock). */
async function fill(db: Db): Promise<{ actor: Actor; rackIds: number[] }> {
  const user = await db
    .insertInto('users')
    .values({
      username: 'bench-manager',
      email: 'bench-manager@test.de',
      full_name: 'Bench Lagerleiter',
      role: 'warehouse_manager',
      is_admin: false,
      password_hash: 'x',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const customer = await db.insertInto('customers').values({ customer_number: 'B-1', company_name: 'Bench GmbH' }).returning('id').executeTakeFirstOrThrow();
  const racks = Math.ceil(PLACES / 100);
  await sql`
    INSERT INTO locations (kind, code, name) SELECT 'rack', 'S' || lpad(r::text, 4, '0'), 'Regal ' || r FROM generate_series(1, ${racks}::int) r`.execute(db);
  await sql`
    INSERT INTO locations (kind, parent_id, rack_id, code)
    SELECT 'level', id, id, '01' FROM locations WHERE kind = 'rack' AND code LIKE 'S%'`.execute(db);
  await sql`
    INSERT INTO locations (kind, parent_id, rack_id, code, barcode)
    SELECT 'compartment', lv.id, lv.rack_id, lpad(c::text, 3, '0'), r.code || '-01-' || lpad(c::text, 3, '0')
    FROM locations lv JOIN locations r ON r.id = lv.rack_id, generate_series(1, 100) c
    WHERE lv.kind = 'level' AND r.code LIKE 'S%'`.execute(db);
  await sql`
    INSERT INTO products (ean, title)
    SELECT '29' || lpad(n::text, 11, '0'), 'Benchartikel ' || n FROM generate_series(1, ${PLACES}::int) n`.execute(db);
  await sql`
    WITH p AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM products WHERE ean LIKE '29%'),
         l AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM locations WHERE kind = 'compartment' AND barcode LIKE 'S%'),
         s AS (
           INSERT INTO stock (product_id, customer_id, location_id, quantity)
           SELECT p.id, ${customer.id}::int, l.id, 10 FROM p JOIN l USING (n)
           RETURNING id, product_id, customer_id, location_id
         )
    INSERT INTO stock_movements (movement_type, product_id, customer_id, location_id, stock_id, quantity, user_id, notes)
    SELECT 'inbound', product_id, customer_id, location_id, id, 10, ${user.id}::int, 'Bench' FROM s`.execute(db);
  const rackRows = await db.selectFrom('locations').select('id').where('kind', '=', 'rack').where('code', 'like', 'S%').execute();
  const actor: Actor = {
    id: user.id,
    username: 'bench-manager',
    email: null,
    full_name: 'Bench Lagerleiter',
    role: 'warehouse_manager',
    is_admin: false,
    customer_id: null,
    scope: { kind: 'all' },
    session_version: 0,
  };
  return { actor, rackIds: rackRows.map((r) => r.id) };
}

export async function benchStocktake(): Promise<void> {
  const bench = await createBenchDb();
  try {
    const db = bench.handle.db;
    const { actor, rackIds } = await fill(db);
    await sql`ANALYZE`.execute(db);

    let t0 = performance.now();
    const st = await db.transaction().execute((trx) => createStocktake(trx, actor, { name: 'Bench-Inventur', rack_ids: rackIds, blind: true }));
    const createMs = performance.now() - t0;

    // Every line counted: the first DIFFERENCES lines differ (alternately 3 short and 2 over), every place done.
    await sql`
      UPDATE stocktake_lines l SET counted = CASE WHEN x.n > ${DIFFERENCES}::int THEN l.expected WHEN x.n % 2 = 0 THEN l.expected - 3 ELSE l.expected + 2 END,
             counted_by = ${actor.id}::int, counted_at = now()
      FROM (SELECT l2.id, row_number() OVER (ORDER BY l2.id) AS n FROM stocktake_lines l2 JOIN stocktake_places p ON p.id = l2.place_id WHERE p.stocktake_id = ${st.id}::int) x
      WHERE l.id = x.id`.execute(db);
    await sql`UPDATE stocktake_places SET done = true, done_by = ${actor.id}::int, done_at = now() WHERE stocktake_id = ${st.id}::int`.execute(db);

    t0 = performance.now();
    const booked = await db.transaction().execute((trx) => bookStocktake(trx, actor, st.id));
    const bookMs = performance.now() - t0;

    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT s.id FROM stock s LEFT JOIN stock_movements m ON m.stock_id = s.id
        GROUP BY s.id HAVING s.quantity <> coalesce(sum(m.quantity), 0)) x`.execute(db);
    console.log(`  Anlegen über ${f(st.places)} Plätze (${f(rackIds.length)} Regale):  ${f(createMs)} ms   (Ziel ≤ ${f(GOAL_MS)} ms)`);
    console.log(`  Buchen von ${f(booked.differences)} Differenzen (${f(booked.movements)} Bewegungen):  ${f(bookMs)} ms   (Ziel ≤ ${f(GOAL_MS)} ms)`);
    recordGoal({ what: `4c Inventur über ${f(st.places)} Plätze anlegen`, figure: createMs, unit: 'ms', target: GOAL_MS, kind: 'max' });
    recordGoal({ what: `4c Inventur mit ${f(booked.differences)} Differenzen buchen`, figure: bookMs, unit: 'ms', target: GOAL_MS, kind: 'max' });
    console.log(`  Bestand ≠ Summe der Bewegungen danach: ${rows[0]?.n ?? '?'} Zeilen (soll 0)`);
  } finally {
    await bench.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`Inventur (tests/bench/stocktake.ts): ${f(PLACES)} Plätze, ${f(DIFFERENCES)} Differenzen, PostgreSQL`);
  await benchStocktake();
}
