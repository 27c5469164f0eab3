import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { hashQrToken } from '../../../server/auth/password';
import { ConfigError, loadConfig } from '../../../server/config';
import { DEFAULT_LOGIN_THROTTLE } from '../../../server/features/auth/throttle';
import { createTestApp, type TestApp, testConfig } from '../../helpers/app';
import { buildUser, TEST_PASSWORD } from '../../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** buildUser always sets an e-mail; the column is nullable only for older users. */
function login(email: string | null, password: string, ip: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: email ?? '', password }, remoteAddress: ip, headers });
}

function qrLogin(token: string, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { qr_token: token }, remoteAddress: ip });
}

async function keysFor(fragment: string): Promise<string[]> {
  const rows = await t.db.selectFrom('login_attempts').select('key').where('key', 'like', `%${fragment}%`).execute();
  return rows.map((r) => r.key);
}

// Every login checks a scrypt hash (N=2^17): a dozen of them take long on a loaded 2-core machine.
describe('login throttling', { timeout: 120_000 }, () => {
  it('gives 15 parallel wrong passwords on one account and IP at most 5 tries', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const answers = await Promise.all(Array.from({ length: 15 }, () => login(u.email, 'falsch', '10.1.0.1')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const refused = answers.find((r) => r.statusCode === 429)?.json();
    expect(refused.code).toBe('TOO_MANY_ATTEMPTS');
    expect(refused.detail).toMatch(/^Zu viele Anmeldeversuche\. Bitte in \d+ Minuten erneut versuchen\.$/);
  });

  it('does not lock a warehouse behind one NAT address out after a few typos of different people', async () => {
    const nat = '10.2.0.1';
    for (let i = 0; i < 12; i++) {
      const other = await buildUser(t.db, 'warehouse_worker');
      expect((await login(other.email, 'falsch', nat)).statusCode).toBe(401);
      expect((await qrLogin(`kaputt-${i}`, nat)).statusCode).toBe(401);
    }
    const u = await buildUser(t.db, 'warehouse_worker');
    expect((await login(u.email, TEST_PASSWORD, nat)).statusCode).toBe(200);
  });

  it('does not let a refused device (a scanner retrying in a loop) use up the shared IP budget', async () => {
    const nat = '10.8.0.1';
    const stuck = await buildUser(t.db, 'warehouse_worker');
    for (let i = 0; i < 5; i++) expect((await login(stuck.email, 'falsch', nat)).statusCode).toBe(401);
    for (let i = 0; i < 120; i++) expect((await login(stuck.email, 'falsch', nat)).statusCode).toBe(429);
    const colleague = await buildUser(t.db, 'warehouse_worker');
    expect((await login(colleague.email, TEST_PASSWORD, nat)).statusCode).toBe(200);
  });

  it('slows an account down with a growing delay after 10 failures from any IPs instead of locking it', async () => {
    // A long base delay, so that no password check on a loaded machine outlasts it; the delay's end is then moved by SQL.
    const account = { ...DEFAULT_LOGIN_THROTTLE.account, baseDelaySeconds: 60 };
    const app = await buildApp({ config: testConfig({ loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, account } }), db: t.db, logger: false });
    const attempt = (email: string | null, password: string, ip: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: email ?? '', password }, remoteAddress: ip });
    const delayEnds = () =>
      t.db
        .updateTable('login_attempts')
        .set({ locked_until: new Date(Date.now() - 1000) })
        .where('key', 'like', 'acct:%')
        .execute();
    try {
      const u = await buildUser(t.db, 'warehouse_worker');
      for (let i = 0; i < 10; i++) expect((await attempt(u.email, 'falsch', `10.3.0.${i + 1}`)).statusCode).toBe(401);
      const delayed = await attempt(u.email, TEST_PASSWORD, '10.3.1.1');
      expect(delayed.statusCode).toBe(429);
      expect(delayed.json().code).toBe('LOGIN_DELAYED');
      expect(delayed.json().params.seconds).toBeGreaterThanOrEqual(1);
      expect(delayed.json().params.seconds).toBeLessThanOrEqual(60);
      expect(delayed.json().detail).toMatch(/Bitte in \d+ Sekunden erneut versuchen/);
      // Once the delay is over, one more failure doubles it …
      await delayEnds();
      expect((await attempt(u.email, 'falsch', '10.3.0.99')).statusCode).toBe(401);
      const longer = await attempt(u.email, TEST_PASSWORD, '10.3.1.1');
      expect(longer.statusCode).toBe(429);
      expect(longer.json().params.seconds).toBeGreaterThan(60);
      expect(longer.json().params.seconds).toBeLessThanOrEqual(120);
      // … and the owner gets in right after it, whatever a stranger did before.
      await delayEnds();
      expect((await attempt(u.email, TEST_PASSWORD, '10.3.1.1')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('clears the account and IP pair after a successful login', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const ip = '10.4.0.1';
    for (let i = 0; i < 4; i++) expect((await login(u.email, 'falsch', ip)).statusCode).toBe(401);
    expect((await login(u.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(u.email, 'falsch', ip)).statusCode).toBe(401);
  });

  it('limits QR logins per IP (100 misread badges), refusing even a valid badge there but not elsewhere', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    await t.db
      .updateTable('users')
      .set({ qr_token_hash: hashQrToken('gueltig-qr') })
      .where('id', '=', u.id)
      .execute();
    const ip = '10.5.0.1';
    for (let i = 0; i < 100; i++) expect((await qrLogin(`falsch-${i}`, ip)).statusCode).toBe(401);
    const refused = await qrLogin('gueltig-qr', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await qrLogin('gueltig-qr', '10.5.0.2')).statusCode).toBe(200);
  });

  it('counts the socket address, not X-Forwarded-For, while TRUST_PROXY is unset', async () => {
    await login('xff@test.de', 'falsch', '10.6.0.1', { 'x-forwarded-for': '203.0.113.66' });
    expect(await keysFor('203.0.113.66')).toEqual([]);
    expect((await keysFor('10.6.0.1')).length).toBeGreaterThan(0);
  });

  it('counts the forwarded address behind a configured proxy', async () => {
    const app = await buildApp({ config: testConfig({ trustProxy: ['10.7.0.0/16'] }), db: t.db, logger: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login-password',
      payload: { email: 'xff2@test.de', password: 'falsch' },
      remoteAddress: '10.7.0.1',
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    await app.close();
    expect(res.statusCode).toBe(401);
    expect((await keysFor('203.0.113.77')).length).toBeGreaterThan(0);
    expect(await keysFor('10.7.0.1')).toEqual([]);
  });
});

describe('TRUST_PROXY', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), SETTINGS_KEY: 'a'.repeat(64), DATABASE_URL: 'postgres://x' };
  it('is off unless set, and a list of proxy addresses', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    // Fastify 5 ignores a bare hop count; refusing it beats a setting that silently does nothing.
    expect(() => loadConfig({ ...base, TRUST_PROXY: '1' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(ConfigError);
  });
});
