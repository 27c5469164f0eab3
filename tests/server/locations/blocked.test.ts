import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/i18n/errors/index';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildPlacedCompartments, buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { mutation, newClientId, outbound, push } from '../../sync/server/sync-helpers';
import { api, expectReservationInvariant, orderBody } from '../outbound-orders/world';
import { buildPickWorld, orderOf, pickingWave, reservationsOf, stockAt } from '../picking/world';

/** Blocked places (docs/operations.md "Blocked places"): the flag on places and rooms, and every refusal. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const blockedText = (barcode: string) => `Lagerplatz ${barcode} ist ein Sperrplatz – der Bestand dort ist nicht verfügbar`;

async function world() {
  const w = await buildPickWorld(t);
  const placed = await buildPlacedCompartments(t.db, 3);
  const [a, b, c] = placed.compartments;
  const manager = await buildUser(t.db, 'warehouse_manager');
  const admin = await buildUser(t.db, 'admin');
  const customerUser = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
  const h = { ...w.h, manager: auth(t.app, manager), admin: auth(t.app, admin), customer: auth(t.app, customerUser) };
  const block = (id: number, is_blocked = true) => api(t).patch(`/api/locations/${id}`, h.manager, { is_blocked });
  return { w, placed, a, b, c, h, block };
}

describe('PATCH /api/locations/:id (is_blocked)', () => {
  it('a warehouse manager blocks and releases a place; the place lists show it', async () => {
    const { a, b, placed, block, h } = await world();
    const res = await block(a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, barcode: a.barcode, is_blocked: true, room_blocked: false });
    const list = (await api(t).get(`/api/locations/?rack_id=${a.rack_id}`, h.worker)).json();
    expect(list.map((p: { id: number; is_blocked: boolean }) => [p.id, p.is_blocked])).toEqual([
      [a.id, true],
      [b.id, false],
      [placed.compartments[2].id, false],
    ]);
    const tree = (await api(t).get(`/api/locations/hierarchy?rack_id=${a.rack_id}`, h.worker)).json();
    expect(tree[0].levels[0].compartments[0]).toMatchObject({ id: a.id, is_blocked: true });
    expect(tree[0].room_blocked).toBe(false);
    const admin = await api(t).patch(`/api/locations/${a.id}`, h.admin, { is_blocked: false });
    expect(admin.json()).toMatchObject({ id: a.id, is_blocked: false });
  });

  it('refuses a worker and a customer user (403), an unknown place (404), a rack (400) and a body without the flag (400)', async () => {
    const { a, h } = await world();
    for (const who of [h.worker, h.customer]) {
      const r = await api(t).patch(`/api/locations/${a.id}`, who, { is_blocked: true });
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('FORBIDDEN');
    }
    const unknown = await api(t).patch('/api/locations/999999', h.manager, { is_blocked: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'LOCATION_ID_NOT_FOUND', detail: 'Lagerplatz nicht gefunden' });
    const rack = await api(t).patch(`/api/locations/${a.rack_id}`, h.manager, { is_blocked: true });
    expect(rack.statusCode).toBe(400);
    expect(rack.json().detail).toBe('Nur Fächer (Lagerplätze) können gesperrt werden');
    const empty = await api(t).patch(`/api/locations/${a.id}`, h.manager, {});
    expect(empty.statusCode).toBe(400);
    const row = await t.db.selectFrom('locations').select('is_blocked').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.is_blocked).toBe(false);
  });
});

describe('PATCH /api/rooms/:id (is_blocked)', () => {
  it('a manager blocks a room (all its places count as blocked) but may not change its master data; a worker gets 403', async () => {
    const { placed, a, h } = await world();
    const url = `/api/rooms/${placed.room.id}`;
    const res = await api(t).patch(url, h.manager, { is_blocked: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: placed.room.id, is_blocked: true });
    const rooms = (await api(t).get(`/api/rooms/?building_id=${placed.building.id}`, h.worker)).json();
    expect(rooms).toMatchObject([{ id: placed.room.id, is_blocked: true }]);
    const places = (await api(t).get(`/api/locations/?rack_id=${a.rack_id}`, h.worker)).json();
    expect(places[0]).toMatchObject({ id: a.id, is_blocked: false, room_blocked: true });
    const rename = await api(t).patch(url, h.manager, { name: 'Quarantäne', is_blocked: true });
    expect(rename.statusCode).toBe(403);
    expect((await api(t).patch(url, h.worker, { is_blocked: false })).statusCode).toBe(403);
    expect((await api(t).patch('/api/rooms/999999', h.manager, { is_blocked: true })).statusCode).toBe(404);
    const admin = await api(t).patch(url, h.admin, { name: 'Quarantäne', is_blocked: false });
    expect(admin.json()).toMatchObject({ name: 'Quarantäne', is_blocked: false });
  });
});

describe('stock on a blocked place is not available', () => {
  it('Auslagern from a blocked place (or a place in a blocked room) is refused with 409 LOCATION_BLOCKED; Einlagern into it is allowed', async () => {
    const { w, a, b, placed, block, h } = await world();
    await stockAt(t, w, w.loose.id, a.id, 5);
    await stockAt(t, w, w.loose.id, b.id, 5);
    await block(a.id);
    const out = await api(t).post('/api/outbound', h.worker, { ean: w.loose.ean, quantity: 1, location_barcode: a.barcode });
    expect(out.statusCode).toBe(409);
    expect(out.json()).toEqual({ code: 'LOCATION_BLOCKED', detail: blockedText(a.barcode as string), params: { barcode: a.barcode } });
    const into = await api(t).post('/api/inbound', h.worker, { ean: w.loose.ean, quantity: 3, location_barcode: a.barcode, customer_id: w.customer.id });
    expect(into.statusCode, into.body).toBe(200);
    expect((await api(t).post('/api/outbound', h.worker, { ean: w.loose.ean, quantity: 1, location_barcode: b.barcode })).statusCode).toBe(200);
    await api(t).patch(`/api/rooms/${placed.room.id}`, h.manager, { is_blocked: true });
    const inRoom = await api(t).post('/api/outbound', h.worker, { ean: w.loose.ean, quantity: 1, location_barcode: b.barcode });
    expect(inRoom.statusCode).toBe(409);
    expect(inRoom.json().detail).toBe(blockedText(b.barcode as string));
    const moved = await t.db.selectFrom('stock').select(['location_id', 'quantity']).where('product_id', '=', w.loose.id).orderBy('location_id').execute();
    expect(moved).toEqual([
      { location_id: a.id, quantity: 8 },
      { location_id: b.id, quantity: 4 },
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('reservations skip blocked places; an order only the blocked stock would cover is refused naming the place', async () => {
    const { w, a, b, block, h } = await world();
    await stockAt(t, w, w.loose.id, a.id, 5);
    await stockAt(t, w, w.loose.id, b.id, 3);
    await block(a.id);
    const body = (quantity: number) => orderBody([{ product_id: w.loose.id, quantity, unit: 'piece' }], { customer_id: w.customer.id });
    const refused = await api(t).post('/api/outbound-orders/', h.worker, body(4));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LOCATION_BLOCKED', detail: blockedText(a.barcode as string) });
    const tooMuch = await api(t).post('/api/outbound-orders/', h.worker, body(9));
    expect(tooMuch.json().code).toBe('ORDER_STOCK_INSUFFICIENT');
    const ok = await api(t).post('/api/outbound-orders/', h.worker, body(3));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await reservationsOf(t.db, ok.json().id)).toMatchObject([{ location_id: b.id, quantity: 3 }]);
    await expectReservationInvariant(t.db);
  });

  it('a pick on a blocked place is refused (REST and the offline picking.pick); pick lists skip it; no wave takes the order', async () => {
    const { w, a, block, h } = await world();
    await stockAt(t, w, w.loose.id, a.id, 5);
    const o = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 2 }]);
    const draft = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 1 }]);
    const wave = await pickingWave(t.db, [o.id]);
    await block(a.id);
    const args = { order_id: o.id, product_ean: w.loose.ean, location_barcode: a.barcode as string, quantity: 1 };
    const res = await api(t).post(`/api/picking-waves/${wave.id}/pick`, h.worker, args);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LOCATION_BLOCKED', detail: blockedText(a.barcode as string) });
    const list = (await api(t).get(`/api/outbound-orders/${o.id}/picking-list`, h.worker)).json();
    expect(list.items[0].locations).toEqual([]);
    const created = await api(t).post(`/api/picking-waves/?order_ids=${draft.id}`, h.manager);
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({ code: 'LOCATION_BLOCKED', detail: blockedText(a.barcode as string) });
    const r = (await push(t.app, w.worker, newClientId(), [mutation(1, 'picking.pick', { wave_id: wave.id, ...args }, w.worker.id)])).json().results[0];
    expect(r).toMatchObject({ status: 'rejected', code: 'LOCATION_BLOCKED' });
    expect(errorText(r.code, r.params)).toBe(blockedText(a.barcode as string));
    const stock = await t.db.selectFrom('stock').select(['quantity', 'reserved_quantity']).where('location_id', '=', a.id).executeTakeFirstOrThrow();
    expect(stock).toEqual({ quantity: 5, reserved_quantity: 3 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('the offline stock.outbound is refused with the same code and German text', async () => {
    const { w, a, block } = await world();
    await stockAt(t, w, w.loose.id, a.id, 5);
    await block(a.id);
    const res = await push(t.app, w.worker, newClientId(), [
      outbound(1, w.worker.id, { ean: w.loose.ean, quantity: 1, location_barcode: a.barcode as string }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().results[0];
    expect(r).toMatchObject({ status: 'rejected', code: 'LOCATION_BLOCKED', params: { barcode: a.barcode } });
    expect(errorText(r.code, r.params)).toBe(blockedText(a.barcode as string));
    expect(await t.db.selectFrom('stock').select('quantity').where('location_id', '=', a.id).executeTakeFirstOrThrow()).toEqual({ quantity: 5 });
  });
});
