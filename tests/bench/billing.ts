import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../../server/db/index';
import { CHARGE_CODES } from '../../shared/constants';
import type { Actor } from '../../server/auth/actor';
import { countCharges } from '../../server/features/billing/charges';
import { createInvoice } from '../../server/features/billing/invoice-drafts';
import { takeStorageSnapshot } from '../../server/features/billing/snapshots';
import { createBenchDb } from './setup';
import { recordGoal } from './summary';

/**
 * Billing at scale (docs/operations.md "Billing (Abrechnung)"): figures only,
 * no assertions. On PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL), in a
 * throw-away database: one customer with BENCH_BILLING_MOVEMENTS movements
 * (default 1,000,000) over the year 2025 — inbound units and the picks of
 * shipped orders (4 lines each, a tenth by freight) — plus returns, a
 * snapshot per day and a second customer's activity as noise. Times
 * countCharges over the whole year (every movement in the period) and over
 * one month, the invoice draft over the year (POST /invoices: counting,
 * lines, totals, written), and one storage snapshot over the whole ledger. Goal: 2 s for
 * the counting. Runs alone with `npx tsx tests/bench/billing.ts` and as a
 * section of `npm run bench`.
 */

const MOVEMENTS = Number(process.env.BENCH_BILLING_MOVEMENTS ?? 1_000_000);
const LINES_PER_ORDER = 4;
const GOAL_MS = 2000;

const f = (n: number, d = 0) => n.toLocaleString('de-DE', { minimumFractionDigits: d, maximumFractionDigits: d });

/** Spread row n over 2025 in Berlin: day n % 365, second of the day from n. */
const instant = (n: string) =>
  sql.raw(`(timestamptz '2025-01-01 00:00:00+01' + ((${n}) % 365) * interval '1 day' + ((${n}) % 86400 * 7919 % 86400) * interval '1 second')`);

/** An admin of the bench (no user row: the draft's created_by stays empty). */
const BENCH_ADMIN: Actor = {
  id: 0,
  username: 'bench',
  email: null,
  full_name: null,
  role: 'admin',
  is_admin: true,
  customer_id: null,
  scope: { kind: 'all' },
  session_version: 0,
};

export async function fillBillingLedger(db: Db): Promise<{ customerId: number }> {
  const [customer, other] = await db
    .insertInto('customers')
    .values([
      { customer_number: 'B-1', company_name: 'Bench GmbH' },
      { customer_number: 'B-2', company_name: 'Rauschen KG' },
    ])
    .returning('id')
    .execute();
  await sql`INSERT INTO locations (kind, code, name) VALUES ('rack', 'BR', 'Regal BR')`.execute(db);
  await sql`INSERT INTO locations (kind, parent_id, rack_id, code) SELECT 'level', id, id, '01' FROM locations WHERE code = 'BR'`.execute(db);
  await sql`
    INSERT INTO locations (kind, parent_id, rack_id, code, barcode)
    SELECT 'compartment', lv.id, lv.rack_id, lpad(c::text, 4, '0'), 'BR-01-' || lpad(c::text, 4, '0')
    FROM locations lv, generate_series(1, 2000) c WHERE lv.kind = 'level'`.execute(db);
  await sql`INSERT INTO products (ean, title) SELECT '29' || lpad(n::text, 11, '0'), 'Benchartikel ' || n FROM generate_series(1, 1000) n`.execute(db);
  await sql`CREATE TEMP TABLE bp AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM products`.execute(db);
  await sql`CREATE TEMP TABLE bl AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM locations WHERE kind = 'compartment'`.execute(db);

  const orders = Math.floor((MOVEMENTS * 0.4) / LINES_PER_ORDER);
  const inbound = MOVEMENTS - orders * LINES_PER_ORDER;
  for (const [cid, share] of [
    [customer.id, 1],
    [other.id, 0.2],
  ] as const) {
    const n = Math.floor(orders * share);
    await sql`
      INSERT INTO outbound_orders (order_number, customer_id, status, delivery_name, delivery_address, delivery_city, delivery_postal_code,
        carrier_type, num_packages, shipped_at, created_at)
      SELECT 'BO-' || ${cid}::int || '-' || g, ${cid}::int, CASE WHEN g % 3 = 0 THEN 'completed' ELSE 'shipped' END, 'Bench', 'Weg 1', 'Berlin', '10117',
        CASE WHEN g % 10 = 0 THEN 'freight' ELSE 'parcel' END, 1 + g % 3, ${instant('g')} + interval '2 hours', ${instant('g')} - interval '1 day'
      FROM generate_series(1, ${n}::int) g`.execute(db);
    await sql`
      INSERT INTO stock_movements (movement_type, product_id, customer_id, location_id, quantity, order_id, created_at)
      SELECT 'order_pick', p.id, o.customer_id, l.id, -(1 + line % 3), o.id, o.shipped_at - interval '2 hours'
      FROM outbound_orders o, generate_series(0, ${LINES_PER_ORDER - 1}::int) line,
        LATERAL (SELECT id FROM bp WHERE bp.n = (o.id * 7 + line) % 1000) p,
        LATERAL (SELECT id FROM bl WHERE bl.n = (o.id * 13 + line) % 2000) l
      WHERE o.customer_id = ${cid}::int`.execute(db);
    await sql`
      INSERT INTO stock_movements (movement_type, product_id, customer_id, location_id, quantity, created_at)
      SELECT 'inbound', p.id, ${cid}::int, l.id, 1 + g % 20, ${instant('g')}
      FROM generate_series(1, ${Math.floor(inbound * share)}::int) g
      JOIN bp p ON p.n = g % 1000 JOIN bl l ON l.n = g % 2000`.execute(db);
  }
  // A return (one line, disposed) for every 20th order of the customer.
  await sql`
    WITH r AS (
      INSERT INTO returns (return_number, customer_id, outbound_order_id, status, received_at, created_at)
      SELECT 'BR-' || o.id, o.customer_id, o.id, 'received', o.shipped_at + interval '5 days', o.shipped_at + interval '4 days'
      FROM outbound_orders o WHERE o.customer_id = ${customer.id}::int AND o.id % 20 = 0
      RETURNING id, received_at
    ), i AS (
      INSERT INTO return_items (return_id, product_id, quantity, reason)
      SELECT r.id, (SELECT id FROM bp WHERE n = r.id % 1000), 1, 'not_wanted' FROM r
      RETURNING id, return_id
    )
    INSERT INTO return_receipts (return_id, return_item_id, quantity, condition, disposition, created_at)
    SELECT i.return_id, i.id, 1, 'opened', 'dispose', r.received_at FROM i JOIN r ON r.id = i.return_id`.execute(db);
  await sql`
    INSERT INTO storage_snapshots (day, customer_id, places, units)
    SELECT d::date, ${customer.id}::int, 1500 + (extract(doy FROM d)::int % 400), 40000 FROM generate_series(date '2025-01-01', date '2025-12-31', interval '1 day') d`.execute(
    db,
  );
  return { customerId: customer.id };
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await run();
  return [r, performance.now() - t0];
}

export async function benchBilling(): Promise<void> {
  const bench = await createBenchDb();
  try {
    const db = bench.handle.db;
    const { customerId } = await fillBillingLedger(db);
    await sql`ANALYZE`.execute(db);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM stock_movements WHERE customer_id = ${customerId}::int`.execute(db);
    await countCharges(db, customerId, '2025-01-01', '2025-01-31'); // warm-up: plans, caches
    const [year, yearMs] = await timed(() => countCharges(db, customerId, '2025-01-01', '2025-12-31'));
    const [, monthMs] = await timed(() => countCharges(db, customerId, '2025-06-01', '2025-06-30'));
    const [snap, snapMs] = await timed(() => takeStorageSnapshot(db, '2025-12-31'));
    // The invoice draft as POST /invoices computes it: counting, lines, totals, written in one transaction.
    await db
      .insertInto('customer_rates')
      .values(CHARGE_CODES.map((code, i) => ({ customer_id: customerId, code, price_cents: 10 + i })))
      .execute();
    const [draft, draftMs] = await timed(() =>
      db
        .transaction()
        .execute((trx) => createInvoice(trx, BENCH_ADMIN, { customer_id: customerId, period_from: '2025-01-01', period_to: '2025-12-31' }, new Date(), null)),
    );
    console.log(`  Bewegungen des Kunden: ${f(rows[0]?.n ?? 0)} (dazu ein zweiter Kunde als Rauschen)`);
    console.log(`  countCharges über das Jahr (alle Bewegungen im Zeitraum):  ${f(yearMs)} ms   (Ziel ≤ ${f(GOAL_MS)} ms)`);
    console.log(`  countCharges über einen Monat:  ${f(monthMs)} ms   (Ziel ≤ ${f(GOAL_MS)} ms)`);
    recordGoal({
      what: '4d Abrechnung: Mengen eines Jahres zählen',
      figure: yearMs,
      unit: 'ms',
      target: GOAL_MS,
      kind: 'max',
      beside: `${f(rows[0]?.n ?? 0)} Bewegungen`,
    });
    console.log(
      `  Mengen im Jahr: ${Object.entries(year)
        .map(([k, v]) => `${k} ${f(v)}`)
        .join(', ')}`,
    );
    console.log(
      `  Rechnungsentwurf über das Jahr (POST /invoices):  ${f(draftMs)} ms   (Ziel ≤ ${f(GOAL_MS)} ms; ${f(draft.lines.length)} Positionen, brutto ${f(draft.gross_cents / 100, 2)} €)`,
    );
    recordGoal({ what: '4d Rechnungsentwurf über ein Jahr', figure: draftMs, unit: 'ms', target: GOAL_MS, kind: 'max' });
    console.log(`  Lagerbestand-Stichtag über das ganze Hauptbuch (${f(snap.customers.length)} Kunden):  ${f(snapMs)} ms`);
  } finally {
    await bench.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`Abrechnung (tests/bench/billing.ts): ${f(MOVEMENTS)} Bewegungen eines Kunden, PostgreSQL`);
  await benchBilling();
}
