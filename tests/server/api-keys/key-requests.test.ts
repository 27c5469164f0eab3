import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY_RATE_PER_MINUTE, loadConfig } from '../../../server/config';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { api, buildOrderWorld, orderBody } from '../outbound-orders/world';

/**
 * A request with an API key acts as a customer user of the key's customer
 * (docs/operations.md "API keys"). The limit is set low here to reach the 429.
 */
const LIMIT = 12;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ apiKeyRatePerMinute: LIMIT });
});
afterAll(async () => t.close());

async function keyFor(w: Awaited<ReturnType<typeof buildOrderWorld>>): Promise<{ id: number; key: string }> {
  const res = await api(t).post(`/api/customers/${w.customer.id}/api-keys`, w.h.customer, { name: 'Shop' });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('requests with an API key', () => {
  it("reads and writes its customer's orders with either header, never another customer's", async () => {
    const a = await buildOrderWorld(t, { loose: 10 });
    const b = await buildOrderWorld(t, { loose: 10 });
    const { key } = await keyFor(a);
    const bearer = { authorization: `Bearer ${key}` };
    const header = { 'x-api-key': key };
    const created = await api(t).post('/api/outbound-orders/', bearer, orderBody([{ product_id: a.looseProduct.id, quantity: 2 }]));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ customer_id: a.customer.id });
    const bOrder = (await api(t).post('/api/outbound-orders/', b.h.customer, orderBody([{ product_id: b.looseProduct.id, quantity: 1 }]))).json();
    // Sending another customer's id books nothing for it.
    const smuggled = await api(t).post(
      '/api/outbound-orders/',
      header,
      orderBody([{ product_id: b.looseProduct.id, quantity: 1 }], { customer_id: b.customer.id }),
    );
    expect(smuggled.statusCode).toBeGreaterThanOrEqual(400);
    for (const h of [bearer, header]) {
      const list = await api(t).get('/api/outbound-orders/?status_filter=all&page_size=100', h);
      expect(list.statusCode).toBe(200);
      const ids = list.json().items.map((o: { id: number }) => o.id);
      expect(ids).toContain(created.json().id);
      expect(ids).not.toContain(bOrder.id);
      expect((await api(t).get(`/api/outbound-orders/${bOrder.id}`, h)).statusCode).toBe(404);
    }
    expect((await api(t).get(`/api/customers/${b.customer.id}`, header)).statusCode).toBe(404);
    const keys = await t.db.selectFrom('api_keys').select('last_used_at').where('customer_id', '=', a.customer.id).executeTakeFirstOrThrow();
    expect(keys.last_used_at).not.toBeNull();
  });

  it("gets 403 on staff routes and on one's own account; may manage its own customer's keys but not another's", async () => {
    const a = await buildOrderWorld(t);
    const b = await buildOrderWorld(t);
    const { key } = await keyFor(a);
    const h = { 'x-api-key': key };
    for (const url of ['/api/picking-waves/', '/api/movements', '/api/users/']) {
      const res = await api(t).get(url, h);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const me = await api(t).get('/api/auth/me', h);
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ code: 'API_KEY_NOT_ALLOWED', detail: expect.stringContaining('API-Schlüssel') });
    expect((await api(t).post('/api/auth/me/change-password', h, { old_password: 'x', new_password: 'yyyyyyyyyyyy' })).statusCode).toBe(403);
    expect((await api(t).get(`/api/customers/${a.customer.id}/api-keys`, h)).statusCode).toBe(200);
    expect((await api(t).get(`/api/customers/${b.customer.id}/api-keys`, h)).statusCode).toBe(404);
    expect((await api(t).post(`/api/customers/${b.customer.id}/api-keys`, h, { name: 'Fremd' })).statusCode).toBe(404);
    const bKey = await keyFor(b);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${bKey.id}`, headers: h })).statusCode).toBe(404);
  });

  it('answers unknown keys and keys of a deactivated customer with a German 401', async () => {
    const a = await buildOrderWorld(t);
    const { key } = await keyFor(a);
    const tries: Record<string, string>[] = [
      { 'x-api-key': 'lw_unbekannt' },
      { authorization: 'Bearer lw_unbekannt' },
      { 'x-api-key': 'kein-schluessel' },
      { 'x-api-key': `${key}x` },
    ];
    for (const h of tries) {
      const res = await api(t).get('/api/outbound-orders/', h);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'API_KEY_INVALID', detail: 'API-Schlüssel ungültig oder widerrufen' });
    }
    const admin = await buildUser(t.db, 'admin');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/customers/${a.customer.id}`, headers: auth(t.app, admin) })).statusCode).toBe(200);
    expect((await api(t).get('/api/outbound-orders/', { 'x-api-key': key })).statusCode).toBe(401);
  });

  it(`counts requests per key: the ${LIMIT + 1}th in a minute is a German 429 with Retry-After; other keys go on`, async () => {
    const a = await buildOrderWorld(t);
    const first = await keyFor(a);
    const second = await keyFor(a);
    for (let i = 0; i < LIMIT; i++) expect((await api(t).get('/api/outbound-orders/', { 'x-api-key': first.key })).statusCode).toBe(200);
    const over = await api(t).get('/api/outbound-orders/', { authorization: `Bearer ${first.key}` });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'API_KEY_RATE_LIMITED', params: { limit: LIMIT } });
    expect(over.json().detail).toMatch(new RegExp(`^Zu viele Anfragen mit diesem API-Schlüssel \\(höchstens ${LIMIT} pro Minute\\)\\. Bitte in \\d+ Sekunden`));
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect((await api(t).get('/api/outbound-orders/', { 'x-api-key': second.key })).statusCode).toBe(200);
    expect((await api(t).get('/api/outbound-orders/', a.h.customer)).statusCode).toBe(200);
  });

  it('reads API_KEY_RATE_PER_MINUTE (default 600) and refuses a value below 1 in German', () => {
    const env = { DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: 'j'.repeat(32), SETTINGS_KEY: '7'.repeat(64) };
    expect(loadConfig(env).apiKeyRatePerMinute).toBe(DEFAULT_API_KEY_RATE_PER_MINUTE);
    expect(DEFAULT_API_KEY_RATE_PER_MINUTE).toBe(600);
    expect(loadConfig({ ...env, API_KEY_RATE_PER_MINUTE: '30' }).apiKeyRatePerMinute).toBe(30);
    expect(() => loadConfig({ ...env, API_KEY_RATE_PER_MINUTE: '0' })).toThrow('API_KEY_RATE_PER_MINUTE muss eine ganze Zahl ab 1 sein.');
  });
});
