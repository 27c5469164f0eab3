import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../../shared/domain/ean';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildProduct, buildUser } from '../../helpers/factories';
import { type KeepaFake, keepaProduct, startKeepaFake } from '../../helpers/keepa-fake';

let t: TestApp;
let noKeepa: TestApp;
let fake: KeepaFake;
let seq = 0;
const freshEan = () => withCheckDigit(`42${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(4, '0')}`);

beforeAll(async () => {
  fake = await startKeepaFake();
  t = await createTestApp({ keepaApiKey: 'k-test', keepaBaseUrl: fake.url });
  noKeepa = await createTestApp({ keepaApiKey: undefined, keepaBaseUrl: fake.url });
});
afterAll(async () => {
  await t.close();
  await noKeepa.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

describe('GET /api/products/lookup/:ean', () => {
  it('answers from the database first without asking Keepa', async () => {
    const p = await buildProduct(t.db, { title: 'Aus der Datenbank', weight_kg: 1.5 });
    const u = await buildUser(t.db, 'warehouse_worker');
    const res = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${p.ean}`, headers: auth(t.app, u) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'database', product_id: p.id, title: 'Aus der Datenbank', weight_kg: 1.5 });
    expect(fake.requests).toHaveLength(0);
  });

  it('finds a UPC-A stored as EAN-13 when scanned with 12 digits', async () => {
    const upc = withCheckDigit('03600029145');
    const p = await buildProduct(t.db, { ean: `0${upc}` });
    const u = await buildUser(t.db, 'warehouse_worker');
    const res = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${upc}`, headers: auth(t.app, u) });
    expect(res.json()).toMatchObject({ source: 'database', product_id: p.id });
  });

  it('falls back to Keepa (converted to cm/kg) for staff (customer users: tests/server/retention/scope-leaks.test.ts)', async () => {
    const ean = freshEan();
    fake.products.set(ean, keepaProduct(ean));
    const u = await buildUser(t.db, 'warehouse_worker');
    const res = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${ean}`, headers: auth(t.app, u) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'keepa',
      product_id: null,
      ean,
      title: 'Bosch Akkuschrauber GSR 12V & Koffer',
      brand: 'Bosch',
      weight_kg: 2.15,
      length_cm: 35.5,
      width_cm: 24.8,
      height_cm: 10.2,
      image_url: 'https://m.media-amazon.com/images/I/41abcDEF.jpg',
    });
    expect(res.json().keepa_data.asin).toBe('B000TEST01');
    // The second lookup of the same code is answered from the cache (each Keepa call costs a token).
    await t.app.inject({ method: 'GET', url: `/api/products/lookup/${ean}`, headers: auth(t.app, u) });
    expect(fake.requests).toHaveLength(1);
  });

  it('answers 404 "Produkt nicht gefunden" when neither knows the code', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const ean = freshEan();
    const res = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${ean}`, headers: auth(t.app, u) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', detail: 'Produkt nicht gefunden', params: { ean } });
    expect(fake.requests).toHaveLength(1);
  });

  it('answers 404 with the Keepa problem when Keepa is exhausted, instead of failing the scan', async () => {
    fake.mode = 'rate_limited';
    const u = await buildUser(t.db, 'warehouse_worker');
    const res = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${freshEan()}`, headers: auth(t.app, u) });
    expect(res.statusCode).toBe(404);
    expect(res.json().params.keepa_error).toBe('rate_limited');
  });

  it('skips Keepa without a key, and for codes that are no GTIN', async () => {
    const u = await buildUser(noKeepa.db, 'warehouse_worker');
    const res = await noKeepa.app.inject({ method: 'GET', url: `/api/products/lookup/${freshEan()}`, headers: auth(noKeepa.app, u) });
    expect(res.statusCode).toBe(404);
    const u2 = await buildUser(t.db, 'warehouse_worker');
    await t.app.inject({ method: 'GET', url: '/api/products/lookup/ART-4711', headers: auth(t.app, u2) });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses anonymous callers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${freshEan()}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/products/', () => {
  it('creates a manual product (title required, description optional)', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const ean = freshEan();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: auth(t.app, u),
      payload: { ean: ` ${ean} `, title: '  Schrauben M4  ', description: '', keepa_data: null },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ean, title: 'Schrauben M4', description: null, source: 'manual' });
    const again = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${ean}`, headers: auth(t.app, u) });
    expect(again.json().source).toBe('database');
  });

  it('fills master data from keepa_data of a lookup', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const ean = freshEan();
    fake.products.set(ean, keepaProduct(ean));
    const lookup = (await t.app.inject({ method: 'GET', url: `/api/products/lookup/${ean}`, headers: auth(t.app, u) })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: auth(t.app, u),
      payload: { ean, title: lookup.title, description: null, keepa_data: lookup.keepa_data },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ source: 'keepa', brand: 'Bosch', weight_kg: 2.15, length_cm: 35.5, image_url: lookup.image_url });
  });

  it('refuses an existing EAN with 409, also in another written form', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const p = await buildProduct(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/products/', headers: auth(t.app, u), payload: { ean: `0${p.ean}`, title: 'Doppelt' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_EXISTS', detail: `Produkt mit EAN ${p.ean} existiert bereits` });
  });

  it('checks the GS1 check digit of numeric codes and accepts internal article codes', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const ean = freshEan();
    const wrong = ean.slice(0, -1) + String((Number(ean.at(-1)) + 1) % 10);
    const bad = await t.app.inject({ method: 'POST', url: '/api/products/', headers: auth(t.app, u), payload: { ean: wrong, title: 'X' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_EAN', detail: `Ungültige EAN ${wrong}: Prüfziffer stimmt nicht` });
    const len = await t.app.inject({ method: 'POST', url: '/api/products/', headers: auth(t.app, u), payload: { ean: '123456', title: 'X' } });
    expect(len.json().params.problem).toBe('gtin_length');
    const internal = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: auth(t.app, u),
      payload: { ean: `ART-${seq++}X`, title: 'Hauseigener Artikel' },
    });
    expect(internal.statusCode).toBe(201);
    const tooShort = await t.app.inject({ method: 'POST', url: '/api/products/', headers: auth(t.app, u), payload: { ean: 'AB', title: 'X' } });
    expect(tooShort.json().params.problem).toBe('too_short');
  });

  it('names the missing title in German', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const res = await t.app.inject({ method: 'POST', url: '/api/products/', headers: auth(t.app, u), payload: { ean: freshEan(), title: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Produkttitel: Bitte Produkttitel eingeben');
  });

  it('refuses customer users with 403', async () => {
    const u = await buildUser(t.db, 'customer_user');
    const res = await t.app.inject({ method: 'POST', url: '/api/products/', headers: auth(t.app, u), payload: { ean: freshEan(), title: 'X' } });
    expect(res.statusCode).toBe(403);
  });
});
