import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortestRoute } from '../../../shared/domain/pick-route';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { api, insertOrder } from '../outbound-orders/world';
import { buildPickWorld, orderOf, pickingWave, rackAt, stockAt } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rolling = (h: Record<string, string>, ids: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/outbound-orders/rolling-picking-list', headers: h, payload: ids as object });

/** Two orders of the world's products on two racks. */
async function twoOrders() {
  const w = await buildPickWorld(t);
  const r1 = await rackAt(t.db, 30, 0);
  const r2 = await rackAt(t.db, 0, 40);
  await stockAt(t, w, w.product.id, r1[0].id, 10);
  await stockAt(t, w, w.loose.id, r2[0].id, 10);
  const o1 = await orderOf(t, w, [
    { product_id: w.product.id, quantity: 2 },
    { product_id: w.loose.id, quantity: 1 },
  ]);
  const o2 = await orderOf(t, w, [{ product_id: w.product.id, quantity: 3 }]);
  return { w, r1, r2, o1, o2 };
}

describe('POST /api/outbound-orders/rolling-picking-list', () => {
  it('creates a draft rolling wave, assigns corners in the given order and lists the places in route order', async () => {
    const { w, r1, r2, o1, o2 } = await twoOrders();
    const res = await rolling(w.h.worker, [o2.id, o1.id]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const wave = await t.db.selectFrom('picking_waves').selectAll().where('id', '=', body.wave_id).executeTakeFirstOrThrow();
    expect(wave).toMatchObject({ status: 'draft', creation_method: 'rolling' });
    expect(body.order_ids).toEqual([o2.id, o1.id]);
    expect(body.pallet_assignments).toEqual([
      { corner: 'A', order_id: o2.id, order_number: o2.order_number, customer_name: w.customer.company_name },
      { corner: 'B', order_id: o1.id, order_number: o1.order_number, customer_name: w.customer.company_name },
    ]);
    const route = shortestRoute([
      { rack_id: r1[0].rack_id as number, position_x: 30, position_y: 0 },
      { rack_id: r2[0].rack_id as number, position_x: 0, position_y: 40 },
    ]);
    expect(body.route_length_m).toBe(route.length_m);
    expect(body.route_length_m).toBe(14);
    const barcodeOfRack = new Map([
      [r1[0].rack_id, r1[0].barcode],
      [r2[0].rack_id, r2[0].barcode],
    ]);
    expect(body.locations.map((l: { location_barcode: string }) => l.location_barcode)).toEqual(route.rack_ids.map((id) => barcodeOfRack.get(id)));
    expect(body.locations.map((l: { sequence: number }) => l.sequence)).toEqual([1, 2]);
    const atR1 = body.locations.find((l: { location_id: number }) => l.location_id === r1[0].id);
    expect(atR1.picks).toMatchObject([
      { order_id: o2.id, quantity: 3, pallet_corner: 'A', order_number: o2.order_number, product_ean: w.product.ean, unit: 'piece' },
      { order_id: o1.id, quantity: 2, pallet_corner: 'B', order_number: o1.order_number },
    ]);
    const log = await t.db.selectFrom('status_logs').select('event_type').where('wave_id', '=', body.wave_id).execute();
    expect(log.map((l) => l.event_type)).toEqual(['wave_created']);
  });

  it('returns the one open wave holding all the orders, with its corners, instead of creating another', async () => {
    const { w, o1, o2 } = await twoOrders();
    const wave = await pickingWave(t.db, [o1.id, o2.id]);
    const res = await rolling(w.h.worker, [o2.id, o1.id]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.wave_id).toBe(wave.id);
    expect(body.pallet_assignments.map((p: { corner: string; order_id: number }) => [p.corner, p.order_id])).toEqual([
      ['A', o1.id],
      ['B', o2.id],
    ]);
    // A second call on the draft wave it created is the same wave again.
    const fresh = await twoOrders();
    const first = (await rolling(fresh.w.h.worker, [fresh.o1.id, fresh.o2.id])).json();
    const again = (await rolling(fresh.w.h.worker, [fresh.o1.id, fresh.o2.id])).json();
    expect(again.wave_id).toBe(first.wave_id);
    expect(
      await t.db.selectFrom('picking_waves').select('id').where('creation_method', '=', 'rolling').where('id', '>=', first.wave_id).execute(),
    ).toHaveLength(1);
  });

  it('orders partly in a wave and partly not is 409 ROLLING_WAVE_MIX with a German detail', async () => {
    const { w, o1, o2 } = await twoOrders();
    await pickingWave(t.db, [o1.id]);
    const res = await rolling(w.h.worker, [o1.id, o2.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ROLLING_WAVE_MIX');
    expect(res.json().detail).toContain(o1.order_number);
    expect(res.json().detail).toContain('offenen Welle');
  });

  it("an open wave that also holds another customer's order is 409 for a user limited to the first, without the wave", async () => {
    const { w, o1 } = await twoOrders();
    const theirs = await insertOrder(t.db, w.other.id, 'confirmed');
    const wave = await pickingWave(t.db, [o1.id, theirs.id]);
    const limited = auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] }));
    const res = await rolling(limited, [o1.id]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('ROLLING_WAVE_FOREIGN');
    expect(res.json().detail).toContain(o1.order_number);
    expect(res.json().detail).toContain('anderer Kunden');
    expect(res.body).not.toContain(theirs.order_number);
    expect(res.json().params).toEqual({ orders: o1.order_number });
    // Staff who see both customers get the wave as before.
    const full = await rolling(w.h.worker, [o1.id]);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().wave_id).toBe(wave.id);
  });

  it('bad bodies are 400 with German text; invisible orders 404', async () => {
    const { w, o1 } = await twoOrders();
    const empty = await rolling(w.h.worker, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/Auftrag|Bestellung/);
    expect((await rolling(w.h.worker, [1, 2, 3, 4, 5])).statusCode).toBe(400);
    expect((await rolling(w.h.worker, [o1.id, o1.id])).statusCode).toBe(400);
    expect((await rolling(w.h.worker, { order_ids: [o1.id] })).statusCode).toBe(400);
    const hidden = await rolling(w.h.outsider, [o1.id]);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('ORDER_NOT_FOUND');
    expect(
      await api(t)
        .get(`/api/outbound-orders/${o1.id}`, w.h.worker)
        .then((r) => r.json().status),
    ).toBe('new');
  });
});
