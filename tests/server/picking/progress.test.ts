import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { api } from '../outbound-orders/world';
import { buildPickWorld, orderOf, pickingWave, rackAt, stockAt } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function waveIn(status: 'draft' | 'ready' | 'picking' | 'completed') {
  const w = await buildPickWorld(t);
  const r = await rackAt(t.db, 10, 10, 1);
  await stockAt(t, w, w.loose.id, r[0].id, 3);
  const o = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 1 }]);
  return { w, wave: await pickingWave(t.db, [o.id], status) };
}

const position = { current_item_index: 2, current_location_index: 1, scan_step: 'location', picked_items: ['0:0', '1:0'] };

describe('picking-wave progress', () => {
  it('no progress yet answers has_progress false with zeros', async () => {
    const { w, wave } = await waveIn('ready');
    const res = await api(t).get(`/api/picking-waves/${wave.id}/get-progress`, w.h.worker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      has_progress: false,
      current_item_index: 0,
      current_location_index: 0,
      scan_step: 'product',
      picked_items: [],
      updated_at: null,
    });
  });

  it('save then get returns the position; the last write wins', async () => {
    const { w, wave } = await waveIn('picking');
    const saved = await api(t).post(`/api/picking-waves/${wave.id}/save-progress`, w.h.worker, position);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...position, has_progress: true });
    await api(t).post(`/api/picking-waves/${wave.id}/save-progress`, w.h.worker, { ...position, current_item_index: 3, picked_items: [] });
    const got = (await api(t).get(`/api/picking-waves/${wave.id}/get-progress`, w.h.worker)).json();
    expect(got).toMatchObject({ has_progress: true, current_item_index: 3, current_location_index: 1, scan_step: 'location', picked_items: [] });
    expect(typeof got.updated_at).toBe('string');
  });

  it('saving on a draft or completed wave is 409; bad bodies 400; invisible waves 404', async () => {
    for (const status of ['draft', 'completed'] as const) {
      const { w, wave } = await waveIn(status);
      const res = await api(t).post(`/api/picking-waves/${wave.id}/save-progress`, w.h.worker, position);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('WAVE_STATUS_CONFLICT');
      expect(res.json().detail).toContain('Fortschritt speichern ist nicht möglich');
    }
    const { w, wave } = await waveIn('picking');
    expect((await api(t).post(`/api/picking-waves/${wave.id}/save-progress`, w.h.worker, { ...position, scan_step: '' })).statusCode).toBe(400);
    expect((await api(t).post(`/api/picking-waves/${wave.id}/save-progress`, w.h.worker, { current_item_index: -1 })).statusCode).toBe(400);
    expect((await api(t).get(`/api/picking-waves/${wave.id}/get-progress`, w.h.outsider)).statusCode).toBe(404);
    expect((await api(t).post(`/api/picking-waves/${wave.id}/save-progress`, w.h.outsider, position)).statusCode).toBe(404);
  });
});
