import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaveEntity } from '../../../shared/schemas/picking';
import { opsOf, type PullResponse } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import { newClientId, pull } from '../../sync/server/sync-helpers';
import { api } from '../outbound-orders/world';
import { buildWaveWorld, type WaveWorld, waves } from './lifecycle-world';

/**
 * Handbook amendment "Released orders": an order moved to `picking` by
 * start-picking outside any wave is listed first, joins a wave like a
 * confirmed order and can be picked to the end.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
/** "Kommissionierung starten" as the order list does it: confirm, then start-picking. */
async function releaseOrder(w: WaveWorld, id: number) {
  expect((await api(t).post(`/api/outbound-orders/${id}/confirm`, w.h.worker)).statusCode).toBe(200);
  const r = await api(t).post(`/api/outbound-orders/${id}/start-picking`, w.h.worker);
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().status).toBe('picking');
}
const availableIds = async (h: Headers) => {
  const r = await api(t).get('/api/picking-waves/available-orders', h);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().orders as Array<{ id: number; status: string }>).map((o) => o.id);
};
const order = (id: number) => t.db.selectFrom('outbound_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a released order', () => {
  it('is listed first in available-orders and in the suggestions; once in a wave it is not', async () => {
    const w = await buildWaveWorld(t, 3);
    const [a, b, c] = w.orderIds as [number, number, number];
    await releaseOrder(w, c);
    const ids = (await availableIds(w.h.worker)).filter((id) => w.orderIds.includes(id));
    expect(ids).toEqual([c, a, b]);
    const rows = (await api(t).get(`/api/picking-waves/available-orders?order_number=${(await order(c)).order_number}`, w.h.worker)).json().orders;
    expect(rows).toEqual([expect.objectContaining({ id: c, status: 'picking', fully_reserved: true })]);
    const suggested = (await api(t).post('/api/picking-waves/suggest?max_orders_per_wave=4', w.h.worker)).json();
    const planned = [
      ...suggested.suggestions.flatMap((s: { order_ids: number[] }) => s.order_ids),
      ...suggested.unpickable_info.map((u: { order_id: number }) => u.order_id),
    ];
    expect(planned).toContain(c);
    expect((await waves(t).create(w.h.manager, [c])).statusCode).toBe(201);
    expect(await availableIds(w.h.worker)).not.toContain(c);
  });

  it('joins a manual wave, stays in picking through start and begin, is picked, completed and then no longer free', async () => {
    const w = await buildWaveWorld(t, 2);
    const [a, b] = w.orderIds as [number, number];
    await releaseOrder(w, a);
    const created = await waves(t).create(w.h.manager, [a, b], '&creation_method=manual');
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const started = await waves(t).start(w.h.worker, id, w.pallet.barcode);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().orders.map((o: { status: string }) => o.status)).toEqual(['picking', 'confirmed']);
    const begun = await waves(t).begin(w.h.worker, id);
    expect(begun.statusCode, begun.body).toBe(200);
    expect(begun.json().orders.map((o: { status: string }) => o.status)).toEqual(['picking', 'picking']);
    // The worker's device gets the wave with the released order in its working set.
    const first: PullResponse = (await pull(t.app, w.worker, newClientId(), null)).json();
    const ws = opsOf(first).find((p) => p.entity === WaveEntity.name && p.id === id);
    expect(ws?.op).toBe('put');
    const data = ws?.op === 'put' ? (ws.data as { orders: Array<{ id: number; status: string }>; stops: Array<{ order_id: number }> }) : null;
    expect(data?.orders.map((o) => [o.id, o.status])).toEqual([
      [a, 'picking'],
      [b, 'picking'],
    ]);
    expect(data?.stops.some((s) => s.order_id === a)).toBe(true);
    const pick = await api(t).post(`/api/picking-waves/${id}/pick`, w.h.worker, {
      order_id: a,
      product_ean: w.looseProduct.ean,
      location_barcode: w.comps[1].barcode as string,
      quantity: 3,
    });
    expect(pick.statusCode, pick.body).toBe(200);
    expect((await waves(t).complete(w.h.worker, id)).statusCode).toBe(200);
    const done = await order(a);
    expect(done.status).toBe('picking');
    expect(done.picking_completed_at).not.toBeNull();
    // Picked in a completed wave: ready for packing, not released again.
    expect(await availableIds(w.h.worker)).not.toContain(a);
    const again = await waves(t).create(w.h.manager, [a]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('WAVE_ORDER_NOT_ELIGIBLE');
  });

  it('joins a rolling list (a new rolling wave) and a single wave', async () => {
    const w = await buildWaveWorld(t, 2);
    const [a, b] = w.orderIds as [number, number];
    await releaseOrder(w, a);
    await releaseOrder(w, b);
    const rolling = await api(t).post('/api/outbound-orders/rolling-picking-list', w.h.worker, [a]);
    expect(rolling.statusCode, rolling.body).toBe(200);
    const wave = (await waves(t).get(w.h.worker, rolling.json().wave_id)).json();
    expect(wave).toMatchObject({ status: 'draft', creation_method: 'rolling', order_ids: [a] });
    expect(rolling.json().locations.length).toBeGreaterThan(0);
    const single = await waves(t).create(w.h.worker, [b], '&creation_method=single');
    expect(single.statusCode, single.body).toBe(201);
    expect((await waves(t).start(w.h.worker, single.json().id, w.disposable.barcode)).statusCode).toBe(200);
    expect((await waves(t).begin(w.h.worker, single.json().id)).json()).toMatchObject({ status: 'picking', picker_user_id: w.worker.id });
  });

  it('once cancelled it cannot join a wave', async () => {
    const w = await buildWaveWorld(t, 1);
    const [a] = w.orderIds as [number];
    await releaseOrder(w, a);
    expect((await api(t).post(`/api/outbound-orders/${a}/cancel`, w.h.worker)).statusCode).toBe(200);
    const r = await waves(t).create(w.h.manager, [a]);
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('WAVE_ORDER_NOT_ELIGIBLE');
    expect(await availableIds(w.h.worker)).not.toContain(a);
  });
});
