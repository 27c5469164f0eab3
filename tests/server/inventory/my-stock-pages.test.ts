import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';

/**
 * Mein Bestand in pages (docs/operations.md "Stock views"): walking the pages by
 * after_product_id gives every product of the scope exactly once in the order
 * (title, product id); the sums cover the whole scope whatever the page or search;
 * a customer only ever sees their own products; bad paging parameters are a German 400.
 */

let t: TestApp;
let mine: { id: number };
let other: { id: number };
let user: { id: number; role: string };
let worker: { id: number; role: string };
let restricted: { id: number; role: string };
const foreignEans: string[] = [];

type Item = {
  product_id: number;
  title: string;
  ean: string;
  available_quantity: number;
  reserved_quantity: number;
  blocked_quantity: number;
  total_quantity: number;
};
type Page = { items: Item[]; total: number; has_more: boolean; totals: Record<string, number> };

beforeAll(async () => {
  t = await createTestApp();
  mine = await buildCustomer(t.db, { company_name: 'Seiten GmbH' });
  other = await buildCustomer(t.db, { company_name: 'Fremd AG' });
  user = await buildUser(t.db, 'customer_user', { customer_id: mine.id });
  worker = await buildUser(t.db, 'warehouse_worker');
  restricted = await buildUser(t.db, 'warehouse_manager', { access: [other.id] });
  const places = await buildCompartments(t.db, 3);
  // Equal titles (the order falls back to the product id), titles sorting before and after them.
  const titles = ['Tee', 'Apfel', 'Tee', 'Zitrone', 'Brot', 'Tee', 'Milch', 'Apfel', 'Käse', 'Nudeln', 'Honig'];
  for (const [i, title] of titles.entries()) {
    const p = await buildProduct(t.db, { title, units_per_box: i % 2 === 0 ? 6 : null });
    await buildStock(t.db, { product_id: p.id, customer_id: mine.id, location_id: places[i % 3].id, quantity: 10 + i });
    if (i % 4 === 0) await buildStock(t.db, { product_id: p.id, customer_id: mine.id, location_id: places[(i + 1) % 3].id, quantity: 2 });
  }
  for (const title of ['Apfel', 'Fremdware']) {
    const p = await buildProduct(t.db, { title });
    foreignEans.push(p.ean);
    await buildStock(t.db, { product_id: p.id, customer_id: other.id, location_id: places[0].id, quantity: 500 });
  }
  await t.db.updateTable('stock').set({ reserved_quantity: 3 }).where('customer_id', '=', mine.id).where('quantity', '=', 11).execute();
  // A blocked place: its free stock counts as blocked, in the items and in the sums alike.
  await t.db.updateTable('locations').set({ is_blocked: true }).where('id', '=', places[2].id).execute();
});
afterAll(async () => t?.close());

const get = (who: { id: number; role: string }, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/inventory/my-stock${url}`, headers: auth(t.app, who) });

async function walk(who: { id: number; role: string }, query: string, limit: number): Promise<{ pages: Page[]; items: Item[] }> {
  const pages: Page[] = [];
  let after = '';
  for (;;) {
    const res = await get(who, `?limit=${limit}${query}${after}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    pages.push(page);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    if (!page.has_more) break;
    after = `&after_product_id=${page.items[page.items.length - 1].product_id}`;
    expect(pages.length).toBeLessThan(50);
  }
  return { pages, items: pages.flatMap((p) => p.items) };
}

const byTitleAndId = (a: Item, b: Item) => (a.title === b.title ? a.product_id - b.product_id : a.title < b.title ? -1 : 1);

describe('Mein Bestand in pages', () => {
  it('every product exactly once over all pages, ordered by title and product id, with the same figures as the whole list', async () => {
    const whole = (await get(user, '')).json() as Item[];
    expect(whole).toHaveLength(11);
    for (const limit of [1, 3, 4, 11, 50]) {
      const { pages, items } = await walk(user, '', limit);
      expect(pages).toHaveLength(Math.max(1, Math.ceil(11 / limit)));
      expect(new Set(items.map((i) => i.product_id)).size).toBe(11);
      expect(items).toEqual([...whole].sort(byTitleAndId));
      for (const p of pages) expect(p.total).toBe(11);
    }
  });

  it('the sums cover the whole scope on every page and equal the items summed', async () => {
    const whole = (await get(user, '')).json() as Item[];
    const sum = (k: keyof Item) => whole.reduce((s, i) => s + (i[k] as number), 0);
    const expected = {
      products: 11,
      available_quantity: sum('available_quantity'),
      reserved_quantity: sum('reserved_quantity'),
      blocked_quantity: sum('blocked_quantity'),
      total_quantity: sum('total_quantity'),
    };
    expect(expected.blocked_quantity).toBeGreaterThan(0);
    expect(expected.reserved_quantity).toBe(3);
    const { pages } = await walk(user, '', 4);
    for (const p of pages) expect(p.totals).toEqual(expected);
    const searched = (await get(user, '?limit=2&search=tee')).json() as Page;
    expect(searched.totals).toEqual(expected);
  });

  it('searches title and EAN on the server; total counts the matches', async () => {
    const { items, pages } = await walk(user, '&search=TEE', 2);
    expect(items.map((i) => i.title)).toEqual(['Tee', 'Tee', 'Tee']);
    expect(pages[0].total).toBe(3);
    const one = items[1];
    const byEan = (await get(user, `?limit=5&search=${one.ean}`)).json() as Page;
    expect(byEan.items.map((i) => i.product_id)).toEqual([one.product_id]);
    expect((await get(user, '?limit=5&search=gibt%20es%20nicht')).json()).toMatchObject({ items: [], total: 0, has_more: false });
  });

  it('a customer sees only their own products, whatever customer_id they send', async () => {
    const { items } = await walk(user, `&customer_id=${other.id}`, 5);
    expect(items).toHaveLength(11);
    for (const ean of foreignEans) expect(items.map((i) => i.ean)).not.toContain(ean);
    const apples = items.filter((i) => i.title === 'Apfel');
    expect(apples.every((a) => a.total_quantity < 500)).toBe(true);
  });

  it('staff page a chosen customer; restricted staff not one outside their scope', async () => {
    const staffWalk = await walk(worker, `&customer_id=${mine.id}`, 4);
    expect(staffWalk.items).toEqual((await walk(user, '', 4)).items);
    const theirs = (await get(restricted, '?limit=10')).json() as Page;
    expect(theirs.items.map((i) => i.ean).sort()).toEqual([...foreignEans].sort());
    expect(theirs.totals).toMatchObject({ products: 2, total_quantity: 1000 });
    expect((await get(restricted, `?limit=10&customer_id=${mine.id}`)).statusCode).toBe(404);
  });

  it('refuses bad paging parameters with a German 400', async () => {
    const cases: Array<[string, RegExp]> = [
      ['limit=0', /Anzahl/],
      ['limit=201', /Anzahl/],
      ['limit=abc', /Anzahl/],
      ['limit=2.5', /Anzahl/],
      ['after_product_id=0', /Weiter ab Artikel/],
      ['after_product_id=abc', /Weiter ab Artikel/],
      ['after_product_id=99999999999', /Weiter ab Artikel/],
      [`limit=5&search=${'x'.repeat(201)}`, /Suche/],
    ];
    for (const [q, detail] of cases) {
      const res = await get(user, `?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('VALIDATION');
      expect(res.json().detail, q).toMatch(detail);
    }
  });
});
