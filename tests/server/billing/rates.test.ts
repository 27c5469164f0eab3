import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const url = (id: number) => `/api/customers/${id}/rates`;
const get = (id: number, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: url(id), headers });
const put = (id: number, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: url(id), headers, payload: payload as object });

describe('GET/PUT /api/customers/{id}/rates', () => {
  it('starts empty, replaces the card on PUT and answers it in code order', async () => {
    const customer = await buildCustomer(t.db);
    const h = auth(t.app, await buildUser(t.db, 'admin'));
    expect((await get(customer.id, h)).json()).toEqual({ rates: [] });
    const first = await put(customer.id, h, {
      rates: [
        { code: 'pick_unit', price_cents: 12 },
        { code: 'storage_place_day', price_cents: 35 },
        { code: 'package', price_cents: 0 },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().rates.map((r: { code: string }) => r.code)).toEqual(['storage_place_day', 'pick_unit', 'package']);
    const second = await put(customer.id, h, { rates: [{ code: 'return_unit', price_cents: 150 }] });
    expect(second.json()).toEqual({ rates: [{ code: 'return_unit', price_cents: 150 }] });
    expect((await get(customer.id, h)).json()).toEqual({ rates: [{ code: 'return_unit', price_cents: 150 }] });
    expect((await put(customer.id, h, { rates: [] })).json()).toEqual({ rates: [] });
  });

  it('refuses non-admins (403), unknown or out-of-scope customers (404) and bad bodies (400, German)', async () => {
    const customer = await buildCustomer(t.db);
    const other = await buildCustomer(t.db);
    const admin = auth(t.app, await buildUser(t.db, 'admin'));
    const body = { rates: [{ code: 'pick_line', price_cents: 20 }] };
    for (const role of ['warehouse_manager', 'warehouse_worker'] as const) {
      const h = auth(t.app, await buildUser(t.db, role));
      expect((await get(customer.id, h)).statusCode).toBe(403);
      expect((await put(customer.id, h, body)).statusCode).toBe(403);
    }
    const own = auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: customer.id }));
    expect((await get(customer.id, own)).statusCode).toBe(403);
    expect((await put(customer.id, own, body)).statusCode).toBe(403);
    expect((await get(999999, admin)).statusCode).toBe(404);
    const unknown = await put(999999, admin, body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Kunde nicht gefunden');
    const restricted = auth(t.app, await buildUser(t.db, 'admin', { access: [other.id] }));
    expect((await put(customer.id, restricted, body)).statusCode).toBe(404);
    const bad: Array<[unknown, string]> = [
      [{ rates: [body.rates[0], { code: 'pick_line', price_cents: 30 }] }, 'doppelt'],
      [{ rates: [{ code: 'massage', price_cents: 30 }] }, 'Unbekannte Leistung'],
      [{ rates: [{ code: 'pick_line', price_cents: -1 }] }, 'Cent'],
      [{ rates: [{ code: 'pick_line', price_cents: 0.5 }] }, 'Cent'],
      [{ rates: [{ code: 'pick_line', price_cents: 100_000_000 }] }, 'zu hoch'],
      [{ rates: [{ code: 'pick_line' }] }, 'Cent'],
      [{}, 'fehlt'],
    ];
    for (const [payload, word] of bad) {
      const res = await put(customer.id, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toContain(word);
    }
    expect((await get(customer.id, admin)).json()).toEqual({ rates: [] });
  });
});
