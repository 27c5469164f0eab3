import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { insertOrder } from '../outbound-orders/world';
import { insertWave, logEvent } from './world';

let t: TestApp;
let admin: Record<string, string>;
let limited: Record<string, string>;
let ids: Record<string, number>;
let orderA: { id: number; order_number: string };
let waveA: number;
let waveB: number;
let workerId: number;

const get = (path: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/status-logs/${path}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
  const custA = await buildCustomer(t.db);
  const custB = await buildCustomer(t.db);
  // An admin limited to customer A (user_customer_access include list).
  limited = auth(t.app, await buildUser(t.db, 'admin', { access: [custA.id] }));
  const worker = await buildUser(t.db, 'warehouse_worker');
  workerId = worker.id;
  orderA = await insertOrder(t.db, custA.id, 'confirmed');
  const orderB = await insertOrder(t.db, custB.id, 'confirmed');
  waveA = (await insertWave(t.db, [orderA.id])).id;
  waveB = (await insertWave(t.db, [orderB.id])).id;
  ids = {
    createdA: await logEvent(t.db, { event_type: 'wave_created', wave_id: waveA, new_status: 'ready' }, '2026-03-01T08:00:00Z'),
    createdB: await logEvent(t.db, { event_type: 'wave_created', wave_id: waveB, new_status: 'ready' }, '2026-03-02T08:00:00Z'),
    discA: await logEvent(
      t.db,
      { event_type: 'pick_discrepancy', wave_id: waveA, order_id: orderA.id, cart_id: 77, event_data: { missing: 2 } },
      '2026-03-03T08:00:00Z',
      worker,
    ),
    completedA: await logEvent(t.db, { event_type: 'wave_completed', wave_id: waveA, old_status: 'picking', new_status: 'completed' }, '2026-03-04T23:30:00Z'),
    orphan: await logEvent(t.db, { event_type: 'wave_created', description: 'ohne Welle' }, '2026-03-05T08:00:00Z'),
    shippedB: await logEvent(t.db, { event_type: 'order_shipped', order_id: orderB.id, tracking_number: '0034', carrier: 'DHL' }, '2026-03-05T09:00:00Z'),
    packedA: await logEvent(t.db, { event_type: 'order_packed', order_id: orderA.id, old_status: 'picking', new_status: 'packed' }, '2026-03-05T10:00:00Z'),
  };
});
afterAll(async () => t.close());

const idsOf = (res: { json: () => Array<{ id: number }> }) => res.json().map((r) => r.id);

describe('GET /status-logs/picking|packing', () => {
  it('lists one log, newest first, with the spec fields, order and wave numbers', async () => {
    const res = await get('picking');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([ids.orphan, ids.completedA, ids.discA, ids.createdB, ids.createdA]);
    const disc = res.json().find((r: { id: number }) => r.id === ids.discA);
    expect(disc).toMatchObject({
      event_type: 'pick_discrepancy',
      wave_id: waveA,
      cart_id: 77,
      order_id: orderA.id,
      order_number: orderA.order_number,
      user_id: workerId,
      event_data: { missing: 2 },
    });
    expect(disc.wave_number).toMatch(/^W-T-/);
    expect(idsOf(await get('packing'))).toEqual([ids.packedA, ids.shippedB]);
  });

  it('filters by wave, cart, order, user and event type', async () => {
    expect(idsOf(await get(`picking?wave_id=${waveA}`))).toEqual([ids.completedA, ids.discA, ids.createdA]);
    expect(idsOf(await get('picking?cart_id=77'))).toEqual([ids.discA]);
    expect(idsOf(await get(`packing?order_id=${orderA.id}`))).toEqual([ids.packedA]);
    expect(idsOf(await get(`picking?user_id=${workerId}`))).toEqual([ids.discA]);
    expect(idsOf(await get('picking?event_type=wave_created'))).toEqual([ids.orphan, ids.createdB, ids.createdA]);
    // Empty fields of the filter panel mean "no filter".
    expect(idsOf(await get('packing?wave_id=&event_type=&from_date=&limit='))).toEqual([ids.packedA, ids.shippedB]);
  });

  it('filters by warehouse calendar day, to_date inclusive (Berlin: 23:30 UTC on 4 March is 00:30 on 5 March)', async () => {
    expect(idsOf(await get('picking?from_date=2026-03-02&to_date=2026-03-03'))).toEqual([ids.discA, ids.createdB]);
    expect(idsOf(await get('picking?from_date=2026-03-05'))).toEqual([ids.orphan, ids.completedA]);
    expect(idsOf(await get('picking?to_date=2026-03-01'))).toEqual([ids.createdA]);
    expect(idsOf(await get('picking?from_date=2026-03-03&to_date=2026-03-04'))).toEqual([ids.discA]);
  });

  it('accepts only the limits 25/50/100/200 (German 400) and applies them', async () => {
    for (const l of ['10', '0', 'abc', '500']) {
      const res = await get(`picking?limit=${l}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('Limit muss 25, 50, 100 oder 200 sein');
    }
    for (let i = 0; i < 26; i++) await logEvent(t.db, { event_type: 'label_generated', order_id: orderA.id }, '2026-01-01T08:00:00Z');
    expect((await get('packing?limit=25')).json()).toHaveLength(25);
    expect((await get('packing')).json()).toHaveLength(28);
  });

  it('refuses bad filters with German 400s', async () => {
    expect((await get('picking?from_date=2026-02-30')).json().detail).toContain('Datum existiert nicht');
    expect((await get('picking?wave_id=x')).json().detail).toContain('ID muss eine positive ganze Zahl sein');
    expect((await get('picking?event_type=nope')).json().detail).toContain('Unbekannter Ereignistyp');
  });

  it('shows a limited user only the events of their customers’ orders and waves; events without both only to unrestricted staff', async () => {
    expect(idsOf(await get('picking', limited))).toEqual([ids.completedA, ids.discA, ids.createdA]);
    const packing = idsOf(await get('packing?limit=25', limited));
    expect(packing).toContain(ids.packedA);
    expect(packing).not.toContain(ids.shippedB);
    // The merged page (order events + order-less wave events) keeps the limit and the order.
    expect(packing).toHaveLength(25);
    expect(packing[0]).toBe(ids.packedA);
  });

  it('is admin-only: 403 for workers and customers, 401 without login', async () => {
    expect((await get('picking', auth(t.app, await buildUser(t.db, 'warehouse_worker')))).statusCode).toBe(403);
    expect((await get('packing', auth(t.app, await buildUser(t.db, 'customer_user')))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/status-logs/picking' })).statusCode).toBe(401);
  });
});
