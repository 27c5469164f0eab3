import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortestRoute } from '../../../shared/domain/pick-route';
import { MAX_ORDERS_PER_WAVE, WAVE_PALLET } from '../../../shared/constants';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { addUnreservedLine, available, buildPlanningWorld, dataProduct, type PlanningWorld, type PlacedRack, placedRack, putInWave, suggest } from './world';

/** POST /api/picking-waves/suggest (docs/fulfilment.md "Wave suggestions"). */

let t: TestApp;
let w: PlanningWorld;
let racks: PlacedRack[];
let products: Array<{ id: number }>;
const ours: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  w = await buildPlanningWorld(t);
  // Four racks far apart: orders on the same rack belong together.
  racks = [await placedRack(t.db, 100, 100), await placedRack(t.db, 100, 400), await placedRack(t.db, 400, 100), await placedRack(t.db, 400, 400)];
  products = [];
  for (const r of racks) {
    const p = await dataProduct(t.db);
    await w.stock(p.id, r);
    products.push(p);
  }
  // Nine orders: three on rack 0, three on rack 1 (one also on rack 3), two on rack 2, one on racks 0+2.
  const plan: number[][] = [[0], [1], [0], [2], [1, 3], [0], [1], [2], [0, 2]];
  for (const rs of plan) ours.push((await w.order(rs.map((r) => [products[r].id, 2]))).id);
});
afterAll(async () => t.close());

describe('POST /picking-waves/suggest', () => {
  it('puts every candidate exactly once into a suggestion or unpickable_info, at most max per wave', async () => {
    const short = await w.order([[products[3].id, 1]]);
    await addUnreservedLine(t.db, short.id, products[2].id, 5);
    for (const max of [1, 2, 3, 4]) {
      const { status, body } = await suggest(t, w.h.worker, max);
      expect(status).toBe(200);
      const seen = [...body.suggestions.flatMap((s) => s.order_ids), ...body.unpickable_info.map((u) => u.order_id)];
      const candidates = (await available(t, w.h.worker)).body.orders.map((o) => o.id);
      expect([...seen].sort((a, b) => a - b)).toEqual([...candidates].sort((a, b) => a - b));
      expect(new Set(seen).size).toBe(seen.length);
      for (const s of body.suggestions) {
        expect(s.order_ids.length).toBeLessThanOrEqual(max);
        expect(s.total_orders).toBe(s.order_ids.length);
        expect(s.is_optimal).toBe(s.order_ids.length === MAX_ORDERS_PER_WAVE);
      }
      expect(body.unpickable_info).toEqual([expect.objectContaining({ order_id: short.id, items: [expect.objectContaining({ missing_quantity: 5 })] })]);
    }
    await putInWave(t.db, short.id);
  });

  it('defaults to 4 orders per wave and groups the orders of one rack', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/picking-waves/suggest', headers: w.h.worker });
    expect(res.statusCode).toBe(200);
    const four = res.json().suggestions.filter((s: { total_orders: number }) => s.total_orders === 4);
    expect(four.length).toBeGreaterThanOrEqual(1);
    expect(four.every((s: { is_optimal: boolean }) => s.is_optimal)).toBe(true);
  });

  it('refuses 0, 5 and abc with the German detail', async () => {
    for (const bad of ['0', '5', 'abc', '2.5']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/picking-waves/suggest?max_orders_per_wave=${bad}`, headers: w.h.worker });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail, bad).toContain(`Aufträge pro Welle: 1 bis ${MAX_ORDERS_PER_WAVE}`);
    }
  });

  it('gives the racks of each suggestion in the order of shortestRoute, numbered 1..n', async () => {
    const { body } = await suggest(t, w.h.worker);
    const rackById = new Map(racks.map((r) => [r.id, r]));
    for (const s of body.suggestions.filter((x) => x.order_ids.every((id) => ours.includes(id)))) {
      const used = new Set<number>();
      for (const id of s.order_ids) for (const r of plannedRacks(id)) used.add(racks[r].id);
      const expected = shortestRoute([...used].map((id) => ({ rack_id: id, position_x: rackById.get(id)?.x ?? 0, position_y: rackById.get(id)?.y ?? 0 })));
      expect(s.route.map((r) => r.rack_id)).toEqual(expected.rack_ids);
      expect(s.route.map((r) => r.sequence)).toEqual(expected.rack_ids.map((_, i) => i + 1));
      expect(s.route_length_m).toBeCloseTo(expected.length_m, 5);
      for (const stop of s.route) {
        expect(stop).toMatchObject({
          rack_code: rackById.get(stop.rack_id)?.code,
          position_x: rackById.get(stop.rack_id)?.x,
          position_y: rackById.get(stop.rack_id)?.y,
        });
      }
    }
  });

  it('leaves out orders in an open wave, takes them again once the wave is closed', async () => {
    const o = await w.order([[products[2].id, 1]]);
    const waveId = await putInWave(t.db, o.id);
    const ids = async () => (await suggest(t, w.h.worker)).body.suggestions.flatMap((s) => s.order_ids);
    expect(await ids()).not.toContain(o.id);
    expect((await available(t, w.h.worker)).body.orders.map((x) => x.id)).not.toContain(o.id);
    await t.db.updateTable('picking_wave_orders').set({ is_open: false }).where('wave_id', '=', waveId).execute();
    expect(await ids()).toContain(o.id);
    await putInWave(t.db, o.id);
  });

  it('shows a restricted worker only the orders of the customers in his scope', async () => {
    const other = await buildPlanningWorld(t);
    const r = await placedRack(t.db, 50, 50);
    const p = await dataProduct(t.db);
    await other.stock(p.id, r);
    const theirs = await other.order([[p.id, 1]]);
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [other.customer.id] });
    const seen = (await suggest(t, auth(t.app, restricted))).body.suggestions.flatMap((s) => s.order_ids);
    expect(seen).toEqual([theirs.id]);
    const all = (await suggest(t, w.h.worker)).body.suggestions.flatMap((s) => s.order_ids);
    expect(all).toEqual(expect.arrayContaining([theirs.id, ...ours]));
    // An exclude list hides that customer.
    const excluding = await buildUser(t.db, 'warehouse_worker', { access: [other.customer.id], is_exclude: true });
    expect((await suggest(t, auth(t.app, excluding))).body.suggestions.flatMap((s) => s.order_ids)).not.toContain(theirs.id);
    await putInWave(t.db, theirs.id);
  });

  it('flags a heavy order and an order with missing product data as suggestions of their own', async () => {
    const heavyProduct = await dataProduct(t.db, { weight_kg: 10.5, dims: [30, 20, 10] });
    const noDims = await dataProduct(t.db, { weight_kg: 1, dims: null });
    const noWeight = await dataProduct(t.db, { weight_kg: null });
    await w.stock(heavyProduct.id, racks[0], 20, 1);
    await w.stock(noDims.id, racks[1], 10, 1);
    await w.stock(noWeight.id, racks[1], 10, 1);
    const heavy = await w.order([[heavyProduct.id, 10]]);
    const missing = await w.order([
      [noDims.id, 1],
      [noWeight.id, 1],
    ]);
    const { body } = await suggest(t, w.h.manager);
    const h = body.suggestions.find((s) => s.order_ids.includes(heavy.id));
    expect(h).toMatchObject({ order_ids: [heavy.id], has_heavy_order: true, has_missing_data: false });
    expect(10 * 10.5).toBeGreaterThan(WAVE_PALLET.heavy_order_kg);
    const m = body.suggestions.find((s) => s.order_ids.includes(missing.id));
    expect(m).toMatchObject({ order_ids: [missing.id], has_missing_data: true, has_heavy_order: false });
    expect(m?.missing_product_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: noDims.id, missing: ['dimensions'] }),
        expect.objectContaining({ product_id: noWeight.id, missing: ['weight'] }),
      ]),
    );
    const listed = (await available(t, w.h.worker)).body.orders;
    expect(listed.find((o) => o.id === missing.id)).toMatchObject({ has_missing_data: true, fully_reserved: true });
    expect(listed.find((o) => o.id === heavy.id)).toMatchObject({ has_missing_data: false, fully_reserved: true });
    for (const id of [heavy.id, missing.id]) await putInWave(t.db, id);
  });

  it('answers 403 to customer users and 401 without login', async () => {
    expect((await suggest(t, w.h.customer)).status).toBe(403);
    const admin = await buildCustomer(t.db);
    const customerAdmin = await buildUser(t.db, 'customer_user', { customer_id: admin.id, is_admin: false });
    expect((await suggest(t, auth(t.app, customerAdmin))).status).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/picking-waves/suggest' })).statusCode).toBe(401);
  });
});

/** Rack indices of our n-th order (the plan of beforeAll). */
function plannedRacks(orderId: number): number[] {
  const plan: number[][] = [[0], [1], [0], [2], [1, 3], [0], [1], [2], [0, 2]];
  return plan[ours.indexOf(orderId)] ?? [];
}
