import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser, TEST_PASSWORD } from '../../helpers/factories';

/** The handheld language goes with the user (docs/architecture.md "Languages"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const login = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload });
const stored = async (id: number) => (await t.db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

describe('user language', () => {
  it('is German for a new user, stored when chosen at login, and kept by a login that chooses none', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const plain = await login({ email: u.email, password: TEST_PASSWORD });
    expect(plain.json().user.language).toBe('de');
    const polish = await login({ email: u.email, password: TEST_PASSWORD, language: 'pl' });
    expect(polish.statusCode).toBe(200);
    expect(polish.json().user.language).toBe('pl');
    expect(await stored(u.id)).toBe('pl');
    const again = await login({ email: u.email, password: TEST_PASSWORD });
    expect(again.json().user.language).toBe('pl');
  });

  it('is changed in the profile and refused in German when unknown, at login too', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const patch = (language: unknown) => t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: auth(t.app, u), payload: { email: u.email, language } });
    const ok = await patch('uk');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().language).toBe('uk');
    expect(await stored(u.id)).toBe('uk');
    const bad = await patch('fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Sprache: Sprache ist ungültig (de, en, pl oder uk)');
    expect(await stored(u.id)).toBe('uk');
    const badLogin = await login({ email: u.email, password: TEST_PASSWORD, language: 'xx' });
    expect(badLogin.statusCode).toBe(400);
    expect(badLogin.json().detail).toMatch(/^Sprache: /);
  });
});
