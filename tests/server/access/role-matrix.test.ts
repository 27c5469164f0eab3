import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLevel } from '../../../shared/domain/roles';
import { createTestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { apiRoutes, probe } from './routes';

/**
 * Role × route matrix over every registered /api route: roles below the
 * declared level get 403; roles at or above it get past the guard (anything
 * but 401/403 — with unknown ids and empty bodies that is usually 400 or 404).
 * The expectation is written out here, independent of the guard's own code.
 */
const t = await createTestApp();
afterAll(async () => t.close());
const routes = apiRoutes(t.app);

const SUBJECTS = ['admin', 'admin_flag', 'warehouse_manager', 'warehouse_worker', 'customer_user'] as const;
type Subject = (typeof SUBJECTS)[number];
const ALLOWED: Record<AccessLevel, readonly Subject[]> = {
  public: SUBJECTS,
  user: SUBJECTS,
  warehouse: ['admin', 'admin_flag', 'warehouse_manager', 'warehouse_worker'],
  manager: ['admin', 'admin_flag', 'warehouse_manager'],
  admin: ['admin', 'admin_flag'],
};

const headers = {} as Record<Subject, Record<string, string>>;
beforeAll(async () => {
  headers.admin = auth(t.app, await buildUser(t.db, 'admin'));
  // role warehouse_worker with the is_admin flag passes the admin guard
  headers.admin_flag = auth(t.app, await buildUser(t.db, 'warehouse_worker', { is_admin: true }));
  headers.warehouse_manager = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
  headers.warehouse_worker = auth(t.app, await buildUser(t.db, 'warehouse_worker'));
  headers.customer_user = auth(t.app, await buildUser(t.db, 'customer_user'));
});

describe('role × route matrix', () => {
  for (const r of routes) {
    it(`${r.method} ${r.url} (${r.access})`, async () => {
      const seen: string[] = [];
      for (const s of SUBJECTS) {
        const res = await t.app.inject(probe(r, headers[s]));
        seen.push(`${s}=${res.statusCode}`);
        if (ALLOWED[r.access].includes(s)) {
          expect([401, 403], `${s} must pass the guard of ${r.method} ${r.url} (${seen.join(', ')}): ${res.body}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${s} must be refused by ${r.method} ${r.url} (${seen.join(', ')})`).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
      }
    });
  }
});

describe('no 500 for invalid input', () => {
  for (const r of routes) {
    it(`${r.method} ${r.url}`, async () => {
      for (const s of ALLOWED[r.access]) {
        const res = await t.app.inject(probe(r, headers[s]));
        expect(res.statusCode, `${s}: ${res.body}`).toBeLessThan(500);
      }
    });
  }
});
