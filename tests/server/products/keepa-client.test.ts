import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptSetting } from '../../../server/features/settings/crypto';
import { KeepaClient, KeepaError, keepaClientFor, mapKeepaProduct } from '../../../server/integrations/keepa';
import { createTestDb } from '../../helpers/db';
import { type KeepaFake, keepaProduct, startKeepaFake } from '../../helpers/keepa-fake';

const EAN = '4006381333931';
let fake: KeepaFake;
beforeAll(async () => {
  fake = await startKeepaFake();
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.mode = 'ok';
  fake.products.clear();
  fake.requests.length = 0;
  fake.tokensLeft = 100;
});

const client = (timeoutMs = 2000) => new KeepaClient({ apiKey: 'test-key', baseUrl: fake.url, timeoutMs });

async function keepaFailure(p: Promise<unknown>): Promise<KeepaError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(KeepaError);
  return e as KeepaError;
}

describe('Keepa client', () => {
  it('asks the product endpoint for amazon.de without history and maps mm→cm, g→kg, images, HTML', async () => {
    fake.products.set(EAN, keepaProduct(EAN));
    const c = client();
    const p = await c.productByCode(EAN);
    expect(fake.requests).toEqual([{ key: 'test-key', domain: '3', code: EAN, history: '0' }]);
    expect(p).toMatchObject({
      asin: 'B000TEST01',
      title: 'Bosch Akkuschrauber GSR 12V & Koffer',
      brand: 'Bosch',
      description: 'Kompakter Akkuschrauber.\nMit 2 Akkus.',
      length_cm: 35.5,
      width_cm: 24.8,
      height_cm: 10.2,
      weight_kg: 2.15,
      image_urls: ['https://m.media-amazon.com/images/I/41abcDEF.jpg'],
      ean_list: [EAN],
    });
    expect(c.tokens).toMatchObject({ tokensLeft: 99, refillInMs: 30_000, refillRate: 20 });
  });

  it('treats 0 and -1 as unknown and falls back to item dimensions', () => {
    const p = mapKeepaProduct(
      keepaProduct(EAN, {
        packageLength: 0,
        packageWidth: -1,
        packageHeight: 0,
        packageWeight: -1,
        itemLength: 120,
        itemWeight: 0,
        images: null,
        imagesCSV: 'a.jpg,b.jpg',
      }) as never,
    );
    expect(p.length_cm).toBe(12);
    expect(p.width_cm).toBeNull();
    expect(p.height_cm).toBeNull();
    expect(p.weight_kg).toBeNull();
    expect(p.image_urls).toEqual(['https://m.media-amazon.com/images/I/a.jpg', 'https://m.media-amazon.com/images/I/b.jpg']);
  });

  it('returns null for a code Keepa does not know', async () => {
    expect(await client().productByCode('4006381333948')).toBeNull();
  });

  it('maps several codes in one request by their eanList', async () => {
    const other = '5449000000996';
    fake.products.set(EAN, keepaProduct(EAN));
    fake.products.set(other, keepaProduct(other, { asin: 'B000COLA', title: 'Cola' }));
    const found = await client().productsByCodes([EAN, other, '4006381333948']);
    expect(fake.requests).toHaveLength(1);
    expect(found.get(other)?.title).toBe('Cola');
    expect(found.get(EAN)?.asin).toBe('B000TEST01');
    expect(found.has('4006381333948')).toBe(false);
  });

  it('reports token exhaustion (429) with refillIn and knows how long to wait', async () => {
    fake.mode = 'rate_limited';
    fake.refillIn = 42_000;
    const c = client();
    const e = await keepaFailure(c.productByCode(EAN));
    expect(e.kind).toBe('rate_limited');
    expect(e.status).toBe(429);
    expect(e.refillInMs).toBe(42_000);
    expect(e.retryable).toBe(true);
    expect(e.toAppError().message).toBe('Keepa-Kontingent erschöpft – wieder verfügbar in 42 Sekunden');
    expect(c.waitMsFor(1)).toBeGreaterThanOrEqual(41_000);
  });

  it('reports server errors (5xx), payment required (402) and unreadable JSON distinctly', async () => {
    fake.mode = 'server_error';
    expect((await keepaFailure(client().productByCode(EAN))).kind).toBe('server');
    fake.mode = 'payment_required';
    const paid = await keepaFailure(client().productByCode(EAN));
    expect(paid.kind).toBe('payment_required');
    expect(paid.retryable).toBe(false);
    fake.mode = 'bad_json';
    expect((await keepaFailure(client().productByCode(EAN))).kind).toBe('bad_response');
  });

  it('gives up after its timeout instead of hanging', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const e = await keepaFailure(client(300).productByCode(EAN));
    expect(e.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports an unreachable server as a network error without leaking the key', async () => {
    const e = await keepaFailure(new KeepaClient({ apiKey: 'secret-key', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }).productByCode(EAN));
    expect(['network', 'timeout']).toContain(e.kind);
    expect(e.message).not.toContain('secret-key');
  });

  it('takes the key from KEEPA_API_KEY, else from the encrypted setting, else no client', async () => {
    const handle = await createTestDb();
    try {
      const settingsKey = Buffer.alloc(32, 3);
      const base = { keepaBaseUrl: fake.url, settingsKey };
      expect(await keepaClientFor(handle.db, { ...base, keepaApiKey: undefined })).toBeNull();
      await handle.db
        .insertInto('settings')
        .values({ key: 'keepa_api_key', value: encryptSetting(settingsKey, 'from-settings'), is_encrypted: true })
        .execute();
      fake.products.set(EAN, keepaProduct(EAN));
      await (await keepaClientFor(handle.db, { ...base, keepaApiKey: undefined }))?.productByCode(EAN);
      await (await keepaClientFor(handle.db, { ...base, keepaApiKey: 'from-env' }))?.productByCode(EAN);
      expect(fake.requests.map((r) => r.key)).toEqual(['from-settings', 'from-env']);
    } finally {
      await handle.close();
    }
  });
});
