import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { mutation, newClientId, push } from '../../sync/server/sync-helpers';
import { buildWaveWorld, pickingWave, waves } from './lifecycle-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('picking.complete (offline twin of POST /picking-waves/{id}/complete)', () => {
  it('completes once; the same mutation replayed is a duplicate and logs nothing twice', async () => {
    const w = await buildWaveWorld(t, 2);
    const id = await pickingWave(t, w);
    const c = newClientId();
    const m = mutation(1, 'picking.complete', { wave_id: id }, w.worker.id);
    const first = await push(t.app, w.worker, c, [m]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results[0]).toMatchObject({ id: 1, status: 'applied', result: { id, status: 'completed' } });
    const retry = await push(t.app, w.worker, c, [m]);
    expect(retry.json().results).toEqual([{ id: 1, status: 'duplicate', original: 'applied', result: first.json().results[0].result }]);
    const completed = await t.db.selectFrom('status_logs').select('id').where('wave_id', '=', id).where('event_type', '=', 'wave_completed').execute();
    expect(completed).toHaveLength(1);
    expect((await waves(t).get(w.h.worker, id)).json().status).toBe('completed');
  });

  it('rejects a wave that is not picking with the German code and moves on', async () => {
    const w = await buildWaveWorld(t, 1);
    const draft = (await waves(t).create(w.h.manager, w.orderIds)).json();
    const c = newClientId();
    const res = await push(t.app, w.worker, c, [
      mutation(1, 'picking.complete', { wave_id: draft.id }, w.worker.id),
      mutation(2, 'picking.complete', { wave_id: 0 }, w.worker.id),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = res.json().results;
    expect(a).toMatchObject({ id: 1, status: 'rejected', code: 'WAVE_STATUS_CONFLICT' });
    expect(b).toMatchObject({ id: 2, status: 'rejected', code: 'VALIDATION' });
  });
});

describe('picking.createCart (offline twin of POST /picking-carts/create)', () => {
  it('records the corners once; a replay is a duplicate; bad corners are rejected and the queue moves on', async () => {
    const w = await buildWaveWorld(t, 2);
    const id = await pickingWave(t, w);
    const [a, b] = w.orderIds as [number, number];
    const c = newClientId();
    const bad = mutation(1, 'picking.createCart', { pallet_barcode: w.pallet.barcode, order_ids: [a, b], assignments: { A: a } }, w.worker.id);
    const good = mutation(2, 'picking.createCart', { pallet_barcode: w.pallet.barcode, order_ids: [a, b], assignments: { A: b, B: a } }, w.worker.id);
    const first = await push(t.app, w.worker, c, [bad, good]);
    expect(first.statusCode, first.body).toBe(200);
    const [r1, r2] = first.json().results;
    expect(r1).toMatchObject({ id: 1, status: 'rejected', code: 'CART_ASSIGNMENT_INVALID' });
    expect(r2).toMatchObject({ id: 2, status: 'applied', result: { wave_id: id, assignments: { A: b, B: a } } });
    const retry = await push(t.app, w.worker, c, [good]);
    expect(retry.json().results[0]).toMatchObject({ id: 2, status: 'duplicate', original: 'applied' });
    expect(await t.db.selectFrom('picking_carts').select('id').where('wave_id', '=', id).execute()).toHaveLength(1);
  });
});
