import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, hashQrToken, needsRehash, verifyPassword } from '../../../server/auth/password';
import { ConfigError, loadConfig } from '../../../server/config';
import { DEMO_USERS } from '../../../server/db/demo-users';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser, TEST_PASSWORD } from '../../helpers/factories';

/** Session and secret hygiene (docs/operations.md "Logins and sessions"). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(email: string | null, password = TEST_PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().access_token;
}

async function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
}

describe('a password change ends older sessions', () => {
  it('by the user: the other sessions get a German 401, the caller continues with the returned token', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const scanner = await login(u.email);
    const desk = await login(u.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me/change-password',
      headers: bearer(desk),
      payload: { old_password: TEST_PASSWORD, new_password: 'NeuesPasswort1' },
    });
    expect(res.statusCode).toBe(200);
    for (const old of [scanner, desk]) {
      const r = await me(old);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'SESSION_REVOKED', detail: 'Sitzung beendet, weil das Passwort geändert wurde – bitte erneut anmelden' });
    }
    expect((await me(res.json().access_token)).statusCode).toBe(200);
    expect((await me(await login(u.email, 'NeuesPasswort1'))).statusCode).toBe(200);
  });

  it('by an admin reset; an edit without a password keeps the sessions', async () => {
    const admin = await buildUser(t.db, 'admin');
    const u = await buildUser(t.db, 'warehouse_manager');
    const token = await login(u.email);
    const put = (password?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/auth/users/${u.id}`,
        headers: auth(t.app, admin),
        payload: { role: 'warehouse_manager', full_name: 'Neu', ...(password ? { password } : {}) },
      });
    expect((await put()).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect((await put('Zurueckgesetzt1')).statusCode).toBe(200);
    expect((await me(token)).json().code).toBe('SESSION_REVOKED');
    expect((await me(await login(u.email, 'Zurueckgesetzt1'))).statusCode).toBe(200);
  });
});

describe('changing the login e-mail asks for the current password', () => {
  it('refuses without or with a wrong password, accepts the right one; other fields need none', async () => {
    const u = await buildUser(t.db, 'customer_user');
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: auth(t.app, u), payload });
    const newMail = `neu-${u.id}@test.de`;
    const missing = await patch({ email: newMail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED', detail: 'Zum Ändern der E-Mail-Adresse bitte das aktuelle Passwort eingeben' });
    const wrong = await patch({ email: newMail, current_password: 'falsch' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    expect((await t.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow()).email).toBe(u.email);
    // the same address in other letter case is no change of the login name
    expect((await patch({ email: (u.email as string).toUpperCase(), full_name: 'Nur der Name' })).statusCode).toBe(200);
    const ok = await patch({ email: newMail, current_password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(newMail);
  });
});

describe('password hashes', () => {
  // The suites hash with a lower N (vitest.config.ts); this block checks what production uses.
  const testN = process.env.LAGERWERK_TEST_SCRYPT_N;
  beforeAll(() => {
    delete process.env.LAGERWERK_TEST_SCRYPT_N;
  });
  afterAll(() => {
    if (testN !== undefined) process.env.LAGERWERK_TEST_SCRYPT_N = testN;
  });

  it('lowers N only in a test run (NODE_ENV=test) that asks for it', async () => {
    const env = process.env.NODE_ENV;
    try {
      process.env.LAGERWERK_TEST_SCRYPT_N = '1024';
      expect(await hashPassword('Passwort1')).toMatch(/^scrypt\$1024\$8\$1\$/);
      process.env.NODE_ENV = 'production';
      expect(await hashPassword('Passwort1')).toMatch(/^scrypt\$131072\$8\$1\$/);
    } finally {
      process.env.NODE_ENV = env;
      delete process.env.LAGERWERK_TEST_SCRYPT_N;
    }
  });

  it('uses OWASP scrypt parameters (N=2^17, r=8, p=1)', async () => {
    const h = await hashPassword('Passwort1');
    expect(h).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(needsRehash(h)).toBe(false);
    expect(await verifyPassword('Passwort1', h)).toBe(true);
    expect(await verifyPassword('Passwort2', h)).toBe(false);
  });

  it('still verifies an old hash and replaces it on the next correct login, sessions untouched', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync('AltesFormat1', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
    const u = await buildUser(t.db, 'warehouse_worker');
    await t.db.updateTable('users').set({ password_hash: legacy }).where('id', '=', u.id).execute();
    const before = await login(u.email, 'AltesFormat1');
    const row = await t.db.selectFrom('users').select(['password_hash', 'session_version']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(row.session_version).toBe(0);
    expect((await me(before)).statusCode).toBe(200);
    expect((await me(await login(u.email, 'AltesFormat1'))).statusCode).toBe(200);
  });

  it('refuses a stored hash that would ask for gigabytes instead of trying it', async () => {
    expect(await verifyPassword('x', `scrypt$${2 ** 24}$8$1$AAAA$AAAA`)).toBe(false);
  });
});

describe('start-up settings', () => {
  const env = { DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: 'j'.repeat(32), SETTINGS_KEY: 'a'.repeat(64) };
  it('refuses a JWT_SECRET shorter than 32 bytes with a clear message', () => {
    expect(loadConfig(env).jwtSecret).toBe('j'.repeat(32));
    expect(() => loadConfig({ ...env, JWT_SECRET: 'j'.repeat(31) })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, JWT_SECRET: 'kurz' })).toThrow(/JWT_SECRET ist zu kurz: mindestens 32 Byte/);
  });

  it('does not seed demo data by default once ADMIN_EMAIL names a real admin', () => {
    const embedded = { JWT_SECRET: 'j'.repeat(40), SETTINGS_KEY: 'a'.repeat(64), DATA_DIR: '/tmp/lagerwerk-config-test' };
    expect(loadConfig(embedded).seedDemo).toBe(true);
    expect(loadConfig({ ...embedded, ADMIN_EMAIL: 'chefin@firma.de' }).seedDemo).toBe(false);
    expect(loadConfig({ ...embedded, ADMIN_EMAIL: 'chefin@firma.de', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});

describe('GET /auth/demo-logins', () => {
  it('names active demo accounts while their public password or badge works; admins only', async () => {
    const admin = await buildUser(t.db, 'admin');
    const worker = await buildUser(t.db, 'warehouse_worker');
    const demo = DEMO_USERS.find((d) => d.role === 'warehouse_manager');
    if (!demo) throw new Error('demo manager missing');
    const get = (who: { id: number; role: string }) => t.app.inject({ method: 'GET', url: '/api/auth/demo-logins', headers: auth(t.app, who) });
    expect((await get(admin)).json()).toEqual({ emails: [] });
    const u = await buildUser(t.db, 'warehouse_manager', { email: demo.email });
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(demo.password) })
      .where('id', '=', u.id)
      .execute();
    expect((await get(admin)).json()).toEqual({ emails: [demo.email] });
    const refused = await get(worker);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    // a new password is not enough while the published QR badge still opens the account
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Eigenes1!') })
      .where('id', '=', u.id)
      .execute();
    expect((await get(admin)).json()).toEqual({ emails: [] });
    await t.db
      .updateTable('users')
      .set({ qr_token_hash: hashQrToken(demo.qr as string) })
      .where('id', '=', u.id)
      .execute();
    expect((await get(admin)).json()).toEqual({ emails: [demo.email] });
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', u.id).execute();
    expect((await get(admin)).json()).toEqual({ emails: [] });
  });
});
