import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StocktakeDetail } from '../../../shared/schemas/stocktake';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildPlacedCompartments } from '../../helpers/factories';
import { api } from '../outbound-orders/world';
import { stockAt } from '../picking/world';
import { buildStocktakeWorld, type StocktakeWorld } from './world';

/** The stocktake review in pages of places (docs/operations.md "Stocktake"): every place once, counts over the whole stocktake. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Seven places with stock of the world's product; places 1, 4 and 6 counted with a difference, the rest counted right. */
async function countedStocktake(s: StocktakeWorld) {
  const placed = await buildPlacedCompartments(t.db, 7);
  const places = placed.compartments.map((p) => ({ id: p.id, barcode: p.barcode as string }));
  for (const p of places) await stockAt(t, s.w, s.w.loose.id, p.id, 4);
  const st = (await s.create({ location_ids: places.map((p) => p.id), blind: true })).json();
  for (const [i, p] of places.entries()) {
    const quantity = [1, 4, 6].includes(i) ? 3 : 4;
    const res = await s.count(st.id, { location_barcode: p.barcode, ean: s.w.loose.ean, quantity });
    expect(res.statusCode, res.body).toBe(200);
    if (i !== 6) expect((await s.done(st.id, p.barcode)).statusCode).toBe(200);
  }
  const diffBarcodes = places.filter((_, i) => [1, 4, 6].includes(i)).map((p) => p.barcode);
  return { st, barcodes: places.map((p) => p.barcode).sort(), diffBarcodes: diffBarcodes.sort() };
}

const page = async (s: StocktakeWorld, id: number, query: string, headers = s.h.manager) => {
  const res = await api(t).get(`/api/stocktakes/${id}?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StocktakeDetail;
};

/** Walks the pages after the last place shown; every page's counts must read the same. */
async function walk(s: StocktakeWorld, id: number, query: string, headers = s.h.manager) {
  const seen: StocktakeDetail['places'] = [];
  const heads = new Set<string>();
  let after = '';
  for (let n = 0; n < 20; n++) {
    const p = await page(s, id, `${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`, headers);
    heads.add(JSON.stringify([p.total_places, p.done_places, p.differences, p.matching_places]));
    seen.push(...p.places);
    if (!p.has_more) return { seen, heads: [...heads] };
    after = p.places.at(-1)?.location_barcode ?? '';
  }
  throw new Error('more than 20 pages');
}

describe('GET /api/stocktakes/{id} in pages', () => {
  it('walks every place exactly once at several page sizes, in barcode order, with the counts of the whole stocktake', async () => {
    const s = await buildStocktakeWorld(t);
    const { st, barcodes } = await countedStocktake(s);
    const whole = await page(s, st.id, '');
    expect(whole.places.map((p) => p.location_barcode)).toEqual(barcodes);
    expect(whole).toMatchObject({ total_places: 7, done_places: 6, differences: 3, matching_places: 7, has_more: false });
    for (const limit of [1, 2, 3, 7, 50]) {
      const { seen, heads } = await walk(s, st.id, `limit=${limit}`);
      expect(seen).toEqual(whole.places);
      expect(heads).toEqual([JSON.stringify([7, 6, 3, 7])]);
    }
    const first = await page(s, st.id, 'limit=3');
    expect(first.places).toHaveLength(3);
    expect(first.has_more).toBe(true);
  });

  it('only_differences: the places with a difference and only their differing lines, also in pages', async () => {
    const s = await buildStocktakeWorld(t);
    const { st, diffBarcodes } = await countedStocktake(s);
    const all = await page(s, st.id, 'only_differences=true');
    expect(all.matching_places).toBe(3);
    expect(all.places.map((p) => p.location_barcode)).toEqual(diffBarcodes);
    expect(all.places.flatMap((p) => p.lines.map((l) => l.difference))).toEqual([-1, -1, -1]);
    const { seen } = await walk(s, st.id, 'only_differences=true&limit=1');
    expect(seen).toEqual(all.places);
  });

  it('hides the differences from a worker on a blind stocktake: null counts, and the filter matches nothing', async () => {
    const s = await buildStocktakeWorld(t);
    const { st } = await countedStocktake(s);
    const worker = await page(s, st.id, 'limit=2', s.h.worker);
    expect(worker).toMatchObject({ differences: null, total_places: 7, done_places: 6, has_more: true });
    expect(worker.places.flatMap((p) => p.lines.map((l) => [l.expected, l.difference]))).toEqual([
      [null, null],
      [null, null],
    ]);
    const filtered = await page(s, st.id, 'only_differences=true', s.h.worker);
    expect(filtered).toMatchObject({ matching_places: 0, places: [], has_more: false });
  });

  it('answers 400 in German for a bad limit or filter, 404 for an unknown stocktake, 403 for a customer', async () => {
    const s = await buildStocktakeWorld(t);
    const st = (await s.create({ location_ids: [s.a.id] })).json();
    for (const q of ['limit=0', 'limit=501', 'limit=x', 'only_differences=ja']) {
      const res = await api(t).get(`/api/stocktakes/${st.id}?${q}`, s.h.manager);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().detail).toMatch(/^[A-ZÄÖÜ]/);
    }
    expect((await api(t).get('/api/stocktakes/999999?limit=5', s.h.manager)).statusCode).toBe(404);
    expect((await api(t).get(`/api/stocktakes/${st.id}?limit=5`, s.h.customer)).statusCode).toBe(403);
  });
});
