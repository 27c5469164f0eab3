import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, 'admin');
});
afterAll(async () => t.close());

let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;

function req(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who: { id: number; role: string } = admin) {
  return t.app.inject({ method, url: `/api${url}`, headers: auth(t.app, who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

describe('POST /customers/', () => {
  it('creates a customer with a generated, unique, sortable number and Deutschland as default country', async () => {
    const a = await req('POST', '/customers/', { company_name: 'Alpha GmbH', email: '' });
    const b = await req('POST', '/customers/', { company_name: 'Beta GmbH', contact_person: 'Bea', city: 'Köln' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ company_name: 'Alpha GmbH', country: 'Deutschland', is_active: true, email: null });
    const na = a.json().customer_number as string;
    const nb = b.json().customer_number as string;
    expect(na).toMatch(/^K-\d{5,}$/);
    expect(na).not.toBe(nb);
    expect(na < nb).toBe(true);
  });

  it('skips generated numbers that were taken by hand', async () => {
    const { rows } = await sql<{
      n: string | number;
    }>`SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END AS n FROM customer_number_seq`.execute(t.db);
    const upcoming = `K-${rows[0].n}`;
    expect((await req('POST', '/customers/', { company_name: 'Hand GmbH', customer_number: upcoming })).statusCode).toBe(201);
    const auto = await req('POST', '/customers/', { company_name: 'Auto GmbH' });
    expect(auto.statusCode).toBe(201);
    expect(auto.json().customer_number).not.toBe(upcoming);
  });

  it('requires the company name (German 400) and refuses a taken number (409)', async () => {
    const missing = await req('POST', '/customers/', { contact_person: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^Firmenname: Firmenname ist erforderlich/);
    const blank = await req('POST', '/customers/', { company_name: '   ' });
    expect(blank.statusCode).toBe(400);
    const badMail = await req('POST', '/customers/', { company_name: 'X', email: 'nope' });
    expect(badMail.json().detail).toMatch(/^E-Mail:/);
    const num = `KX-${uniq()}`;
    expect((await req('POST', '/customers/', { company_name: 'Eins', customer_number: num })).statusCode).toBe(201);
    const dup = await req('POST', '/customers/', { company_name: 'Zwei', customer_number: num.toLowerCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CUSTOMER_NUMBER_TAKEN', detail: `Kundennummer ${num.toLowerCase()} ist bereits vergeben` });
  });

  it('is admin-only', async () => {
    for (const role of ['warehouse_manager', 'warehouse_worker', 'customer_user'] as const) {
      const u = await buildUser(t.db, role);
      expect((await req('POST', '/customers/', { company_name: 'Nope' }, u)).statusCode).toBe(403);
    }
  });
});

describe('PATCH and DELETE /customers/:id', () => {
  it('updates only the fields sent', async () => {
    const c = (await req('POST', '/customers/', { company_name: 'Patch GmbH', city: 'Bonn', phone: '0228' })).json();
    const res = await req('PATCH', `/customers/${c.id}`, { city: 'Köln', notes: 'Rampe 3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company_name: 'Patch GmbH', city: 'Köln', phone: '0228', notes: 'Rampe 3', country: 'Deutschland' });
    const cleared = await req('PATCH', `/customers/${c.id}`, { phone: '', country: '' });
    expect(cleared.json()).toMatchObject({ phone: null, country: 'Deutschland' });
    expect((await req('PATCH', `/customers/${c.id}`, { company_name: '' })).statusCode).toBe(400);
  });

  it('refuses a number taken by another customer', async () => {
    const a = (await req('POST', '/customers/', { company_name: 'A' })).json();
    const b = (await req('POST', '/customers/', { company_name: 'B' })).json();
    const res = await req('PATCH', `/customers/${b.id}`, { customer_number: a.customer_number });
    expect(res.statusCode).toBe(409);
    expect((await req('PATCH', `/customers/${a.id}`, { customer_number: a.customer_number })).statusCode).toBe(200);
  });

  it('DELETE deactivates (never deletes); PATCH is_active reactivates', async () => {
    const c = (await req('POST', '/customers/', { company_name: 'Weg GmbH' })).json();
    const del = await req('DELETE', `/customers/${c.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ ok: true, customer: { id: c.id, is_active: false } });
    expect(del.json().message).toMatch(/deaktiviert/);
    const row = await t.db.selectFrom('customers').select('is_active').where('id', '=', c.id).executeTakeFirst();
    expect(row?.is_active).toBe(false);
    const all = (await req('GET', '/customers/')).json() as Array<{ id: number; is_active: boolean }>;
    expect(all.find((x) => x.id === c.id)?.is_active).toBe(false);
    const active = (await req('GET', '/customers/?active_only=true')).json() as Array<{ id: number }>;
    expect(active.some((x) => x.id === c.id)).toBe(false);
    const back = await req('PATCH', `/customers/${c.id}`, { is_active: true });
    expect(back.json().is_active).toBe(true);
  });

  it('a deactivated customer locks out its users (token and login) until it is reactivated', async () => {
    const c = (await req('POST', '/customers/', { company_name: 'Gesperrt GmbH' })).json();
    const email = `gesperrt-${uniq()}@k.de`;
    expect((await req('POST', `/customers/${c.id}/users`, { email, password: 'geheim123' })).statusCode).toBe(201);
    const login = () => t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email, password: 'geheim123' } });
    const token = (await login()).json().access_token as string;
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(200);

    await req('DELETE', `/customers/${c.id}`);
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    const again = await login();
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'CUSTOMER_ACCOUNT_INACTIVE', detail: 'Das Kundenkonto ist deaktiviert' });

    await req('PATCH', `/customers/${c.id}`, { is_active: true });
    expect((await me()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });

  it('404 for unknown ids, 400 for malformed ids, 403 for non-admins', async () => {
    expect((await req('PATCH', '/customers/999999', { city: 'x' })).statusCode).toBe(404);
    expect((await req('DELETE', '/customers/999999')).statusCode).toBe(404);
    expect((await req('GET', '/customers/999999')).statusCode).toBe(404);
    expect((await req('GET', '/customers/abc')).statusCode).toBe(400);
    const c = await buildCustomer(t.db);
    const m = await buildUser(t.db, 'warehouse_manager');
    expect((await req('DELETE', `/customers/${c.id}`, undefined, m)).statusCode).toBe(403);
    expect((await req('PATCH', `/customers/${c.id}`, { city: 'x' }, m)).statusCode).toBe(403);
  });
});

describe('customer users', () => {
  it('creates a login whose e-mail doubles as username; the user logs in and sees only their customer', async () => {
    const c = (await req('POST', '/customers/', { company_name: 'Login GmbH' })).json();
    const email = `chef-${uniq()}@login.de`;
    const res = await req('POST', `/customers/${c.id}/users`, { email, full_name: 'Chef', password: 'geheim123' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: email, email, role: 'customer_user', customer_id: c.id, is_admin: false });
    const list = await req('GET', `/customers/${c.id}/users`);
    expect(list.json().map((u: { email: string }) => u.email)).toEqual([email]);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email, password: 'geheim123' } });
    expect(login.statusCode).toBe(200);
    const token = login.json().access_token as string;
    const mine = await t.app.inject({ method: 'GET', url: '/api/customers/', headers: { authorization: `Bearer ${token}` } });
    expect(mine.json().map((x: { id: number }) => x.id)).toEqual([c.id]);
  });

  it('requires e-mail and password with the spec texts', async () => {
    const c = await buildCustomer(t.db);
    const noPw = await req('POST', `/customers/${c.id}/users`, { email: `x-${uniq()}@k.de` });
    expect(noPw.statusCode).toBe(400);
    expect(noPw.json().detail).toBe('Passwort: Passwort ist erforderlich');
    const emptyPw = await req('POST', `/customers/${c.id}/users`, { email: `x-${uniq()}@k.de`, password: '' });
    expect(emptyPw.json().detail).toBe('Passwort: Passwort ist erforderlich');
    const noMail = await req('POST', `/customers/${c.id}/users`, { password: 'geheim123' });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().detail).toMatch(/^E-Mail:/);
  });

  it('409 for a taken e-mail, 404 for an unknown customer, 409 for an inactive customer, 403 for non-admins', async () => {
    const c = await buildCustomer(t.db);
    const other = await buildUser(t.db, 'warehouse_worker');
    const dup = await req('POST', `/customers/${c.id}/users`, { email: (other.email as string).toUpperCase(), password: 'geheim123' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EMAIL_TAKEN');
    expect((await req('POST', '/customers/999999/users', { email: `n-${uniq()}@k.de`, password: 'geheim123' })).statusCode).toBe(404);
    expect((await req('GET', '/customers/999999/users')).statusCode).toBe(404);
    await req('DELETE', `/customers/${c.id}`);
    const inactive = await req('POST', `/customers/${c.id}/users`, { email: `i-${uniq()}@k.de`, password: 'geheim123' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().code).toBe('CUSTOMER_INACTIVE');
    const w = await buildUser(t.db, 'warehouse_worker');
    expect((await req('GET', `/customers/${c.id}/users`, undefined, w)).statusCode).toBe(403);
    expect((await req('POST', `/customers/${c.id}/users`, { email: `w-${uniq()}@k.de`, password: 'geheim123' }, w)).statusCode).toBe(403);
  });
});
