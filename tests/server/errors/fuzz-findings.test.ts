import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';

/** Regression tests for what the fuzz suite (tests/server/fuzz) found, one case each. */
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
});
afterAll(async () => t.close());

describe('fuzz findings', () => {
  it('a pallet label whose barcode has non-ASCII characters is served (the file name went raw into a header: 500)', async () => {
    const created = await t.app.inject({ method: 'POST', url: `/api/pallets/?barcode=${encodeURIComponent('PAL-Ü€😀"x')}`, headers: admin });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: `/api/pallets/${created.json().id}/label.pdf`, headers: admin });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="palette-PAL-____x.pdf"; filename*=UTF-8''palette-PAL-%C3%9C%E2%82%AC%F0%9F%98%80%22x.pdf`,
    );
  });

  it('a NUL in a query key nobody declared names the key as the client sent it, marked as unknown', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pallets/?x=%00', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Unbekannte Angabe „x“: enthält ein unzulässiges Steuerzeichen');
  });
});

describe('ids beyond PostgreSQL integer', () => {
  it('are a validation 400 naming the field, not a database error (22003 answered a bare "Ungültige Anfrage")', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/buildings/9007199254740991', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('ID: darf höchstens 2147483647 sein');
  });
});
