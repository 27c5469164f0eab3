import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { mutation, newClientId, push } from '../../sync/server/sync-helpers';
import { api } from '../outbound-orders/world';
import { buildWaveWorld, pickingWave, type WaveWorld, waves } from './lifecycle-world';

/** Handbook amendment "Who holds a wave": only the picker who began a wave works on it; managers release it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
/** One piece of the loose line, at the place holding its reservation. */
const pickBody = (w: WaveWorld) => ({
  order_id: w.orderIds[0],
  product_ean: w.looseProduct.ean,
  location_barcode: w.comps[1].barcode as string,
  quantity: 1,
});
const shortageBody = (w: WaveWorld) => ({ ...pickBody(w), quantity: undefined, missing_quantity: 1 });
const progressBody = { current_item_index: 1, current_location_index: 0, scan_step: 'location', picked_items: ['0:0'] };
const post = (h: Headers, url: string, payload?: object) => api(t).post(url, h, payload);
const release = (h: Headers, id: number) => post(h, `/api/picking-waves/${id}/release`);
const pickedOf = async (w: WaveWorld) =>
  (await t.db.selectFrom('outbound_order_items').select('picked_quantity').where('order_id', '=', w.orderIds[0]).execute()).reduce(
    (n, r) => n + r.picked_quantity,
    0,
  );
const stockOf = async (w: WaveWorld) =>
  (await t.db.selectFrom('stock').select('quantity').where('location_id', '=', w.comps[1].id).executeTakeFirstOrThrow()).quantity;

describe('a wave another user holds', () => {
  it('refuses pick, shortage, save-progress and complete by any other user with 409 WAVE_TAKEN and books nothing', async () => {
    const w = await buildWaveWorld(t, 1);
    const id = await pickingWave(t, w);
    const wave = (await waves(t).get(w.h.worker, id)).json();
    const [stock, picked] = [await stockOf(w), await pickedOf(w)];
    for (const h of [w.h.second, w.h.manager]) {
      const refusals = [
        await post(h, `/api/picking-waves/${id}/pick`, pickBody(w)),
        await post(h, `/api/picking-waves/${id}/shortage`, shortageBody(w)),
        await post(h, `/api/picking-waves/${id}/save-progress`, progressBody),
        await waves(t).complete(h, id),
      ];
      for (const r of refusals) {
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json()).toMatchObject({
          code: 'WAVE_TAKEN',
          detail: `Welle ${wave.wave_number} wird bereits von ${w.worker.full_name} kommissioniert`,
        });
      }
    }
    expect(await stockOf(w)).toBe(stock);
    expect(await pickedOf(w)).toBe(picked);
    expect((await waves(t).get(w.h.worker, id)).json()).toMatchObject({ status: 'picking', picker_user_id: w.worker.id });
    const progress = await api(t).get(`/api/picking-waves/${id}/get-progress`, w.h.worker);
    expect(progress.json().has_progress).toBe(false);
    // The holder goes on as before.
    const own = await post(w.h.worker, `/api/picking-waves/${id}/pick`, pickBody(w));
    expect(own.statusCode, own.body).toBe(200);
    expect((await post(w.h.worker, `/api/picking-waves/${id}/save-progress`, progressBody)).statusCode).toBe(200);
    expect((await waves(t).complete(w.h.worker, id)).statusCode).toBe(200);
  });

  it("rejects a second worker's offline picking.pick, shortage, saveProgress and complete with WAVE_TAKEN and books nothing", async () => {
    const w = await buildWaveWorld(t, 1);
    const id = await pickingWave(t, w);
    const [stock, picked] = [await stockOf(w), await pickedOf(w)];
    const c = newClientId();
    const res = await push(t.app, w.second, c, [
      mutation(1, 'picking.pick', { wave_id: id, ...pickBody(w) }, w.second.id),
      mutation(2, 'picking.shortage', { wave_id: id, ...shortageBody(w) }, w.second.id),
      mutation(3, 'picking.saveProgress', { wave_id: id, ...progressBody }, w.second.id),
      mutation(4, 'picking.complete', { wave_id: id }, w.second.id),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as Array<{ id: number; status: string; code?: string }>;
    expect(results.map((r) => [r.id, r.status, r.code])).toEqual([
      [1, 'rejected', 'WAVE_TAKEN'],
      [2, 'rejected', 'WAVE_TAKEN'],
      [3, 'rejected', 'WAVE_TAKEN'],
      [4, 'rejected', 'WAVE_TAKEN'],
    ]);
    expect(await stockOf(w)).toBe(stock);
    expect(await pickedOf(w)).toBe(picked);
    const movements = await t.db.selectFrom('stock_movements').select('id').where('client_id', '=', c).execute();
    expect(movements).toEqual([]);
    expect((await waves(t).get(w.h.worker, id)).json().status).toBe('picking');
    // The holder's own device is accepted.
    const own = await push(t.app, w.worker, newClientId(), [mutation(1, 'picking.pick', { wave_id: id, ...pickBody(w) }, w.worker.id)]);
    expect(own.json().results[0]).toMatchObject({ status: 'applied' });
  });
});

describe('POST /picking-waves/{id}/release', () => {
  it('lets a manager clear the picker; the next begin-picking takes the wave and the old picker is refused', async () => {
    const w = await buildWaveWorld(t, 1);
    const id = await pickingWave(t, w);
    const released = await release(w.h.manager, id);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ id, status: 'picking', picker_user_id: null, picker_name: null });
    const pallet = await t.db.selectFrom('pallets').select(['picker_user_id', 'status']).where('id', '=', w.pallet.id).executeTakeFirstOrThrow();
    expect(pallet).toEqual({ picker_user_id: null, status: 'in_use' });
    // Releasing again changes nothing.
    expect((await release(w.h.admin, id)).json()).toMatchObject({ picker_user_id: null });
    const begun = await waves(t).begin(w.h.second, id);
    expect(begun.statusCode, begun.body).toBe(200);
    expect(begun.json()).toMatchObject({ status: 'picking', picker_user_id: w.second.id });
    expect((await post(w.h.second, `/api/picking-waves/${id}/pick`, pickBody(w))).statusCode).toBe(200);
    const old = await post(w.h.worker, `/api/picking-waves/${id}/pick`, pickBody(w));
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe('WAVE_TAKEN');
    expect((await waves(t).begin(w.h.worker, id)).json().code).toBe('WAVE_TAKEN');
  });

  it('is 403 for warehouse workers and customers, 404 for unknown or out-of-scope waves, 409 for a wave not in picking', async () => {
    const w = await buildWaveWorld(t, 2);
    const id = await pickingWave(t, { ...w, orderIds: [w.orderIds[0]] });
    for (const h of [w.h.worker, w.h.second, w.h.customer]) {
      const r = await release(h, id);
      expect(r.statusCode).toBe(403);
      expect(r.json().detail).toBe('Keine Berechtigung für diese Aktion');
    }
    expect((await waves(t).get(w.h.worker, id)).json().picker_user_id).toBe(w.worker.id);
    const unknown = await release(w.h.manager, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Wave nicht gefunden');
    const other = await buildCustomer(t.db);
    const outsider = await buildUser(t.db, 'warehouse_manager', { access: [other.id] });
    expect((await release(auth(t.app, outsider), id)).statusCode).toBe(404);
    expect((await release(w.h.manager, 0)).statusCode).toBe(400);
    const draft = (await waves(t).create(w.h.manager, [w.orderIds[1]])).json();
    const r = await release(w.h.manager, draft.id);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'WAVE_STATUS_CONFLICT',
      detail: `Welle ${draft.wave_number} ist im Status „Entwurf“ – Freigeben ist nicht möglich`,
      params: { status: 'Entwurf', status_code: 'draft', action: 'Freigeben', action_code: 'release' },
    });
    expect((await waves(t).start(w.h.worker, draft.id, w.disposable.barcode)).statusCode).toBe(200);
    expect((await release(w.h.manager, draft.id)).statusCode).toBe(409);
    expect((await waves(t).complete(w.h.worker, id)).statusCode).toBe(200);
    expect((await release(w.h.admin, id)).json().code).toBe('WAVE_STATUS_CONFLICT');
  });
});
