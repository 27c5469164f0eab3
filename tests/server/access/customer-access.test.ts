import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';

/** Kundenzugriff: include/exclude lists and what they let staff see of /customers. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let a: Awaited<ReturnType<typeof buildCustomer>>;
let b: Awaited<ReturnType<typeof buildCustomer>>;
let c: Awaited<ReturnType<typeof buildCustomer>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, 'admin');
  a = await buildCustomer(t.db, { company_name: 'Anton AG' });
  b = await buildCustomer(t.db, { company_name: 'Berta KG' });
  c = await buildCustomer(t.db, { company_name: 'Cäsar GmbH' });
});
afterAll(async () => t.close());

function req(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: { id: number; role: string } = admin) {
  return t.app.inject({ method, url: `/api${url}`, headers: auth(t.app, who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function visibleIds(who: { id: number; role: string }): Promise<number[]> {
  const res = await req('GET', '/customers/', undefined, who);
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ id: number }>).map((x) => x.id).filter((id) => [a.id, b.id, c.id].includes(id));
}

describe('PUT/DELETE /users/:id/customer-access', () => {
  it('sets an include list, then an exclude list, then removes the restriction', async () => {
    const w = await buildUser(t.db, 'warehouse_worker');
    expect(await visibleIds(w)).toEqual([a.id, b.id, c.id]);

    const inc = await req('PUT', `/users/${w.id}/customer-access`, { customer_ids: [b.id, a.id], is_exclude: false });
    expect(inc.statusCode).toBe(200);
    expect(inc.json()).toMatchObject({ accessible_customer_ids: [a.id, b.id].sort((x, y) => x - y), is_exclude: false });
    expect(await visibleIds(w)).toEqual([a.id, b.id]);
    expect((await req('GET', `/customers/${a.id}`, undefined, w)).statusCode).toBe(200);
    const hidden = await req('GET', `/customers/${c.id}`, undefined, w);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('CUSTOMER_NOT_FOUND');

    const exc = await req('PUT', `/users/${w.id}/customer-access`, { customer_ids: [a.id], is_exclude: true });
    expect(exc.json()).toMatchObject({ accessible_customer_ids: [a.id], is_exclude: true });
    expect(await visibleIds(w)).toEqual([b.id, c.id]);
    expect((await req('GET', `/customers/${a.id}`, undefined, w)).statusCode).toBe(404);
    expect((await req('GET', `/customers/${c.id}`, undefined, w)).statusCode).toBe(200);

    const del = await req('DELETE', `/users/${w.id}/customer-access`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ accessible_customer_ids: [], is_exclude: false });
    expect(await visibleIds(w)).toEqual([a.id, b.id, c.id]);
  });

  it('an empty selection means all customers, whatever the mode', async () => {
    const m = await buildUser(t.db, 'warehouse_manager', { access: [a.id] });
    expect(await visibleIds(m)).toEqual([a.id]);
    const res = await req('PUT', `/users/${m.id}/customer-access`, { customer_ids: [], is_exclude: true });
    expect(res.json()).toMatchObject({ accessible_customer_ids: [], is_exclude: false });
    expect(await visibleIds(m)).toEqual([a.id, b.id, c.id]);
  });

  it('GET /users/ lists staff with their access for the Kundenzugriff table', async () => {
    const w = await buildUser(t.db, 'warehouse_worker', { access: [c.id], is_exclude: true });
    const cu = await buildUser(t.db, 'customer_user', { customer_id: a.id });
    const res = await req('GET', '/users/');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; accessible_customer_ids: number[]; is_exclude: boolean }>;
    expect(list.find((u) => u.id === w.id)).toMatchObject({ accessible_customer_ids: [c.id], is_exclude: true });
    expect(list.some((u) => u.id === cu.id)).toBe(false);
  });

  it('refuses customer users as targets, unknown customers and users, bad bodies, non-admins', async () => {
    const cu = await buildUser(t.db, 'customer_user', { customer_id: a.id });
    const forCustomer = await req('PUT', `/users/${cu.id}/customer-access`, { customer_ids: [b.id], is_exclude: false });
    expect(forCustomer.statusCode).toBe(400);
    expect(forCustomer.json().code).toBe('ACCESS_NOT_FOR_CUSTOMER_USERS');
    const w = await buildUser(t.db, 'warehouse_worker');
    expect((await req('PUT', `/users/${w.id}/customer-access`, { customer_ids: [999999], is_exclude: false })).statusCode).toBe(404);
    expect((await req('PUT', '/users/999999/customer-access', { customer_ids: [], is_exclude: false })).statusCode).toBe(404);
    expect((await req('DELETE', '/users/999999/customer-access')).statusCode).toBe(404);
    const bad = await req('PUT', `/users/${w.id}/customer-access`, { customer_ids: 'alle' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^Kunden:/);
    const m = await buildUser(t.db, 'warehouse_manager');
    expect((await req('PUT', `/users/${w.id}/customer-access`, { customer_ids: [a.id], is_exclude: false }, m)).statusCode).toBe(403);
    expect((await req('GET', '/users/', undefined, m)).statusCode).toBe(403);
    expect(await visibleIds(w)).toEqual([a.id, b.id, c.id]);
  });
});

describe('customer scope on /customers', () => {
  it('a customer user sees only their own customer; others are 404', async () => {
    const cu = await buildUser(t.db, 'customer_user', { customer_id: b.id });
    expect(await visibleIds(cu)).toEqual([b.id]);
    expect((await req('GET', `/customers/${b.id}`, undefined, cu)).json().company_name).toBe('Berta KG');
    expect((await req('GET', `/customers/${a.id}`, undefined, cu)).statusCode).toBe(404);
  });

  it('staff include/exclude lists from the factory limit list and detail', async () => {
    const inc = await buildUser(t.db, 'warehouse_worker', { access: [c.id] });
    const exc = await buildUser(t.db, 'warehouse_manager', { access: [c.id], is_exclude: true });
    expect(await visibleIds(inc)).toEqual([c.id]);
    expect(await visibleIds(exc)).toEqual([a.id, b.id]);
    expect((await req('GET', `/customers/${b.id}`, undefined, inc)).statusCode).toBe(404);
    expect((await req('GET', `/customers/${c.id}`, undefined, exc)).statusCode).toBe(404);
  });

  it('an admin sees inactive customers too, flagged', async () => {
    const gone = await buildCustomer(t.db, { company_name: 'Zuletzt GmbH' });
    await req('DELETE', `/customers/${gone.id}`);
    const list = (await req('GET', '/customers/')).json() as Array<{ id: number; is_active: boolean }>;
    expect(list.find((x) => x.id === gone.id)?.is_active).toBe(false);
  });
});
