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
