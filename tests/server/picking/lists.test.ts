import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortestRoute } from '../../../shared/domain/pick-route';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildProduct } from '../../helpers/factories';
import { api } from '../outbound-orders/world';
import { buildPickWorld, orderOf, rackAt, setStrategy, stockAt } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface ListLocation {
  sequence: number;
  location_id: number;
  location_barcode: string;
  rack: string;
  quantity_to_pick: number;
  available_quantity: number;
  batch_number: string;
  expiry_date: string | null;
  packaging_info: string;
  ve_recommendation: { text: string; items: unknown[] };
  total_pieces: number;
}
interface ListItem {
  order_item_id: number;
  product_id: number;
  shortage: number;
  locations: ListLocation[];
}
const list = async (h: Record<string, string>, id: number) => api(t).get(`/api/outbound-orders/${id}/picking-list`, h);

describe('GET /api/outbound-orders/:id/picking-list', () => {
  it('orders the stops by the shortest route, numbers them 1…n and reports the route length', async () => {
    const w = await buildPickWorld(t);
    const third = await buildProduct(t.db);
    const far = await rackAt(t.db, 100, 0);
    const near = await rackAt(t.db, 10, 0);
    const up = await rackAt(t.db, 50, 50);
    await stockAt(t, w, w.product.id, far[0].id, 20);
    await stockAt(t, w, w.loose.id, near[1].id, 5);
    await stockAt(t, w, third.id, up[0].id, 4);
    const o = await orderOf(t, w, [
      { product_id: w.product.id, quantity: 15 },
      { product_id: w.loose.id, quantity: 3 },
      { product_id: third.id, quantity: 1 },
    ]);
    const res = await list(w.h.worker, o.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { order_id: number; order_number: string; route_length_m: number; items: ListItem[] };
    const racks = [
      { rack_id: far[0].rack_id as number, position_x: 100, position_y: 0 },
      { rack_id: near[0].rack_id as number, position_x: 10, position_y: 0 },
      { rack_id: up[0].rack_id as number, position_x: 50, position_y: 50 },
    ];
    const route = shortestRoute(racks);
    // The bounding box of origin and racks is 100 × 50 dm: 300 dm = 30 m.
    expect(body.route_length_m).toBe(30);
    expect(body.route_length_m).toBe(route.length_m);
    expect(body.order_number).toBe(o.order_number);
    const productOfRack = new Map([
      [far[0].rack_id, w.product.id],
      [near[0].rack_id, w.loose.id],
      [up[0].rack_id, third.id],
    ]);
    expect(body.items.map((i) => i.product_id)).toEqual(route.rack_ids.map((id) => productOfRack.get(id)));
    expect(body.items.flatMap((i) => i.locations.map((l) => l.sequence))).toEqual([1, 2, 3]);
    const ve = body.items.find((i) => i.product_id === w.product.id)?.locations[0];
    expect(ve).toMatchObject({
      location_id: far[0].id,
      location_barcode: far[0].barcode,
      level: '01',
      compartment: '01',
      quantity_to_pick: 15,
      available_quantity: 20,
      total_pieces: 15,
      ve_recommendation: { text: '2 Karton à 6 Stück + 3 Stück' },
    });
    expect(JSON.parse(ve?.packaging_info ?? '{}')).toEqual({ units_per_box: 6, boxes_per_pallet: 4 });
    expect(body.items.every((i) => i.shortage === 0)).toBe(true);
  });

  it('takes goods with an expiry date FEFO and names batch and expiry per stop', async () => {
    const w = await buildPickWorld(t);
    const near = await rackAt(t.db, 10, 10);
    const far = await rackAt(t.db, 200, 10);
    await stockAt(t, w, w.loose.id, near[0].id, 10, { batch_number: 'L-SPAET', expiry_date: '2027-06-01' });
    await stockAt(t, w, w.loose.id, far[0].id, 10, { batch_number: 'L-FRUEH', expiry_date: '2027-01-01' });
    const o = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 12 }]);
    const body = (await list(w.h.worker, o.id)).json() as { items: ListItem[] };
    const byBatch = Object.fromEntries(body.items[0].locations.map((l) => [l.batch_number, l]));
    expect(byBatch['L-FRUEH']).toMatchObject({ quantity_to_pick: 10, expiry_date: '2027-01-01', location_id: far[0].id });
    expect(byBatch['L-SPAET']).toMatchObject({ quantity_to_pick: 2, expiry_date: '2027-06-01', location_id: near[0].id });
  });

  it('route_optimized takes the oldest stock first; quantity_first takes a line from as few places as possible', async () => {
    const w = await buildPickWorld(t);
    const places = [await rackAt(t.db, 10, 0), await rackAt(t.db, 20, 0), await rackAt(t.db, 30, 0)];
    await stockAt(t, w, w.loose.id, places[0][0].id, 3);
    await stockAt(t, w, w.loose.id, places[1][0].id, 4);
    await stockAt(t, w, w.loose.id, places[2][0].id, 10);
    const routed = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 8 }]);
    const a = (await list(w.h.worker, routed.id)).json() as { items: ListItem[] };
    // Stops in route order (either direction of the line is shortest): compare by place.
    const byPlace = (ls: ListLocation[]) => ls.map((l) => [l.location_id, l.quantity_to_pick]).sort((x, y) => x[0] - y[0]);
    expect(byPlace(a.items[0].locations)).toEqual([
      [places[0][0].id, 3],
      [places[1][0].id, 4],
      [places[2][0].id, 1],
    ]);
    await setStrategy(t.db, 'quantity_first');
    try {
      const few = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 8 }]);
      const b = (await list(w.h.worker, few.id)).json() as { items: ListItem[] };
      // Left free: 0, 0, 9 → one place.
      expect(b.items[0].locations.map((l) => [l.location_id, l.quantity_to_pick])).toEqual([[places[2][0].id, 8]]);
    } finally {
      await setStrategy(t.db, 'route_optimized');
    }
  });

  it('quantity_first still takes FEFO first for goods with an expiry date', async () => {
    const w = await buildPickWorld(t);
    const r = await rackAt(t.db, 40, 40, 2);
    await stockAt(t, w, w.loose.id, r[0].id, 2, { batch_number: 'B-ALT', expiry_date: '2027-01-01' });
    await stockAt(t, w, w.loose.id, r[1].id, 50, { batch_number: 'B-NEU', expiry_date: '2028-01-01' });
    await setStrategy(t.db, 'quantity_first');
    try {
      const o = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 5 }]);
      const body = (await list(w.h.worker, o.id)).json() as { items: ListItem[] };
      expect(body.items[0].locations.map((l) => [l.batch_number, l.quantity_to_pick])).toEqual([
        ['B-ALT', 2],
        ['B-NEU', 3],
      ]);
    } finally {
      await setStrategy(t.db, 'route_optimized');
    }
  });

  it('an order of an invisible customer is 404 Bestellung nicht gefunden, an unknown id too', async () => {
    const w = await buildPickWorld(t);
    const r = await rackAt(t.db, 5, 5);
    await stockAt(t, w, w.loose.id, r[0].id, 2);
    const o = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 1 }]);
    const hidden = await list(w.h.outsider, o.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', detail: 'Bestellung nicht gefunden' });
    expect((await list(w.h.worker, 99_999_999)).statusCode).toBe(404);
    expect((await list(w.h.worker, 0)).statusCode).toBe(400);
  });
});
