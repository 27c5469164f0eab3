import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeedOf } from '../../../server/db/change-feed';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildPlacedCompartments, buildUser } from '../../helpers/factories';
import { newClientId, pull } from '../../sync/server/sync-helpers';

/**
 * The request actor is cached (server/auth/actor-cache.ts); every change to
 * what it is built from must count on the user's very next request. Each
 * case first makes a request, so the actor is in the cache when it changes.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, 'admin');
  // The feed goes live once the LISTEN connection stands (started by the app's first use of the cache).
  for (let i = 0; i < 100 && !changeFeedOf(t.db)?.live; i++) await new Promise((r) => setTimeout(r, 20));
  expect(changeFeedOf(t.db)?.live).toBe(true);
});
afterAll(async () => t.close());

const as = (who: { id: number; role: string }, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: auth(t.app, who), ...(payload ? { payload } : {}) });
/** Lets the notifications of the fixtures' inserts arrive, so the next request fills the cache. */
const settle = () => new Promise((r) => setTimeout(r, 100));
const me = (who: { id: number; role: string }) => as(who, 'GET', '/auth/me');

/** A statement as another app instance would run it: not through this process's Kysely. */
async function elsewhere(...statements: string[]): Promise<void> {
  const url = (t.handle as { url?: string }).url;
  if (!url) {
    for (const text of statements) await sql.raw(text).execute(t.db.withoutPlugins());
    return;
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const text of statements) await c.query(text);
  } finally {
    await c.end();
  }
}

async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('actor cache: changes through the API count on the next request', () => {
  it('deactivating a user', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    await settle();
    expect((await me(u)).statusCode).toBe(200);
    expect((await as(admin, 'PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', is_active: false })).statusCode).toBe(200);
    expect((await me(u)).statusCode).toBe(401);
  });

  it('an admin password reset (session_version)', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    await settle();
    expect((await me(u)).statusCode).toBe(200);
    expect((await as(admin, 'PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', password: 'Zurueckgesetzt1' })).statusCode).toBe(200);
    expect((await me(u)).json().code).toBe('SESSION_REVOKED');
  });

  it('removing customer access', async () => {
    const a = await buildCustomer(t.db);
    const b = await buildCustomer(t.db);
    const u = await buildUser(t.db, 'warehouse_worker', { access: [a.id, b.id] });
    await settle();
    expect((await as(u, 'GET', `/customers/${b.id}`)).statusCode).toBe(200);
    expect((await as(admin, 'PUT', `/users/${u.id}/customer-access`, { customer_ids: [a.id], is_exclude: false })).statusCode).toBe(200);
    expect((await as(u, 'GET', `/customers/${b.id}`)).statusCode).toBe(404);
  });

  it('deactivating the customer of a customer user', async () => {
    const c = await buildCustomer(t.db);
    const u = await buildUser(t.db, 'customer_user', { customer_id: c.id });
    await settle();
    expect((await me(u)).statusCode).toBe(200);
    expect((await as(admin, 'DELETE', `/customers/${c.id}`)).statusCode).toBe(200);
    expect((await me(u)).statusCode).toBe(401);
  });
});

describe('actor cache: changes by another instance arrive as notifications', () => {
  it('deactivation, session_version, access and customer by plain SQL are seen within a second', async () => {
    const c = await buildCustomer(t.db);
    const d = await buildCustomer(t.db);
    const cu = await buildUser(t.db, 'customer_user', { customer_id: c.id });
    const u = await buildUser(t.db, 'warehouse_worker', { access: [c.id, d.id] });
    const v = await buildUser(t.db, 'warehouse_worker');
    const w = await buildUser(t.db, 'warehouse_worker');
    await settle();
    for (const x of [cu, u, v, w]) expect((await me(x)).statusCode).toBe(200);
    expect((await as(u, 'GET', `/customers/${d.id}`)).statusCode).toBe(200);

    await elsewhere(`UPDATE users SET is_active = false WHERE id = ${v.id}`);
    expect(await eventually(async () => (await me(v)).statusCode === 401)).toBe(true);
    await elsewhere(`UPDATE users SET session_version = session_version + 1 WHERE id = ${w.id}`);
    expect(await eventually(async () => (await me(w)).json().code === 'SESSION_REVOKED')).toBe(true);
    await elsewhere(`DELETE FROM user_customer_access WHERE user_id = ${u.id} AND customer_id = ${d.id}`);
    expect(await eventually(async () => (await as(u, 'GET', `/customers/${d.id}`)).statusCode === 404)).toBe(true);
    await elsewhere(`UPDATE customers SET is_active = false WHERE id = ${c.id}`);
    expect(await eventually(async () => (await me(cu)).statusCode === 401)).toBe(true);
  });

  it('an Arbeitsbereich set by plain SQL resets the device of the worker at its next pull', async () => {
    const u = await buildUser(t.db, 'warehouse_worker');
    const { room } = await buildPlacedCompartments(t.db, 1);
    await settle();
    const device = newClientId();
    const first = (await pull(t.app, u, device, null)).json();
    expect((await pull(t.app, u, device, first.cookie)).json().reset).toBeUndefined();
    await elsewhere(`INSERT INTO user_rooms (user_id, room_id) VALUES (${u.id}, ${room.id})`);
    expect(await eventually(async () => (await pull(t.app, u, device, first.cookie)).json().reset === true)).toBe(true);
  });

  it('serves from the cache only while the notification channel is live', async () => {
    const feed = changeFeedOf(t.db);
    if (!feed) throw new Error('no change feed');
    const u = await buildUser(t.db, 'warehouse_worker');
    await settle();
    expect((await me(u)).statusCode).toBe(200);
    // A change that notifies nobody (triggers off) stays unseen while live: the actor comes from the cache ...
    await elsewhere('SET session_replication_role = replica', `UPDATE users SET is_active = false WHERE id = ${u.id}`, 'RESET session_replication_role');
    await new Promise((r) => setTimeout(r, 100));
    expect((await me(u)).statusCode).toBe(200);
    // ... and is seen at once when the channel is down: nothing is served from the cache then.
    feed.setLive(false);
    try {
      expect((await me(u)).statusCode).toBe(401);
    } finally {
      feed.setLive(true);
    }
    expect((await me(u)).statusCode).toBe(401);
  });
});
