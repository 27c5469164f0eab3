import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { buildWorld } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const search = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/inventory/search', headers, payload });

describe('POST /api/inventory/search', () => {
  it('finds stock by EAN, title fragment and place code, case-insensitive', async () => {
    const w = await buildWorld(t.db, t.app);
    const p = await buildProduct(t.db, { title: `Gummibärchen 100% Frucht ${Date.now()}` });
    const place = w.compartments[2];
    await buildStock(t.db, { product_id: p.id, customer_id: w.customer.id, location_id: place.id, quantity: 6 });
    const byEan = (await search(w.headers, { query: p.ean.slice(2, 9) })).json();
    expect(byEan.map((r: { product_id: number }) => r.product_id)).toContain(p.id);
    const byTitle = (await search(w.headers, { query: 'GUMMIBÄRCHEN 100%' })).json();
    expect(byTitle[0]).toMatchObject({
      product_id: p.id,
      product_title: p.title,
      product_ean: p.ean,
      customer_name: w.customer.company_name,
      location_path: `${w.building.name} / ${w.room.name} / ${place.barcode}`,
      quantity: 6,
      available_quantity: 6,
    });
    const byPlace = (await search(w.headers, { query: place.barcode?.toLowerCase() })).json();
    expect(byPlace).toHaveLength(1);
    // % is a character, not a wildcard.
    expect((await search(w.headers, { query: 'chen 1%0' })).json()).toHaveLength(0);
  });

  it('respects the customer scope and the limit of 50', async () => {
    const w = await buildWorld(t.db, t.app);
    const hidden = await buildCustomer(t.db);
    const p = await buildProduct(t.db, { title: `Geheimartikel ${Date.now()}` });
    await buildStock(t.db, { product_id: p.id, customer_id: hidden.id, location_id: w.compartments[0].id, quantity: 1 });
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [hidden.id], is_exclude: true });
    expect((await search(auth(t.app, restricted), { query: 'Geheimartikel' })).json()).toHaveLength(0);
    expect((await search(w.headers, { query: 'Geheimartikel' })).json()).toHaveLength(1);
    const tooMany = await search(w.headers, { query: 'x', limit: 51 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toMatch(/^Anzahl: /);
    expect((await search(w.headers, { query: '  ' })).json().detail).toBe('Suchbegriff: Suchbegriff ist erforderlich');
  });

  it('pages in title, place, row order across equal titles and products without stock', async () => {
    const w = await buildWorld(t.db, t.app);
    const tag = `Zange${Date.now()}`;
    const [a, b, c, empty] = await Promise.all(['A', 'A', 'B', '0'].map((x) => buildProduct(t.db, { title: `${tag} ${x}` })));
    // Equal titles: a lies on the later place, b on the earlier one, so b's row comes first.
    await buildStock(t.db, { product_id: a.id, customer_id: w.customer.id, location_id: w.compartments[2].id, quantity: 1 });
    await buildStock(t.db, { product_id: b.id, customer_id: w.customer.id, location_id: w.compartments[0].id, quantity: 1 });
    await buildStock(t.db, { product_id: c.id, customer_id: w.customer.id, location_id: w.compartments[1].id, quantity: 1 });
    // In the catalogue and first by title, but no stock: no row, and it must not use up the limit.
    expect(empty.title < a.title).toBe(true);
    const ids = async (limit: number) => ((await search(w.headers, { query: tag, limit })).json() as { product_id: number }[]).map((r) => r.product_id);
    expect(await ids(1)).toEqual([b.id]);
    expect(await ids(2)).toEqual([b.id, a.id]);
    expect(await ids(50)).toEqual([b.id, a.id, c.id]);
  });
});

describe('GET /api/movements', () => {
  it('lists newest first with positive quantities, user, path and customer', async () => {
    const w = await buildWorld(t.db, t.app);
    const place = w.compartments[0];
    await t.app.inject({
      method: 'POST',
      url: '/api/inbound',
      headers: w.headers,
      payload: { ean: w.product.ean, quantity: 5, location_barcode: place.barcode, customer_id: w.customer.id },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/outbound',
      headers: w.headers,
      payload: { ean: w.product.ean, quantity: 2, location_barcode: place.barcode },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/movements?limit=2', headers: w.headers });
    expect(res.statusCode).toBe(200);
    const [out, inb] = res.json();
    expect(out).toMatchObject({
      movement_type: 'outbound',
      quantity: 2,
      direction: 'out',
      product_ean: w.product.ean,
      username: w.worker.username,
      customer_name: w.customer.company_name,
    });
    expect(inb).toMatchObject({
      movement_type: 'inbound',
      quantity: 5,
      direction: 'in',
      location_path: `${w.building.name} / ${w.room.name} / ${place.barcode}`,
    });
    expect(typeof out.created_at).toBe('string');
  });

  it("shows restricted staff only their customers' movements and caps the limit", async () => {
    const w = await buildWorld(t.db, t.app);
    const hidden = await buildCustomer(t.db);
    await buildStock(t.db, { product_id: w.product.id, customer_id: hidden.id, location_id: w.compartments[0].id, quantity: 1 });
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] });
    const rows = (await t.app.inject({ method: 'GET', url: '/api/movements?limit=500', headers: auth(t.app, restricted) })).json();
    expect(rows.every((r: { customer_id: number }) => r.customer_id === w.customer.id)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/movements?limit=501', headers: w.headers })).statusCode).toBe(400);
  });
  it('pages by keyset: before_id continues below the last row, also among equal timestamps', async () => {
    const w = await buildWorld(t.db, t.app);
    const own = await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] });
    const stock = await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: w.compartments[0].id, quantity: 1 });
    const at = new Date('2026-01-02T03:04:05Z');
    await t.db
      .insertInto('stock_movements')
      .values(
        [0, 0, 0, 1, 1].map((minutes) => ({
          movement_type: 'inbound',
          product_id: w.product.id,
          customer_id: w.customer.id,
          location_id: w.compartments[0].id,
          stock_id: stock.stock_id,
          quantity: 1,
          created_at: new Date(at.getTime() + minutes * 60_000),
        })),
      )
      .execute();
    // Keep the ledger summing to the stock.
    await t.db.updateTable('stock').set({ quantity: 6 }).where('id', '=', stock.stock_id).execute();
    const page = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/movements?${q}`, headers: auth(t.app, own) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number }[]).map((m) => m.id);
    };
    const all = await page('limit=500');
    const walked: number[] = [];
    let next = await page('limit=2');
    while (next.length > 0) {
      walked.push(...next);
      next = await page(`limit=2&before_id=${next[next.length - 1]}`);
    }
    expect(walked).toEqual(all);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.length).toBeGreaterThanOrEqual(5);
    for (const bad of ['before_id=0', 'before_id=abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/movements?${bad}`, headers: w.headers });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
  });
});
