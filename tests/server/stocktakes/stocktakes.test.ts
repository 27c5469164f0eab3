import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildCompartments, buildStock } from '../../helpers/factories';
import { api } from '../outbound-orders/world';
import { stockAt } from '../picking/world';
import { buildStocktakeWorld } from './world';

/** Stocktake (docs/operations.md "Stocktake"): create, count, book, cancel, read. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const placesOf = async (stocktakeId: number) =>
  await t.db.selectFrom('stocktake_places').select(['location_id', 'open', 'done']).where('stocktake_id', '=', stocktakeId).orderBy('location_id').execute();

describe('POST /api/stocktakes', () => {
  it('creates by places, by racks and by room: number INV-YYYY-NNNN, status counting, expected frozen per product, customer, batch', async () => {
    const s = await buildStocktakeWorld(t);
    await stockAt(t, s.w, s.w.loose.id, s.a.id, 5, { batch_number: 'CH-1', expiry_date: '2027-01-31' });
    await stockAt(t, s.w, s.w.loose.id, s.a.id, 2, { batch_number: 'CH-1', expiry_date: '2027-06-30' });
    const byPlaces = await s.create({ location_ids: [s.a.id] });
    expect(byPlaces.statusCode, byPlaces.body).toBe(201);
    expect(byPlaces.json()).toEqual({ id: expect.any(Number), number: expect.stringMatching(/^INV-\d{4}-\d{4,}$/), status: 'counting', places: 1 });
    expect(byPlaces.json().number.slice(4, 8)).toBe(String(new Date().getFullYear()));
    const lines = await t.db.selectFrom('stocktake_lines').select(['product_id', 'customer_id', 'batch_number', 'expected', 'counted']).execute();
    expect(lines.filter((l) => l.product_id === s.w.loose.id)).toEqual([
      { product_id: s.w.loose.id, customer_id: s.w.customer.id, batch_number: 'CH-1', expected: 7, counted: null },
    ]);
    expect((await s.cancel(byPlaces.json().id)).statusCode).toBe(200);

    const byRack = await s.create({ rack_ids: [s.a.rack_id] });
    expect(byRack.json()).toMatchObject({ status: 'counting', places: 3 });
    expect((await s.cancel(byRack.json().id)).statusCode).toBe(200);
    const byRoom = await s.create({ room_id: s.placed.room.id, blind: false });
    expect(byRoom.json()).toMatchObject({ places: 3 });
    expect((await placesOf(byRoom.json().id)).map((p) => p.location_id)).toEqual([s.a.id, s.b.id, s.c.id]);
  });

  it('answers 400 for no scope, two scopes, an empty room or a rack id among places; 404 for unknown ids', async () => {
    const s = await buildStocktakeWorld(t);
    for (const body of [{}, { location_ids: [s.a.id], room_id: s.placed.room.id }]) {
      const res = await s.create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'STOCKTAKE_SCOPE_REQUIRED', detail: 'Bitte genau eine Auswahl angeben: Lagerplätze, Regale oder einen Raum' });
    }
    const notPlace = await s.create({ location_ids: [s.a.rack_id] });
    expect(notPlace.statusCode).toBe(400);
    expect(notPlace.json().code).toBe('STOCKTAKE_NOT_STORAGE_PLACE');
    const emptyRoom = await t.db
      .insertInto('rooms')
      .values({ building_id: s.placed.building.id, room_code: `E${s.a.id}`, name: 'Leer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await s.create({ room_id: emptyRoom.id })).json().code).toBe('STOCKTAKE_SCOPE_EMPTY');
    expect((await s.create({ location_ids: [999999] })).statusCode).toBe(404);
    expect((await s.create({ rack_ids: [s.a.id] })).statusCode).toBe(404);
    expect((await s.create({ room_id: 999999 })).statusCode).toBe(404);
    const noName = await s.create({ name: ' ', location_ids: [s.a.id] });
    expect(noName.statusCode).toBe(400);
    expect(await t.db.selectFrom('stocktake_places').select('id').where('location_id', 'in', [s.a.id, s.b.id, s.c.id]).execute()).toEqual([]);
  });

  it('refuses a worker and a customer user (403) on create, book and cancel; a customer may not read', async () => {
    const s = await buildStocktakeWorld(t);
    for (const h of [s.h.worker, s.h.customer]) expect((await s.create({ location_ids: [s.a.id] }, h)).statusCode).toBe(403);
    const st = (await s.create({ location_ids: [s.a.id] }, s.h.admin)).json();
    await s.done(st.id, s.a.barcode);
    for (const h of [s.h.worker, s.h.customer]) {
      expect((await s.book(st.id, h)).statusCode).toBe(403);
      expect((await s.cancel(st.id, h)).statusCode).toBe(403);
    }
    expect((await s.detail(st.id, s.h.customer)).statusCode).toBe(403);
    expect((await api(t).get('/api/stocktakes', s.h.customer)).statusCode).toBe(403);
    expect((await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 1 }, s.h.customer)).statusCode).toBe(403);
    expect((await s.book(st.id, s.h.admin)).statusCode).toBe(200);
  });

  it('answers 409 naming the place and the other stocktake when a place is already in an open one', async () => {
    const s = await buildStocktakeWorld(t);
    const first = (await s.create({ location_ids: [s.b.id] })).json();
    const res = await s.create({ rack_ids: [s.a.rack_id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STOCKTAKE_PLACE_TAKEN', detail: `Lagerplatz ${s.b.barcode} wird bereits in Inventur ${first.number} gezählt` });
    // The database keeps the rule too: a second open row for the place is refused.
    const other = (await s.create({ location_ids: [s.a.id] })).json();
    await expect(t.db.insertInto('stocktake_places').values({ stocktake_id: other.id, location_id: s.b.id }).execute()).rejects.toThrow();
    expect((await s.cancel(first.id)).statusCode).toBe(200);
    expect((await s.create({ location_ids: [s.b.id] })).statusCode).toBe(201);
  });
});

describe('counting', () => {
  it('hides expected and difference from a worker on a blind stocktake until booked; the manager sees them', async () => {
    const s = await buildStocktakeWorld(t);
    await stockAt(t, s.w, s.w.loose.id, s.a.id, 5);
    const st = (await s.create({ location_ids: [s.a.id] })).json();
    await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 4 });
    const worker = (await s.detail(st.id, s.h.worker)).json();
    expect(worker).toMatchObject({ number: st.number, status: 'counting', blind: true });
    expect(worker.places[0].lines[0]).toMatchObject({ ean: s.w.loose.ean, expected: null, counted: 4, difference: null });
    const manager = (await s.detail(st.id)).json();
    expect(manager.places[0].lines[0]).toMatchObject({ expected: 5, counted: 4, difference: -1 });
    await s.done(st.id, s.a.barcode);
    expect((await s.book(st.id)).statusCode).toBe(200);
    expect((await s.detail(st.id, s.h.worker)).json().places[0].lines[0]).toMatchObject({ expected: 5, counted: 4, difference: -1 });
  });

  it('shows expected to a worker on a non-blind stocktake', async () => {
    const s = await buildStocktakeWorld(t);
    await stockAt(t, s.w, s.w.loose.id, s.a.id, 5);
    const st = (await s.create({ location_ids: [s.a.id], blind: false })).json();
    expect((await s.detail(st.id, s.h.worker)).json().places[0].lines[0]).toMatchObject({ expected: 5, counted: null, difference: null });
  });

  it('a second count of the same product replaces the first (last write wins); a lower-case barcode matches', async () => {
    const s = await buildStocktakeWorld(t);
    await stockAt(t, s.w, s.w.loose.id, s.a.id, 5);
    const st = (await s.create({ location_ids: [s.a.id] })).json();
    const first = await s.count(st.id, { location_barcode: s.a.barcode.toLowerCase(), ean: s.w.loose.ean, quantity: 3 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ location_barcode: s.a.barcode, ean: s.w.loose.ean, customer_id: s.w.customer.id, batch_number: '', counted: 3 });
    await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 6 });
    const lines = (await s.detail(st.id)).json().places[0].lines;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ expected: 5, counted: 6, difference: 1 });
  });

  it('refuses bad counts: negative 400, a place outside the stocktake 409, unknown place or EAN 404, a cancelled stocktake 409', async () => {
    const s = await buildStocktakeWorld(t);
    const st = (await s.create({ location_ids: [s.a.id] })).json();
    const neg = await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: -1 });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().detail).toContain('Menge darf nicht negativ sein');
    const outside = await s.count(st.id, { location_barcode: s.b.barcode, ean: s.w.loose.ean, quantity: 1 });
    expect(outside.statusCode).toBe(409);
    expect(outside.json()).toMatchObject({ code: 'STOCKTAKE_PLACE_NOT_IN', detail: `Lagerplatz ${s.b.barcode} gehört nicht zur Inventur ${st.number}` });
    expect((await s.count(st.id, { location_barcode: 'NIX-99', ean: s.w.loose.ean, quantity: 1 })).statusCode).toBe(404);
    expect((await s.count(st.id, { location_barcode: s.a.barcode, ean: '4000000000000', quantity: 1 })).json().code).toBe('PRODUCT_NOT_FOUND');
    expect((await s.count(999999, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 1 })).statusCode).toBe(404);
    await s.cancel(st.id);
    const late = await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'STOCKTAKE_NOT_COUNTING',
      detail: `Inventur ${st.number} ist storniert – keine Änderung mehr möglich`,
      params: { status: 'storniert', status_code: 'cancelled' },
    });
  });

  it('a product found where none was expected gets its own line: its only customer, else customer_id is required (400)', async () => {
    const s = await buildStocktakeWorld(t);
    const [elsewhere] = await buildCompartments(t.db, 1);
    await stockAt(t, s.w, s.w.loose.id, elsewhere.id, 3);
    await buildStock(t.db, { product_id: s.w.product.id, customer_id: s.w.customer.id, location_id: elsewhere.id, quantity: 1 });
    await buildStock(t.db, { product_id: s.w.product.id, customer_id: s.w.other.id, location_id: elsewhere.id, quantity: 1 });
    const st = (await s.create({ location_ids: [s.a.id] })).json();
    const found = await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 2 });
    expect(found.json()).toMatchObject({ customer_id: s.w.customer.id, counted: 2 });
    const shared = await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.product.ean, quantity: 1 });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().code).toBe('STOCKTAKE_CUSTOMER_REQUIRED');
    const named = await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.product.ean, quantity: 1, customer_id: s.w.other.id });
    expect(named.json()).toMatchObject({ customer_id: s.w.other.id });
    // A worker restricted to the other customer does not see (404) the first one, named or found as the only owner.
    expect((await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 1 }, s.w.h.outsider)).statusCode).toBe(404);
    expect(
      (await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 1, customer_id: s.w.customer.id }, s.w.h.outsider)).statusCode,
    ).toBe(404);
    const lines = (await s.detail(st.id)).json().places[0].lines;
    expect(lines.map((l: { expected: number; counted: number }) => [l.expected, l.counted]).sort()).toEqual([
      [0, 1],
      [0, 2],
    ]);
  });

  it('"Platz fertig" counts every expected product not counted there as 0', async () => {
    const s = await buildStocktakeWorld(t);
    await stockAt(t, s.w, s.w.loose.id, s.a.id, 5);
    await stockAt(t, s.w, s.w.product.id, s.a.id, 4);
    const st = (await s.create({ location_ids: [s.a.id] })).json();
    await s.count(st.id, { location_barcode: s.a.barcode, ean: s.w.loose.ean, quantity: 5 });
    const res = await s.done(st.id, s.a.barcode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ location_barcode: s.a.barcode, done: true, uncounted_as_zero: 1 });
    const place = (await s.detail(st.id)).json().places[0];
    expect(place.done).toBe(true);
    expect(place.lines.find((l: { ean: string }) => l.ean === s.w.product.ean)).toMatchObject({ expected: 4, counted: 0, difference: -4 });
    const list = (await api(t).get('/api/stocktakes', s.h.manager)).json();
    expect(list.find((x: { id: number }) => x.id === st.id)).toMatchObject({ places: 1, done_places: 1, differences: 1, status: 'counting' });
    const blindList = (await api(t).get('/api/stocktakes', s.h.worker)).json();
    expect(blindList.find((x: { id: number }) => x.id === st.id)).toMatchObject({ places: 1, done_places: 1, differences: null });
  });
});
