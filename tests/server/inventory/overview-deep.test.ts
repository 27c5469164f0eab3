import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_OFFSET } from '../../../server/features/inventory/overview-page';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildUser } from '../../helpers/factories';

/**
 * Deep pages of the inventory overview by number: from DEEP_OFFSET rows on, the page
 * is found by a walk in (title, product, customer) order and read in the page order from its
 * first title on. Every page — before and past the threshold, in the second half, the last and
 * one beyond the end — must hold the same rows as a plain reference query, with many equal
 * titles, equal customer names, several customers per product, several places per row and
 * empty stock rows; in every scope; and right after bookings.
 */

let t: TestApp;
type User = { id: number; role: string };
let worker: User;
let excluding: User;
let including: User;
const customers: Array<{ id: number; company_name: string }> = [];
let places: Array<{ id: number }>;

type Row = { product_id: number; customer_id: number; title: string; customer_name: string; total_quantity: number };
type Page = { product_summary: Row[]; total: number; total_pages: number };

beforeAll(async () => {
  t = await createTestApp();
  // Ids not in name order; two customers of the same name (ties broken by product, then customer id).
  for (const name of ['Gleich GmbH', 'Alpha AG', 'Gleich GmbH', 'Zeta KG']) customers.push(await buildCustomer(t.db, { company_name: name }));
  worker = await buildUser(t.db, 'warehouse_worker');
  excluding = await buildUser(t.db, 'warehouse_manager', { access: [customers[2].id], is_exclude: true });
  including = await buildUser(t.db, 'warehouse_manager', { access: [customers[0].id, customers[3].id] });
  places = await buildCompartments(t.db, 2);
  // 900 products under 61 titles (about 15 per title, ids not in title order); each held for one
  // to three customers, some in two places, some rows empty (quantity 0: not in the overview).
  await sql`INSERT INTO products (ean, title) SELECT 'D' || lpad(i::text, 6, '0'), 'Ware ' || lpad((i * 37 % 61)::text, 2, '0')
    FROM generate_series(1, 900) i`.execute(t.db);
  const ids = sql.raw(`ARRAY[${customers.map((c) => c.id).join(',')}]`);
  await sql`INSERT INTO stock (product_id, customer_id, location_id, quantity)
    SELECT p.id, (${ids}::int[])[1 + (p.id + k) % 4], ${places[0].id}::int, CASE WHEN p.id % 7 = 0 AND k = 0 THEN 0 ELSE 1 + p.id % 5 END
    FROM products p, generate_series(0, 2) k
    WHERE p.ean LIKE 'D%' AND (k = 0 OR (k = 1 AND p.id % 3 = 0) OR (k = 2 AND p.id % 5 = 0))`.execute(t.db);
  await sql`INSERT INTO stock (product_id, customer_id, location_id, quantity)
    SELECT product_id, customer_id, ${places[1].id}::int, 2 FROM stock WHERE location_id = ${places[0].id}::int AND product_id % 2 = 0`.execute(t.db);
});
afterAll(async () => t?.close());

const get = async (user: User, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/dashboard/inventory-overview?${url}`, headers: auth(t.app, user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const key = (r: Row) => `${r.title} / ${r.customer_name} / ${r.product_id} / ${r.customer_id} / ${r.total_quantity}`;

/** Every row of the filter in the page order, by a plain query (no paging, no tricks). */
async function reference(customerIds: number[] | null, except = false): Promise<string[]> {
  const scope = customerIds === null ? sql`true` : except ? sql`s.customer_id <> ALL(${customerIds})` : sql`s.customer_id = ANY(${customerIds})`;
  const { rows } = await sql<Row>`
    SELECT s.product_id, s.customer_id, p.title, c.company_name AS customer_name, sum(s.quantity)::int AS total_quantity
    FROM stock s JOIN products p ON p.id = s.product_id JOIN customers c ON c.id = s.customer_id
    WHERE s.quantity > 0 AND ${scope}
    GROUP BY s.product_id, s.customer_id, p.title, c.company_name
    ORDER BY p.title, c.company_name, s.product_id, s.customer_id`.execute(t.db);
  return rows.map(key);
}

/** The given pages (default: all, and one beyond the end) against the reference. */
async function expectPages(user: User, filter: string, size: number, ref: string[], pages?: number[]) {
  const last = Math.max(1, Math.ceil(ref.length / size));
  for (const page of pages ?? Array.from({ length: last + 1 }, (_, i) => i + 1)) {
    const res = await get(user, `${filter}page_size=${size}&page=${page}`);
    expect(res.product_summary.map(key), `${filter} size ${size} page ${page}`).toEqual(ref.slice((page - 1) * size, page * size));
    expect(res).toMatchObject({ total: ref.length, total_pages: last });
  }
}

describe('inventory overview, deep pages by number', () => {
  it('gives the reference rows on every page, before and past the walk threshold, to the last and beyond', async () => {
    const ref = await reference(null);
    expect(ref.length).toBeGreaterThan(2 * DEEP_OFFSET);
    expect(new Set(ref.map((k) => k.split(' / ')[0])).size).toBe(61);
    await expectPages(worker, '', 20, ref);
    const last7 = Math.ceil(ref.length / 7);
    await expectPages(worker, '', 7, ref, [Math.floor(DEEP_OFFSET / 7), Math.ceil(DEEP_OFFSET / 7) + 1, Math.floor(last7 / 2), last7 - 3, last7, last7 + 1]);
    await expectPages(worker, '', 100, ref, [5, 6, 7, Math.ceil(ref.length / 100), 50]);
    // Far beyond the end: empty, and the counts still right.
    await expectPages(worker, '', 20, ref, [100_000]);
  });

  it('keeps the scope (excluded or included customers), the customer filter and the search', async () => {
    await expectPages(excluding, '', 13, await reference([customers[2].id], true));
    await expectPages(including, '', 11, await reference([customers[0].id, customers[3].id]), [1, 20, 45, 46, 47, 80]);
    await expectPages(worker, `customer_id=${customers[1].id}&`, 9, await reference([customers[1].id]), [1, 30, 40, 41, 42]);
    await expectPages(
      worker,
      'search=ware%201&',
      20,
      (await reference(null)).filter((k) => k.startsWith('Ware 1')),
      [1, 4, 5, 6, 7, 8],
    );
    await expectPages(
      worker,
      'search=alpha&',
      20,
      (await reference([customers[1].id])).filter((k) => k.includes('Alpha')),
      [1, 15, 16, 17],
    );
  });

  it('follows bookings at once: a row emptied before the page, a new row, a new customer of a product', async () => {
    const before = await reference(null);
    const [title0] = before[0].split(' / ');
    // Empty the first row's stock (both places), add a product whose title sorts in the middle, and a customer to an early product.
    const first = before[0].split(' / ');
    await sql`UPDATE stock SET quantity = 0 WHERE product_id = ${Number(first[2])}::int AND customer_id = ${Number(first[3])}::int`.execute(t.db);
    const p = await sql<{ id: number }>`INSERT INTO products (ean, title) VALUES ('D999999', 'Ware 30') RETURNING id`.execute(t.db);
    await sql`INSERT INTO stock (product_id, customer_id, location_id, quantity) VALUES (${p.rows[0].id}::int, ${customers[3].id}::int, ${places[0].id}::int, 3)`.execute(
      t.db,
    );
    const early = await sql<{ product_id: number }>`SELECT s.product_id FROM stock s JOIN products p ON p.id = s.product_id
      WHERE p.title = ${title0} AND s.quantity > 0 AND s.customer_id <> ${customers[1].id}::int ORDER BY s.product_id LIMIT 1`.execute(t.db);
    await sql`INSERT INTO stock (product_id, customer_id, location_id, quantity) VALUES (${early.rows[0].product_id}::int, ${customers[1].id}::int, ${places[1].id}::int, 4)
      ON CONFLICT DO NOTHING`.execute(t.db);
    const after = await reference(null);
    expect(after).not.toEqual(before);
    const last = Math.ceil(after.length / 20);
    await expectPages(worker, '', 20, after, [26, 27, Math.floor(last / 2), last - 1, last, last + 1]);
    // A product held for 70 customers (more rows of one product than the walk reads at first), mid-list.
    const many: number[] = [];
    for (let i = 0; i < 70; i++) many.push((await buildCustomer(t.db, { company_name: `Viele ${String(i % 9)} KG` })).id);
    const big = await sql<{ id: number }>`INSERT INTO products (ean, title) VALUES ('D999998', 'Ware 31') RETURNING id`.execute(t.db);
    await sql`INSERT INTO stock (product_id, customer_id, location_id, quantity)
      SELECT ${big.rows[0].id}::int, c, ${places[0].id}::int, 1 FROM unnest(${many}::int[]) c`.execute(t.db);
    const wide = await reference(null);
    const at = wide.findIndex((k) => k.split(' / ')[2] === String(big.rows[0].id));
    const pages = [Math.floor(at / 20) - 1, Math.floor(at / 20), Math.floor(at / 20) + 1, Math.floor(at / 20) + 2, Math.floor(at / 20) + 4];
    for (const size of [20, 7])
      await expectPages(worker, '', size, wide, size === 20 ? pages.map((n) => n + 1) : pages.map((n) => Math.floor((n * 20) / 7) + 1));
  });
});
