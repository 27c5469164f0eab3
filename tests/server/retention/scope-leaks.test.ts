import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../../shared/domain/ean';
import { opsOf, type PullResponse } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { type KeepaFake, keepaProduct, startKeepaFake } from '../../helpers/keepa-fake';
import { orderBody } from '../outbound-orders/world';
import { newClientId, pull } from '../../sync/server/sync-helpers';

/** Totals, tombstones, lookups and refusals stay inside the caller's customer scope (docs/operations.md "Roles and customer scope"). */

let t: TestApp;
let fake: KeepaFake;
beforeAll(async () => {
  fake = await startKeepaFake();
  t = await createTestApp({ keepaApiKey: 'k-test', keepaBaseUrl: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let seq = 0;
const freshEan = () => withCheckDigit(`43${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(4, '0')}`);

/** Two customers sharing one rack: A has 5 at place 0; B has 7 at place 0 and 3 at place 1. */
async function sharedRack() {
  const a = await buildCustomer(t.db);
  const b = await buildCustomer(t.db);
  const pa = await buildProduct(t.db, { title: 'Artikel von A' });
  const pb = await buildProduct(t.db, { title: 'Geheimer Artikel von B' });
  const places = await buildCompartments(t.db, 3);
  await buildStock(t.db, { product_id: pa.id, customer_id: a.id, location_id: places[0].id, quantity: 5 });
  await buildStock(t.db, { product_id: pb.id, customer_id: b.id, location_id: places[0].id, quantity: 7 });
  await buildStock(t.db, { product_id: pb.id, customer_id: b.id, location_id: places[1].id, quantity: 3 });
  return { a, b, pa, pb, places, rackId: places[0].rack_id as number };
}

type Comp = { id: number; stock_quantity: number };
type Rack = { stock_quantity: number; occupied_count: number; levels: Array<{ compartments: Comp[] }> };

describe('Lageplan sums', () => {
  it('count only the stock of customers in the staff user’s scope (include list, exclude list, unrestricted)', async () => {
    const w = await sharedRack();
    const only = await buildUser(t.db, 'warehouse_manager', { access: [w.a.id] });
    const except = await buildUser(t.db, 'warehouse_manager', { access: [w.a.id], is_exclude: true });
    const all = await buildUser(t.db, 'warehouse_manager');
    const view = async (u: { id: number; role: string }) => {
      const tree = (await t.app.inject({ method: 'GET', url: `/api/locations/hierarchy?rack_id=${w.rackId}`, headers: auth(t.app, u) })).json() as Rack[];
      const list = (await t.app.inject({ method: 'GET', url: `/api/locations/?rack_id=${w.rackId}`, headers: auth(t.app, u) })).json() as Comp[];
      const comps = tree[0].levels.flatMap((l) => l.compartments);
      const q = (rows: Comp[]) => w.places.map((p) => rows.find((c) => c.id === p.id)?.stock_quantity);
      return { rack: tree[0].stock_quantity, occupied: tree[0].occupied_count, tree: q(comps), list: q(list) };
    };
    expect(await view(only)).toEqual({ rack: 5, occupied: 1, tree: [5, 0, 0], list: [5, 0, 0] });
    expect(await view(except)).toEqual({ rack: 10, occupied: 2, tree: [7, 3, 0], list: [7, 3, 0] });
    expect(await view(all)).toEqual({ rack: 15, occupied: 2, tree: [12, 3, 0], list: [12, 3, 0] });
  });
});

describe('deleting a place that still holds stock', () => {
  it('names the quantity only when all of it belongs to customers in the admin’s scope', async () => {
    const w = await sharedRack();
    const limited = await buildUser(t.db, 'admin', { access: [w.a.id] });
    const full = await buildUser(t.db, 'admin');
    const del = (u: { id: number; role: string }, id: number) => t.app.inject({ method: 'DELETE', url: `/api/locations/${id}`, headers: auth(t.app, u) });
    const shared = await del(limited, w.places[0].id);
    expect(shared.statusCode).toBe(409);
    expect(shared.json()).toMatchObject({
      code: 'LOCATION_HAS_STOCK_HIDDEN',
      detail: `Fach ${w.places[0].barcode} kann nicht gelöscht werden: dort lagert noch Ware`,
    });
    expect(shared.json().params.quantity).toBeUndefined();
    expect((await del(full, w.places[0].id)).json()).toMatchObject({ code: 'LOCATION_HAS_STOCK', params: { quantity: 12 } });
  });
});

describe('product lookup by customers', () => {
  it('answers from the catalogue but never asks Keepa for a customer user (a miss is the normal 404)', async () => {
    fake.requests.length = 0;
    const customer = await buildCustomer(t.db);
    const user = await buildUser(t.db, 'customer_user', { customer_id: customer.id });
    const known = await buildProduct(t.db, { title: 'Im Katalog' });
    const hit = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${known.ean}`, headers: auth(t.app, user) });
    expect(hit.json()).toMatchObject({ source: 'database', title: 'Im Katalog' });
    const ean = freshEan();
    fake.products.set(ean, keepaProduct(ean));
    const miss = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${ean}`, headers: auth(t.app, user) });
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', detail: 'Produkt nicht gefunden', params: { ean } });
    expect(fake.requests).toHaveLength(0);
    // Staff receiving the same code still get Keepa's data.
    const staff = await buildUser(t.db, 'warehouse_worker');
    const viaKeepa = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${ean}`, headers: auth(t.app, staff) });
    expect(viaKeepa.json()).toMatchObject({ source: 'keepa' });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('order refusals', () => {
  it("never name another customer's product: its id is answered like an unknown one, for the customer and for staff ordering for them", async () => {
    const w = await sharedRack();
    const user = await buildUser(t.db, 'customer_user', { customer_id: w.a.id });
    const staff = await buildUser(t.db, 'warehouse_worker', { access: [w.a.id] });
    const bodies = [
      orderBody([{ product_id: w.pb.id, quantity: 1 }]),
      orderBody([{ product_id: w.pb.id, selected_ve_type: 'box', selected_ve_quantity: 1 }]),
      orderBody([{ product_id: w.pb.id, quantity: 1 }], { customer_id: w.b.id }),
    ];
    for (const [who, body] of [
      [user, bodies[0]],
      [user, bodies[1]],
      [user, bodies[2]],
      [staff, { ...bodies[0], customer_id: w.a.id }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/outbound-orders/', headers: auth(t.app, who), payload: body });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ORDER_PRODUCT_NOT_FOUND', detail: 'Artikel nicht gefunden' });
      expect(res.body).not.toContain('Geheimer Artikel');
    }
    // Their own product is refused with its title, as before.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/outbound-orders/',
      headers: auth(t.app, user),
      payload: orderBody([{ product_id: w.pa.id, quantity: 50 }]),
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().params.title).toBe('Artikel von A');
  });
});

describe('tombstones in the pull', () => {
  it('reach a customer user only for places that held their stock; staff (also restricted) get every deleted place', async () => {
    const w = await sharedRack();
    const user = await buildUser(t.db, 'customer_user', { customer_id: w.a.id });
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [w.b.id] });
    const admin = await buildUser(t.db, 'admin');
    // Place 0 is emptied (its stock rows stay: history), so deleting it retires it; place 2 never held stock.
    await t.db.updateTable('stock').set({ quantity: 0 }).where('location_id', '=', w.places[0].id).execute();
    const cUser = newClientId();
    const cStaff = newClientId();
    const firstUser: PullResponse = (await pull(t.app, user, cUser, null)).json();
    const firstStaff: PullResponse = (await pull(t.app, restricted, cStaff, null)).json();
    for (const p of [w.places[0], w.places[2]]) {
      const del = await t.app.inject({ method: 'DELETE', url: `/api/locations/${p.id}`, headers: auth(t.app, admin) });
      expect(del.statusCode).toBe(200);
    }
    const dels = (r: PullResponse) =>
      opsOf(r)
        .filter((p) => p.entity === 'location' && p.op === 'del')
        .map((p) => p.id)
        // Tombstones committed just before the previous pull may come again (sync/server/change-window.ts).
        .filter((id) => w.places.some((p) => p.id === id));
    const userDels = dels((await pull(t.app, user, cUser, firstUser.cookie)).json());
    expect(userDels).toEqual([w.places[0].id]);
    const staffDels = dels((await pull(t.app, restricted, cStaff, firstStaff.cookie)).json());
    expect(staffDels.sort()).toEqual([w.places[0].id, w.places[2].id].sort());
  });
});
