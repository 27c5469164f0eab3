import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/domain/roles';
import { authPlugin } from '../../../server/auth/plugin';
import { createTestApp } from '../../helpers/app';
import { apiRoutes, probe } from './routes';

/**
 * Walks every /api route the app registers (collected by the auth plugin's
 * onRoute hook), so routes that other features add are covered automatically.
 */
const t = await createTestApp();
afterAll(async () => t.close());
const routes = apiRoutes(t.app);

describe('route walk', () => {
  it('finds the registered routes', () => {
    expect(routes.length).toBeGreaterThan(20);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const k of [
      'POST /api/auth/login',
      'GET /api/auth/users',
      'GET /api/customers/',
      'DELETE /api/users/:id/customer-access',
      'POST /api/picking-waves/suggest',
      'GET /api/picking-waves/available-orders',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it('every route declares a known access level', () => {
    for (const r of routes) expect(ACCESS_LEVELS, `${r.method} ${r.url}`).toContain(r.access);
  });

  it('start-up fails for a route without an access level', async () => {
    const app = Fastify();
    await app.register(authPlugin, { db: t.db, secret: 'x'.repeat(32) });
    const boot = async () => {
      await app.register(
        async (api) => {
          api.get('/ohne-guard', async () => ({ ok: true }));
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(boot()).rejects.toThrow(/declares no access level/);
    await app.close().catch(() => undefined);
  });

  for (const r of routes.filter((x) => x.access !== 'public')) {
    it(`${r.method} ${r.url} (${r.access}) answers 401 without or with a forged token`, async () => {
      const anon = await t.app.inject(probe(r));
      expect(anon.statusCode).toBe(401);
      expect(anon.json().code).toBe('NOT_AUTHENTICATED');
      const forged = await t.app.inject(probe(r, { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x' }));
      expect(forged.statusCode).toBe(401);
    });
  }
});
