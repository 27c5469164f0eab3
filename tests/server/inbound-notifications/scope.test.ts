import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildUser } from '../../helpers/factories';
import { announce, announcement, confirm, receive } from './fixtures';

/** Two customers: neither sees nor touches the other's announcements; restricted staff only their customers'. */

let t: TestApp;
let c1: { id: number; company_name: string };
let c2: { id: number; company_name: string };
let u1: { id: number; role: string };
let u2: { id: number; role: string };
let worker: { id: number; role: string };
let restricted: { id: number; role: string };
let n1: { id: number };
let n2: { id: number };
let ean: string;
let place: number;

beforeAll(async () => {
  t = await createTestApp();
  c1 = await buildCustomer(t.db, { company_name: 'Erste Kunde GmbH' });
  c2 = await buildCustomer(t.db, { company_name: 'Zweite Kunde AG' });
  u1 = await buildUser(t.db, 'customer_user', { customer_id: c1.id });
  u2 = await buildUser(t.db, 'customer_user', { customer_id: c2.id });
  worker = await buildUser(t.db, 'warehouse_worker');
  restricted = await buildUser(t.db, 'warehouse_worker', { access: [c1.id] });
  ean = (await buildProduct(t.db)).ean;
  place = (await buildCompartments(t.db, 1))[0].id;
  n1 = await announce(t.app, u1, announcement([{ ean, quantity: 4 }]));
  n2 = await announce(t.app, u2, announcement([{ ean, quantity: 4 }]));
  // n2 gets receipts so that its details exist
  await confirm(t.app, worker, n2.id);
  await receive(t.app, worker, n2.id, [{ ean, quantity: 3, location_id: place }]);
});
afterAll(async () => t?.close());

const get = (user: { id: number; role: string }, url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.app, user) });

describe('announcement scope isolation', () => {
  it('list: customers see only their own, without the other customer name', async () => {
    const res = await get(u1, '/api/inbound-notifications/');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((n: { id: number }) => n.id)).toEqual([n1.id]);
    expect(res.body).not.toContain(c2.company_name);
    // a customer asking for the other customer's list still gets only their own
    const sneaky = await get(u1, `/api/inbound-notifications/?customer_id=${c2.id}`);
    expect(sneaky.json()).toEqual([]);
  });

  it('list: staff see all with customer names; restricted staff only their customers', async () => {
    const all = await get(worker, '/api/inbound-notifications/');
    const names = all.json().map((n: { customer_name: string }) => n.customer_name);
    expect(names).toEqual(expect.arrayContaining([c1.company_name, c2.company_name]));
    const some = await get(restricted, '/api/inbound-notifications/');
    expect(some.json().map((n: { id: number }) => n.id)).toEqual([n1.id]);
  });

  it('get and receipt details of a foreign announcement are 404', async () => {
    expect((await get(u1, `/api/inbound-notifications/${n2.id}`)).statusCode).toBe(404);
    const res = await get(u1, `/api/inbound-notifications/${n2.id}/movements`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(c2.company_name);
    expect((await get(restricted, `/api/inbound-notifications/${n2.id}/movements`)).statusCode).toBe(404);
    expect((await get(u2, `/api/inbound-notifications/${n2.id}/movements`)).json()).toHaveLength(1);
  });

  it('patch and cancel of a foreign announcement are 404 and change nothing', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/inbound-notifications/${n1.id}`,
      headers: auth(t.app, u2),
      payload: announcement([{ ean, quantity: 99 }]),
    });
    expect(patch.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/inbound-notifications/${n1.id}`, headers: auth(t.app, u2) });
    expect(del.statusCode).toBe(404);
    const row = await t.db.selectFrom('inbound_notifications').select('status').where('id', '=', n1.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('announced');
    const item = await t.db.selectFrom('inbound_notification_items').select('quantity').where('notification_id', '=', n1.id).executeTakeFirstOrThrow();
    expect(item.quantity).toBe(4);
  });

  it('a customer cannot create an announcement for another customer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inbound-notifications/',
      headers: auth(t.app, u1),
      payload: announcement([{ ean, quantity: 1 }], { customer_id: c2.id }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().customer_id).toBe(c1.id);
  });

  it('restricted staff cannot confirm or receive for customers outside their scope', async () => {
    expect((await confirm(t.app, restricted, n2.id)).statusCode).toBe(404);
    const r = await receive(t.app, restricted, n2.id, [{ ean, quantity: 1, location_id: place }]);
    expect(r.statusCode).toBe(404);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/inbound-notifications/',
      headers: auth(t.app, restricted),
      payload: announcement([{ ean, quantity: 1 }], { customer_id: c2.id }),
    });
    expect(create.statusCode).toBe(404);
  });
});
