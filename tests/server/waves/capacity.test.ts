import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { api } from '../outbound-orders/world';
import { waves } from './lifecycle-world';
import { available, buildPlanningWorld, dataProduct, type PlanningWorld, type PlacedRack, placedRack } from './world';

/**
 * Pallet capacity for every wave (docs/fulfilment.md "Pallet capacity
 * everywhere"): manual, rolling and suggested waves that break the 500 kg,
 * the pallet's volume or "an order above 100 kg travels alone" are 409
 * WAVE_OVER_CAPACITY; orders lacking weight or dimensions pass.
 */

let t: TestApp;
let w: PlanningWorld;
let rack: PlacedRack;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildPlanningWorld(t);
  rack = await placedRack(t.db, 50, 50, 4);
});
afterAll(async () => t.close());

/** An order of `quantity` pieces of a new product with this weight and these dimensions, stock put away first. */
async function orderOf(quantity: number, weight_kg: number | null, dims: [number, number, number] | null = [20, 10, 5]) {
  const p = await dataProduct(t.db, { weight_kg, dims });
  await w.stock(p.id, rack, quantity);
  return w.order([[p.id, quantity]]);
}
const rolling = (ids: number[]) => api(t).post('/api/outbound-orders/rolling-picking-list', w.h.worker, ids);
const openWavesOf = async (orderId: number) =>
  (await t.db.selectFrom('picking_wave_orders').select('wave_id').where('order_id', '=', orderId).where('is_open', '=', true).execute()).length;

describe('POST /picking-waves/ refuses what does not fit one pallet', () => {
  it('over 500 kg: 409 naming the kilograms, no wave, the orders stay free', async () => {
    const a = await orderOf(10, 30.62);
    const b = await orderOf(10, 30.62);
    const res = await waves(t).create(w.h.manager, [a.id, b.id]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'WAVE_OVER_CAPACITY', params: { kind: 'weight', weight_kg: 612.4 } });
    expect(res.json().detail).toBe('Die Auswahl wiegt 612,4 kg; eine Palette trägt höchstens 500 kg.');
    expect(await openWavesOf(a.id)).toBe(0);
    expect(await openWavesOf(b.id)).toBe(0);
  });

  it('over the volume: 409 naming the percentage', async () => {
    // 2 × 100 × 80 × 60 cm = 960 l per order, 1,920 l of 1,728 l together.
    const a = await orderOf(2, 1, [100, 80, 60]);
    const b = await orderOf(2, 1, [100, 80, 60]);
    const res = await waves(t).create(w.h.manager, [a.id, b.id]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'WAVE_OVER_CAPACITY', params: { kind: 'volume', volume_percent: 111.1 } });
    expect(res.json().detail).toBe('Die Auswahl braucht 111,1 % des Palettenvolumens; eine Palette fasst höchstens 100 %.');
  });

  it('an order above 100 kg beside another: 409 naming the order and its kilograms', async () => {
    const heavy = await orderOf(10, 12);
    const light = await orderOf(1, 1);
    const res = await waves(t).create(w.h.manager, [light.id, heavy.id], '&creation_method=suggestion');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'WAVE_OVER_CAPACITY', params: { kind: 'heavy', order_number: heavy.order_number, weight_kg: 120 } });
    expect(res.json().detail).toBe(`Auftrag ${heavy.order_number} wiegt 120,0 kg; ein Auftrag über 100 kg fährt allein auf seiner Palette.`);
  });

  it('an order above 100 kg alone, and even one above 500 kg alone, gets its wave', async () => {
    const heavy = await orderOf(10, 12);
    expect((await waves(t).create(w.h.manager, [heavy.id])).statusCode).toBe(201);
    const huge = await orderOf(10, 61);
    expect((await waves(t).create(w.h.worker, [huge.id])).statusCode).toBe(201);
  });

  it('exactly at the limits is allowed: 100 kg beside others, 1,728 l', async () => {
    // 3 × 576 l = 1,728 l.
    const hundred = await orderOf(10, 10, [120, 80, 6]);
    const half = await orderOf(1, 1, [120, 80, 60]);
    const other = await orderOf(1, 1, [120, 80, 60]);
    const res = await waves(t).create(w.h.manager, [hundred.id, half.id, other.id]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('lets orders lacking weight or dimensions through and does not count them', async () => {
    const noWeight = await orderOf(10, null);
    const heavyNoDims = await orderOf(10, 60, null);
    const light = await orderOf(1, 1);
    const res = await waves(t).create(w.h.manager, [noWeight.id, heavyNoDims.id, light.id]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('still counts the orders with data beside one lacking data', async () => {
    const bare = await orderOf(1, null);
    const heavy = await orderOf(10, 12);
    const light = await orderOf(1, 1);
    const res = await waves(t).create(w.h.manager, [bare.id, heavy.id, light.id]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().params.kind).toBe('heavy');
  });
});

describe('POST /outbound-orders/rolling-picking-list', () => {
  it('refuses orders over capacity with 409 and creates no wave', async () => {
    const a = await orderOf(10, 30.62);
    const b = await orderOf(10, 30.62);
    const res = await rolling([a.id, b.id]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'WAVE_OVER_CAPACITY' });
    expect(res.json().detail).toContain('612,4 kg');
    expect(await openWavesOf(a.id)).toBe(0);
  });

  it('makes a rolling wave of orders that fit', async () => {
    const a = await orderOf(2, 5);
    const b = await orderOf(3, 5);
    const res = await rolling([a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().wave_id).toEqual(expect.any(Number));
  });
});

describe('GET /picking-waves/available-orders', () => {
  it('gives each order its weight and volume for the builder', async () => {
    const a = await orderOf(4, 2.5, [50, 40, 30]);
    const bare = await orderOf(2, 3, null);
    const rows = (await available(t, w.h.worker)).body.orders;
    expect(rows.find((r) => r.id === a.id)).toMatchObject({ weight_kg: 10, volume_l: 240, has_missing_data: false });
    expect(rows.find((r) => r.id === bare.id)).toMatchObject({ weight_kg: 6, volume_l: 0, has_missing_data: true });
  });
});
