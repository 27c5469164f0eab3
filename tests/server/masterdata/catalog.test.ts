import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildProduct, buildUser } from '../../helpers/factories';
import { keepaProduct, type KeepaFake, startKeepaFake } from '../../helpers/keepa-fake';

let t: TestApp;
let keepa: KeepaFake;
let admin: Record<string, string>;
let worker: Record<string, string>;

beforeAll(async () => {
  keepa = await startKeepaFake();
  t = await createTestApp({ keepaBaseUrl: keepa.url });
  admin = auth(t.app, await buildUser(t.db, 'admin'));
  worker = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
});
afterAll(async () => {
  await t.close();
  await keepa.close();
});

async function product(title: string, data: { weight_kg?: number | null; dims?: [number, number, number] | null; image?: string | null } = {}) {
  const p = await buildProduct(t.db, { title, weight_kg: data.weight_kg ?? null });
  await t.db
    .updateTable('products')
    .set({ length_cm: data.dims?.[0] ?? null, width_cm: data.dims?.[1] ?? null, height_cm: data.dims?.[2] ?? null, image_url: data.image ?? null })
    .where('id', '=', p.id)
    .execute();
  return p;
}

const get = async (qs: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/products/${qs}`, headers });

describe('GET /products/', () => {
  it('pages, filters, sorts and counts completeness', async () => {
    await product('Alpha komplett', { weight_kg: 1.5, dims: [10, 20, 30], image: 'https://img/a.jpg' });
    await product('Beta ohne Bild', { weight_kg: 0.2, dims: [1, 2, 3] });
    await product('Gamma ohne Maße', { weight_kg: 3 });
    await product('Delta leer');
    const all = await get('?skip=0&limit=2&sort=title&dir=asc');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBe(4);
    expect(body.counts).toEqual({ all: 4, complete: 2, incomplete: 2 });
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(['Alpha komplett', 'Beta ohne Bild']);
    expect(body.items[1]).toMatchObject({ is_complete: true, missing: ['image'] });
    const page2 = (await get('?skip=2&limit=2&sort=title&dir=asc')).json();
    expect(page2.items.map((i: { title: string }) => i.title)).toEqual(['Delta leer', 'Gamma ohne Maße']);
    const incomplete = (await get('?filter=incomplete')).json();
    expect(incomplete.total).toBe(2);
    expect(incomplete.items.find((i: { title: string }) => i.title === 'Delta leer').missing).toEqual(['weight', 'dimensions', 'image']);
    const byWeight = (await get('?sort=weight&dir=desc')).json();
    expect(byWeight.items.map((i: { weight_kg: number | null }) => i.weight_kg)).toEqual([3, 1.5, 0.2, null]);
    const complete = (await get('?filter=complete&sort=ean&dir=desc')).json();
    expect(complete.total).toBe(2);
    expect(complete.items[0].ean > complete.items[1].ean).toBe(true);
    expect((await get('?limit=10000')).statusCode).toBe(200);
    expect((await get('?limit=0')).statusCode).toBe(400);
    expect((await get('', worker)).statusCode).toBe(403);
  });
});

describe('PUT /products/:id', () => {
  it('saves master data and the product becomes complete', async () => {
    const p = await product('Unvollständig');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: admin,
      payload: {
        title: 'Jetzt vollständig',
        base_unit: 'box',
        units_per_box: 12,
        boxes_per_pallet: null,
        weight_kg: 0.755,
        length_cm: 30.5,
        width_cm: 20,
        height_cm: 10,
        image_url: 'https://example.com/p.jpg',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Jetzt vollständig',
      base_unit: 'box',
      units_per_box: 12,
      boxes_per_pallet: null,
      weight_kg: 0.755,
      length_cm: 30.5,
      is_complete: true,
      missing: [],
    });
    const emptyToNull = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: admin,
      payload: {
        title: 'x',
        base_unit: 'piece',
        units_per_box: '',
        boxes_per_pallet: '',
        weight_kg: '',
        length_cm: null,
        width_cm: null,
        height_cm: null,
        image_url: '',
      },
    });
    expect(emptyToNull.statusCode).toBe(200);
    expect(emptyToNull.json()).toMatchObject({ units_per_box: null, weight_kg: null, image_url: null, is_complete: false });
  });

  it('validates with German messages; 404; admin only', async () => {
    const p = await product('Validierung');
    const put = (payload: unknown, headers = admin, id = p.id) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers, payload: payload as object });
    const zeroBox = await put({ title: 'x', boxes_per_pallet: 0 });
    expect(zeroBox.statusCode).toBe(400);
    expect(zeroBox.json().detail).toContain('Kartons pro Palette');
    const noTitle = await put({ title: ' ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().detail).toContain('Bitte Produkttitel eingeben');
    const badUnit = await put({ title: 'x', base_unit: 'sack' });
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.json().detail).toContain('Basiseinheit');
    const negWeight = await put({ title: 'x', weight_kg: -1 });
    expect(negWeight.statusCode).toBe(400);
    expect(negWeight.json().detail).toContain('Gewicht');
    expect((await put({ title: 'x' }, admin, 999999)).statusCode).toBe(404);
    expect((await put({ title: 'x' }, worker)).statusCode).toBe(403);
  });
});

describe('POST /products/:id/enrich-from-keepa', () => {
  it('409 without a Keepa key', async () => {
    const p = await product('Ohne Schlüssel');
    const res = await t.app.inject({ method: 'POST', url: `/api/products/${p.id}/enrich-from-keepa`, headers: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Kein Keepa-API-Schlüssel hinterlegt');
  });

  it('fills missing data from Keepa (mm -> cm, g -> kg), keeps entered values, warns about gaps', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/settings/keepa_api_key', headers: admin, payload: { value: 'test-key' } });
    const p = await product('Akkuschrauber', { weight_kg: 2 });
    keepa.products.set(p.ean, keepaProduct(p.ean));
    const res = await t.app.inject({ method: 'POST', url: `/api/products/${p.id}/enrich-from-keepa`, headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, warnings: [] });
    expect(body.message).toContain('Maße');
    expect(body.product).toMatchObject({ weight_kg: 2, length_cm: 35.5, width_cm: 24.8, height_cm: 10.2, is_complete: true });
    expect(body.product.image_url).toBe('https://m.media-amazon.com/images/I/41abcDEF.jpg');
    expect(keepa.requests.at(-1)).toMatchObject({ key: 'test-key', domain: '3', code: p.ean });

    const partial = await product('Nur Bild');
    keepa.products.set(partial.ean, keepaProduct(partial.ean, { packageWeight: -1, itemWeight: 0, packageLength: 0 }));
    const r2 = (await t.app.inject({ method: 'POST', url: `/api/products/${partial.id}/enrich-from-keepa`, headers: admin })).json();
    expect(r2.success).toBe(true);
    expect(r2.warnings).toEqual(['Keepa liefert kein Gewicht', 'Keepa liefert keine vollständigen Maße']);

    const unknown = await product('Unbekannt');
    const r3 = (await t.app.inject({ method: 'POST', url: `/api/products/${unknown.id}/enrich-from-keepa`, headers: admin })).json();
    expect(r3).toMatchObject({ success: false });
    expect(r3.message).toContain(unknown.ean);
  });

  it('maps Keepa failures to German errors; 404; admin only', async () => {
    const p = await product('Fehlerfall');
    keepa.mode = 'rate_limited';
    keepa.refillIn = 42_000;
    const limited = await t.app.inject({ method: 'POST', url: `/api/products/${p.id}/enrich-from-keepa`, headers: admin });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe('Keepa-Kontingent erschöpft – wieder verfügbar in 42 Sekunden');
    keepa.mode = 'payment_required';
    expect((await t.app.inject({ method: 'POST', url: `/api/products/${p.id}/enrich-from-keepa`, headers: admin })).statusCode).toBe(502);
    keepa.mode = 'ok';
    expect((await t.app.inject({ method: 'POST', url: '/api/products/999999/enrich-from-keepa', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/products/${p.id}/enrich-from-keepa`, headers: worker })).statusCode).toBe(403);
  });
});
