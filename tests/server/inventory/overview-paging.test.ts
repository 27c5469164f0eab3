import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';

/**
 * The overview is paged: product rows (product × customer) by
 * title and customer, a server-side search, headline counts over the whole
 * filter; a catalogue beyond PostgreSQL's 65,535 bind parameters answers.
 */

let t: TestApp;
let worker: { id: number; role: string };
let restricted: { id: number; role: string };
let c1: { id: number; company_name: string };
let c2: { id: number; company_name: string };

beforeAll(async () => {
  t = await createTestApp();
  c1 = await buildCustomer(t.db, { company_name: 'Alpha Handel GmbH' });
  c2 = await buildCustomer(t.db, { company_name: 'Beta 50% Versand AG' });
  worker = await buildUser(t.db, 'warehouse_worker');
  restricted = await buildUser(t.db, 'warehouse_manager', { access: [c1.id] });
  const [place] = await buildCompartments(t.db, 1);
  for (const [title, customers] of [
    ['Apfelsaft 1 l', [c1, c2]],
    ['Birnensaft 1 l', [c1]],
    ['Cola 0,5 l', [c2]],
  ] as const) {
    const p = await buildProduct(t.db, { title });
    for (const c of customers) await buildStock(t.db, { product_id: p.id, customer_id: c.id, location_id: place.id, quantity: 10 });
  }
});
afterAll(async () => t?.close());

const get = (user: { id: number; role: string }, url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.app, user) });
const rows = (body: { product_summary: Array<{ title: string; customer_name: string }> }) => body.product_summary.map((s) => `${s.title} / ${s.customer_name}`);

describe('inventory overview paging', () => {
  it('pages product rows by title and customer; headline counts cover the whole filter', async () => {
    const first = (await get(worker, '/api/dashboard/inventory-overview?page_size=2')).json();
    expect(rows(first)).toEqual(['Apfelsaft 1 l / Alpha Handel GmbH', 'Apfelsaft 1 l / Beta 50% Versand AG']);
    expect(first).toMatchObject({ total: 4, total_pages: 2, page: 1, page_size: 2, total_unique_products: 3, total_items: 40 });
    const second = (await get(worker, '/api/dashboard/inventory-overview?page_size=2&page=2')).json();
    expect(rows(second)).toEqual(['Birnensaft 1 l / Alpha Handel GmbH', 'Cola 0,5 l / Beta 50% Versand AG']);
    expect(second.product_summary[1].locations).toHaveLength(1);
    expect(second.product_summary[1].recent_movements).toMatchObject([{ movement_type: 'inbound', quantity: 10 }]);
  });

  it('a page past the end is empty but still tells the total', async () => {
    const res = (await get(worker, '/api/dashboard/inventory-overview?page_size=2&page=9')).json();
    expect(res.product_summary).toEqual([]);
    expect(res).toMatchObject({ total: 4, total_pages: 2, page: 9 });
  });

  it('searches title, EAN and customer name on the server, wildcards taken literally', async () => {
    expect(rows((await get(worker, '/api/dashboard/inventory-overview?search=saft')).json())).toHaveLength(3);
    expect(rows((await get(worker, '/api/dashboard/inventory-overview?search=50%25')).json())).toEqual([
      'Apfelsaft 1 l / Beta 50% Versand AG',
      'Cola 0,5 l / Beta 50% Versand AG',
    ]);
    expect(rows((await get(worker, '/api/dashboard/inventory-overview?search=_')).json())).toEqual([]);
    const none = (await get(worker, '/api/dashboard/inventory-overview?search=gibt%20es%20nicht')).json();
    expect(none).toMatchObject({ product_summary: [], total: 0, total_pages: 1, total_unique_products: 3 });
  });

  it('restricted staff page only through their scope', async () => {
    const res = (await get(restricted, '/api/dashboard/inventory-overview?page_size=1')).json();
    expect(res).toMatchObject({ total: 2, total_pages: 2, total_items: 20 });
    expect(res.product_summary[0].customer_name).toBe(c1.company_name);
  });

  it('refuses a bad page or page size with a German 400', async () => {
    for (const q of ['page=0', 'page_size=0', 'page_size=101', 'page=abc', 'page=1000001']) {
      const res = await get(worker, `/api/dashboard/inventory-overview?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().detail).toMatch(/Seite/);
    }
  });
});

describe('inventory overview with a large catalogue', () => {
  it('answers with more products in stock than PostgreSQL has bind parameters (was 500)', { timeout: 120_000 }, async () => {
    const [place] = await buildCompartments(t.db, 1);
    const N = 70_000;
    await sql`INSERT INTO products (ean, title) SELECT '29' || lpad(i::text, 11, '0'), 'Massenartikel ' || lpad(i::text, 6, '0') FROM generate_series(1, ${N}) i`.execute(
      t.db,
    );
    await sql`INSERT INTO stock (product_id, customer_id, location_id, batch_number, quantity)
              SELECT id, ${c1.id}, ${place.id}, '', 1 FROM products WHERE title LIKE 'Massenartikel %'`.execute(t.db);
    const res = await get(worker, `/api/dashboard/inventory-overview?customer_id=${c1.id}&page=3`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: N + 2, total_pages: Math.ceil((N + 2) / 20), total_unique_products: N + 2, page_size: 20 });
    expect(body.product_summary).toHaveLength(20);
    expect(body.product_summary[0].title).toBe('Massenartikel 000039');
  });
});
