import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { removeStock } from '../../../server/features/stock/ledger';
import { auth, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';

let t: TestApp;
let admin: Record<string, string>;
let worker: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
  worker = auth(t.app, await buildUser(t.db, 'warehouse_worker'));
  customer = auth(t.app, await buildUser(t.db, 'customer_user'));
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers = admin) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('buildings', () => {
  it('creates, lists, edits a building (code upper-cased)', async () => {
    const res = await post('/api/buildings/', { building_code: ' h9 ', name: 'Halle 9', address: 'Weg 1' });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({ building_code: 'H9', name: 'Halle 9', address: 'Weg 1', is_active: true, room_count: 0 });
    const list = await t.app.inject({ method: 'GET', url: '/api/buildings/', headers: worker });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: number }) => x.id)).toContain(b.id);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/buildings/${b.id}`, headers: admin, payload: { name: 'Halle Neun', address: '' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Halle Neun', address: null, building_code: 'H9' });
  });

  it('refuses non-admins (403) and validates with German field names (400)', async () => {
    expect((await post('/api/buildings/', { building_code: 'X', name: 'X' }, worker)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/buildings/', headers: customer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/buildings/' })).statusCode).toBe(401);
    const bad = await post('/api/buildings/', { building_code: '', name: 'Ohne Code' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Gebäudecode');
    const noName = await post('/api/buildings/', { building_code: 'NN' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toContain('Name');
  });

  it('409 on a duplicate code, 404 on unknown ids', async () => {
    await post('/api/buildings/', { building_code: 'DUP', name: 'Eins' });
    const dup = await post('/api/buildings/', { building_code: 'dup', name: 'Zwei' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('Gebäudecode DUP ist bereits vergeben');
    expect((await t.app.inject({ method: 'PATCH', url: '/api/buildings/999999', headers: admin, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/buildings/999999', headers: admin })).statusCode).toBe(404);
  });

  it('deactivates an empty building with its rooms; recreating the code reactivates it', async () => {
    const b = (await post('/api/buildings/', { building_code: 'DEL', name: 'Abriss' })).json();
    const r = (await post('/api/rooms/', { building_id: b.id, room_code: 'r1', name: 'Raum' })).json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${b.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toContain('deaktiviert');
    const list = (await t.app.inject({ method: 'GET', url: '/api/buildings/', headers: admin })).json();
    expect(list.map((x: { id: number }) => x.id)).not.toContain(b.id);
    const rooms = (await t.app.inject({ method: 'GET', url: '/api/rooms/', headers: admin })).json();
    expect(rooms.map((x: { id: number }) => x.id)).not.toContain(r.id);
    const again = await post('/api/buildings/', { building_code: 'DEL', name: 'Wieder da' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: b.id, name: 'Wieder da', is_active: true });
  });
});

describe('rooms', () => {
  it('creates rooms with type ambient by default, filters by building', async () => {
    const b1 = (await post('/api/buildings/', { building_code: 'RB1', name: 'Bau 1' })).json();
    const b2 = (await post('/api/buildings/', { building_code: 'RB2', name: 'Bau 2' })).json();
    const r1 = await post('/api/rooms/', { building_id: b1.id, room_code: 'k1', name: 'Kühlung', room_type: 'cooled' });
    expect(r1.statusCode).toBe(201);
    expect(r1.json()).toMatchObject({ room_code: 'K1', room_type: 'cooled', building_name: 'Bau 1' });
    const r2 = await post('/api/rooms/', { building_id: b2.id, room_code: 'A', name: 'Allgemein' });
    expect(r2.json().room_type).toBe('ambient');
    const only1 = (await t.app.inject({ method: 'GET', url: `/api/rooms/?building_id=${b1.id}`, headers: worker })).json();
    expect(only1.map((r: { id: number }) => r.id)).toEqual([r1.json().id]);
    const dup = await post('/api/rooms/', { building_id: b1.id, room_code: 'K1', name: 'Noch einer' });
    expect(dup.statusCode).toBe(409);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/rooms/${r2.json().id}`, headers: admin, payload: { room_type: 'hazmat' } });
    expect(patched.json().room_type).toBe('hazmat');
  });

  it('validates rooms: code, name, type, building', async () => {
    const b = (await post('/api/buildings/', { building_code: 'RV', name: 'Bau V' })).json();
    const noCode = await post('/api/rooms/', { building_id: b.id, name: 'x' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().detail).toContain('Raumcode');
    const badType = await post('/api/rooms/', { building_id: b.id, room_code: 'Z', name: 'x', room_type: 'sauna' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().detail).toContain('Raumtyp');
    const noBuilding = await post('/api/rooms/', { building_id: 999999, room_code: 'Z', name: 'x' });
    expect(noBuilding.statusCode).toBe(404);
    expect((await post('/api/rooms/', { building_id: b.id, room_code: 'Z', name: 'x' }, worker)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/rooms/999999', headers: admin })).statusCode).toBe(404);
  });
});

describe('deactivation with stock', () => {
  it('409 naming the stock for building and room; allowed once empty', async () => {
    const b = (await post('/api/buildings/', { building_code: 'ST', name: 'Bestandshalle' })).json();
    const r = (await post('/api/rooms/', { building_id: b.id, room_code: 'S1', name: 'Lagerraum' })).json();
    const rack = await t.app.inject({
      method: 'POST',
      url: `/api/locations/rack?rack_code=st1&building_id=${b.id}&room_id=${r.id}&levels=1&compartments_per_level=2`,
      headers: admin,
    });
    expect(rack.statusCode).toBe(201);
    const comp = await t.db.selectFrom('locations').select('id').where('barcode', '=', 'ST1-01-02').executeTakeFirstOrThrow();
    const product = await buildProduct(t.db);
    const cust = await buildCustomer(t.db);
    await buildStock(t.db, { product_id: product.id, customer_id: cust.id, location_id: comp.id, quantity: 7 });

    const delB = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${b.id}`, headers: admin });
    expect(delB.statusCode).toBe(409);
    expect(delB.json().detail).toBe('Gebäude Bestandshalle kann nicht deaktiviert werden: dort lagern noch 7 Stück auf 1 Lagerplätzen');
    const delR = await t.app.inject({ method: 'DELETE', url: `/api/rooms/${r.id}`, headers: admin });
    expect(delR.statusCode).toBe(409);
    expect(delR.json().detail).toContain('noch 7 Stück');

    const row = await t.db.selectFrom('stock').select('id').where('location_id', '=', comp.id).executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => removeStock(trx, row.id, 7, { movement_type: 'outbound', user_id: null }));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${r.id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/buildings/${b.id}`, headers: admin })).statusCode).toBe(200);
  });
});
