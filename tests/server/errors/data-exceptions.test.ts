import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Input PostgreSQL refuses as data (class 22, e.g. a NUL character in text) is the client's 400, never a 500. */
describe('data the database cannot take', () => {
  it('answers a NUL character with a German 400, also unauthenticated', async () => {
    const worker = auth(t.app, await buildUser(t.db, 'warehouse_worker'));
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: 'a\u0000@x.de', password: 'x' } }),
      await t.app.inject({ method: 'GET', url: '/api/products/lookup/%00', headers: worker }),
      await t.app.inject({ method: 'POST', url: '/api/inventory/search', headers: worker, payload: { query: 'a\u0000b' } }),
      await t.app.inject({ method: 'GET', url: '/api/picking-waves/available-orders?customer_name=a%00b', headers: worker }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toMatch(/[äöüÄÖÜß]|Ungültig|Anfrage/);
    }
  });
});
