import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser, TEST_PASSWORD } from '../../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('password login', () => {
  it('issues a token and the user for a correct password', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: u.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    expect(body.user.id).toBe(u.id);
    expect(body.user).not.toHaveProperty('password_hash');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(u.email);
  });

  it('answers a wrong e-mail exactly like a wrong password', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const wrongPw = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: u.email, password: 'falsch' } });
    const wrongMail = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: 'niemand@test.de', password: 'falsch' } });
    expect(wrongPw.statusCode).toBe(401);
    expect(wrongMail.statusCode).toBe(401);
    expect(wrongPw.json()).toEqual(wrongMail.json());
    expect(wrongPw.json().detail).toBe('E-Mail oder Passwort ist falsch');
  });

  it('refuses inactive users', async () => {
    const u = await buildUser(t.db, 'warehouse_worker', { is_active: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: u.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('USER_INACTIVE');
  });

  it('names the missing field in German on 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: 'a@b.de' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Passwort:/);
  });

  it('rejects garbage JSON with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('profile', () => {
  it('changes the password only with the old one', async () => {
    const u = await buildUser(t.db, 'customer_user');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me/change-password',
      headers: auth(t.app, u),
      payload: { old_password: 'x', new_password: 'neuespasswort' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('Altes Passwort ist falsch');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me/change-password',
      headers: auth(t.app, u),
      payload: { old_password: TEST_PASSWORD, new_password: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/mindestens 6 Zeichen/);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me/change-password',
      headers: auth(t.app, u),
      payload: { old_password: TEST_PASSWORD, new_password: 'neuespasswort' },
    });
    expect(ok.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: u.email, password: 'neuespasswort' } });
    expect(login.statusCode).toBe(200);
  });

  it('updates e-mail and name, refusing a taken e-mail with 409', async () => {
    const a = await buildUser(t.db, 'warehouse_worker');
    const b = await buildUser(t.db, 'warehouse_worker');
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: auth(t.app, a),
      payload: { email: 'neu@test.de', full_name: 'Neuer Name', current_password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().full_name).toBe('Neuer Name');
    const taken = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: auth(t.app, b),
      payload: { email: 'neu@test.de', current_password: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: auth(t.app, b), payload: { email: 'keine-mail' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^E-Mail:/);
  });

  it('answers 401 without a token and for an expired one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const u = await buildUser(t.db, 'warehouse_worker');
    const expired = t.app.jwt.sign({ sub: String(u.id), role: u.role }, { expiresIn: -10 });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a token once it has expired although it was accepted (and its check remembered) before', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const token = t.app.jwt.sign({ sub: String(u.id), role: u.role, sv: 0 }, { expiresIn: 60 });
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const late = await me();
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe('TOKEN_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });
});
