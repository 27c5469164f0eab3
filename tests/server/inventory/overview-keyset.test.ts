import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';

/**
 * Keyset paging of the inventory overview: after_product_id and
 * after_customer_id (the previous page's last row) give the same rows as
 * page numbers do, also across equal titles, with a search and in a scope;
 * the headline counts count a product held for several customers once and
 * each of its rows in the total, and follow a booking at once.
 */

let t: TestApp;
let worker: { id: number; role: string };
let restricted: { id: number; role: string };
let place: { id: number };
const customers: Array<{ id: number; company_name: string }> = [];

type Row = { product_id: number; customer_id: number; title: string; customer_name: string };
type Page = { product_summary: Row[]; total: number; total_pages: number; page: number; total_unique_products: number; total_items: number };

beforeAll(async () => {
  t = await createTestApp();
  // Created in an order unlike their names' order, so the page order is not the id order.
  for (const name of ['Zeta KG', 'Alpha GmbH', 'Mitte AG']) customers.push(await buildCustomer(t.db, { company_name: name }));
  worker = await buildUser(t.db, 'warehouse_worker');
  restricted = await buildUser(t.db, 'warehouse_manager', { access: [customers[0].id, customers[2].id] });
  [place] = await buildCompartments(t.db, 1);
  // Equal titles (ties broken by customer name, then product id), products for one or all customers.
  for (const [title, held] of [
    ['Wasser 1 l', [0, 1, 2]],
    ['Saft 1 l', [1]],
    ['Wasser 1 l', [2, 0]],
    ['Brot', [0, 1]],
    ['Saft 1 l', [2]],
    ['Milch', [0]],
  ] as const) {
    const p = await buildProduct(t.db, { title });
    for (const c of held) await buildStock(t.db, { product_id: p.id, customer_id: customers[c].id, location_id: place.id, quantity: 3 });
  }
});
afterAll(async () => t?.close());

const get = async (user: { id: number; role: string }, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/dashboard/inventory-overview?${url}`, headers: auth(t.app, user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const keys = (rows: Row[]) => rows.map((r) => `${r.title} / ${r.customer_name} / ${r.product_id}`);

/** Every page by number, and the same walk by keyset; both must give the same rows in the same order. */
async function bothWalks(user: { id: number; role: string }, filter: string, size: number) {
  const first = await get(user, `${filter}page_size=${size}`);
  const byNumber: Row[] = [...first.product_summary];
  for (let page = 2; page <= first.total_pages; page++) byNumber.push(...(await get(user, `${filter}page_size=${size}&page=${page}`)).product_summary);
  const byKeyset: Row[] = [...first.product_summary];
  for (let page = 2; ; page++) {
    const last = byKeyset[byKeyset.length - 1];
    const next = await get(user, `${filter}page_size=${size}&page=${page}&after_product_id=${last.product_id}&after_customer_id=${last.customer_id}`);
    expect(next).toMatchObject({ page, total: first.total, total_pages: first.total_pages });
    if (next.product_summary.length === 0) break;
    byKeyset.push(...next.product_summary);
  }
  return { first, byNumber: keys(byNumber), byKeyset: keys(byKeyset) };
}

describe('inventory overview keyset paging', () => {
  it('walks the same rows as the page numbers, equal titles ordered by customer name', async () => {
    for (const size of [1, 2, 3, 5]) {
      const { first, byNumber, byKeyset } = await bothWalks(worker, '', size);
      expect(first.total).toBe(10);
      expect(byKeyset).toEqual(byNumber);
      expect(byNumber).toHaveLength(10);
    }
    const { byNumber } = await bothWalks(worker, '', 10);
    expect(byNumber.slice(0, 3).map((k) => k.split(' / ').slice(0, 2).join(' / '))).toEqual(['Brot / Alpha GmbH', 'Brot / Zeta KG', 'Milch / Zeta KG']);
    const water = byNumber.filter((k) => k.startsWith('Wasser')).map((k) => k.split(' / ')[1]);
    expect(water).toEqual(['Alpha GmbH', 'Mitte AG', 'Mitte AG', 'Zeta KG', 'Zeta KG']);
  });

  it('keeps the search and the scope while walking', async () => {
    const searched = await bothWalks(worker, 'search=wasser&', 2);
    expect(searched.first.total).toBe(5);
    expect(searched.byKeyset).toEqual(searched.byNumber);
    const scoped = await bothWalks(restricted, '', 2);
    expect(scoped.first.total).toBe(7);
    expect(scoped.byKeyset).toEqual(scoped.byNumber);
    expect(scoped.byKeyset.some((k) => k.includes('Alpha GmbH'))).toBe(false);
    const one = await bothWalks(worker, `customer_id=${customers[1].id}&`, 1);
    expect(one.byKeyset).toEqual(one.byNumber);
    expect(one.byNumber).toHaveLength(3);
  });

  it('counts a product held for several customers once, each of its rows in the total; a booking shows at once', async () => {
    const before = await get(worker, 'page_size=1');
    expect(before).toMatchObject({ total: 10, total_pages: 10, total_unique_products: 6, total_items: 30 });
    const p = await buildProduct(t.db, { title: 'Zucker' });
    await buildStock(t.db, { product_id: p.id, customer_id: customers[1].id, location_id: place.id, quantity: 4 });
    expect(await get(worker, 'page_size=1')).toMatchObject({ total: 11, total_unique_products: 7, total_items: 34 });
    await buildStock(t.db, { product_id: p.id, customer_id: customers[2].id, location_id: place.id, quantity: 1 });
    expect(await get(worker, 'page_size=1')).toMatchObject({ total: 12, total_unique_products: 7, total_items: 35 });
    expect(await get(restricted, 'page_size=1')).toMatchObject({ total: 8, total_unique_products: 6, total_items: 22 });
  });

  it('refuses a cursor half or a bad id with a German 400', async () => {
    for (const q of ['after_product_id=1', 'after_customer_id=1', 'after_product_id=abc&after_customer_id=1', 'after_product_id=1&after_customer_id=0']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dashboard/inventory-overview?${q}`, headers: auth(t.app, worker) });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().detail, q).toMatch(/Weiter ab (Artikel|Kunde)/);
    }
  });
});
