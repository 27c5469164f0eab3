import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { buildWaveWorld, waves } from '../waves/lifecycle-world';

/** POST /pallets/{barcode}/release (docs/fulfilment.md "Pallets claimed by hand"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const post = (barcode: string, action: 'claim' | 'release', headers: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/pallets/${encodeURIComponent(barcode)}/${action}`, headers });
let n = 0;
const newPallet = async () =>
  t.db
    .insertInto('pallets')
    .values({ barcode: `PAL-R${++n}-${Math.floor(Math.random() * 1e6)}`, name: 'Freigabe' })
    .returningAll()
    .executeTakeFirstOrThrow();
const statusOf = async (id: number) => await t.db.selectFrom('pallets').select(['status', 'picker_user_id']).where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /pallets/{barcode}/release', () => {
  it('returns a pallet claimed by hand to the pool, for every warehouse role, and it can be claimed again', async () => {
    const worker = auth(t.app, await buildUser(t.db, 'warehouse_worker'));
    for (const role of ['warehouse_worker', 'warehouse_manager', 'admin'] as const) {
      const h = auth(t.app, await buildUser(t.db, role));
      const p = await newPallet();
      expect((await post(p.barcode, 'claim', worker)).statusCode).toBe(200);
      const res = await post(p.barcode, 'release', h);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ barcode: p.barcode, status: 'available', current_cart: null });
      expect(await statusOf(p.id)).toEqual({ status: 'available', picker_user_id: null });
      expect((await post(p.barcode, 'claim', worker)).statusCode).toBe(200);
    }
  });

  it('answers an available pallet unchanged', async () => {
    const p = await newPallet();
    const res = await post(p.barcode, 'release', auth(t.app, await buildUser(t.db, 'warehouse_worker')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'available' });
  });

  it('refuses a pallet that carries an open wave (ready or picking) with 409 naming the wave', async () => {
    const w = await buildWaveWorld(t, 1);
    const created = await waves(t).create(w.h.manager, w.orderIds);
    const waveId = created.json().id as number;
    expect((await waves(t).start(w.h.worker, waveId, w.pallet.barcode)).statusCode).toBe(200);
    const ready = await post(w.pallet.barcode, 'release', w.h.manager);
    expect(ready.statusCode).toBe(409);
    expect(ready.json()).toMatchObject({ code: 'PALLET_CARRIES_OPEN_WAVE', params: { wave_id: waveId } });
    expect(ready.json().detail).toBe(`Palette ${w.pallet.barcode} trägt die offene Welle ${created.json().wave_number} und kann nicht freigegeben werden`);
    expect((await waves(t).begin(w.h.worker, waveId)).statusCode).toBe(200);
    expect((await post(w.pallet.barcode, 'release', w.h.worker)).statusCode).toBe(409);
    expect((await statusOf(w.pallet.id)).status).toBe('in_use');
  });

  it('refuses a pallet waiting for packing (not in use) with 409 and its status', async () => {
    const w = await buildWaveWorld(t, 1);
    const id = (await waves(t).create(w.h.manager, w.orderIds)).json().id as number;
    expect((await waves(t).start(w.h.worker, id, w.pallet.barcode)).statusCode).toBe(200);
    expect((await waves(t).begin(w.h.worker, id)).statusCode).toBe(200);
    expect((await waves(t).complete(w.h.worker, id)).statusCode).toBe(200);
    const res = await post(w.pallet.barcode, 'release', w.h.manager);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PALLET_NOT_RELEASABLE', params: { status_code: 'ready_for_packing' } });
    expect(res.json().detail).toBe(`Palette ${w.pallet.barcode} kann nicht freigegeben werden (Status: Bereit zum Packen)`);
  });

  it('answers 404 for an unknown barcode, 403 for customer users and 401 without login', async () => {
    const worker = auth(t.app, await buildUser(t.db, 'warehouse_worker'));
    const unknown = await post('PAL-GIBTESNICHT', 'release', worker);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Palette nicht gefunden');
    const p = await newPallet();
    expect((await post(p.barcode, 'claim', worker)).statusCode).toBe(200);
    const customer = auth(t.app, await buildUser(t.db, 'customer_user'));
    expect((await post(p.barcode, 'release', customer)).statusCode).toBe(403);
    expect((await post(p.barcode, 'release', {})).statusCode).toBe(401);
    expect((await statusOf(p.id)).status).toBe('in_use');
  });
});
