import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { expectReservationInvariant, insertOrder } from '../outbound-orders/world';
import { buildWaveWorld, waves } from './lifecycle-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /picking-waves/ (create)', () => {
  it('creates a draft wave with the default name, corners A.. in the given order and a wave_created log', async () => {
    const w = await buildWaveWorld(t, 2);
    const res = await waves(t).create(w.h.manager, [w.orderIds[1], w.orderIds[0]]);
    expect(res.statusCode, res.body).toBe(201);
    const wave = res.json();
    expect(wave.wave_number).toMatch(/^W-\d{4}-\d{6}$/);
    expect(wave).toMatchObject({ name: `Welle ${wave.wave_number}`, status: 'draft', creation_method: 'manual', total_orders: 2, total_items: 4 });
    expect(wave.order_ids).toEqual([w.orderIds[1], w.orderIds[0]]);
    expect(wave.orders.map((o: { pallet_corner: string }) => o.pallet_corner)).toEqual(['A', 'B']);
    expect(wave.total_quantity).toBe(2 * (6 + 3));
    expect(wave.total_locations).toBe(2);
    const log = await t.db.selectFrom('status_logs').selectAll().where('wave_id', '=', wave.id).execute();
    expect(log).toMatchObject([{ event_type: 'wave_created', log_type: 'picking', new_status: 'draft' }]);
  });

  it('takes a name and the creation method', async () => {
    const w = await buildWaveWorld(t, 1);
    const res = await waves(t).create(w.h.worker, w.orderIds, '&name=Vormittag&creation_method=suggestion');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Vormittag', creation_method: 'suggestion' });
  });

  it('refuses no order and more than four with the spec texts, and bad ids, with 400', async () => {
    const w = await buildWaveWorld(t, 1);
    const none = await t.app.inject({ method: 'POST', url: '/api/picking-waves/', headers: w.h.manager });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toContain('Bitte mindestens einen Auftrag auswählen');
    const empty = await waves(t).create(w.h.manager, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('Bitte mindestens einen Auftrag auswählen');
    const five = await waves(t).create(w.h.manager, [1, 2, 3, 4, 5]);
    expect(five.statusCode).toBe(400);
    expect(five.json().detail).toContain('Maximal 4 Aufträge pro Welle (Paletten-Kapazität)');
    for (const bad of [['abc'], [w.orderIds[0], w.orderIds[0]], ['-1']]) {
      const r = await waves(t).create(w.h.manager, bad);
      expect(r.statusCode, String(bad)).toBe(400);
      expect(r.json().code).toBe('VALIDATION');
    }
    const method = await waves(t).create(w.h.manager, w.orderIds, '&creation_method=magic');
    expect(method.statusCode).toBe(400);
  });

  it('refuses orders in another open wave, in the wrong status, unknown or invisible ones, and customers', async () => {
    const w = await buildWaveWorld(t, 2);
    expect((await waves(t).create(w.h.manager, [w.orderIds[0]])).statusCode).toBe(201);
    const again = await waves(t).create(w.h.manager, [w.orderIds[1], w.orderIds[0]]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WAVE_ORDER_IN_OTHER_WAVE' });
    expect(again.json().detail).toMatch(/ist bereits in Welle W-/);

    // (an order in picking outside any wave is released and may join: released-orders.test.ts)
    const packed = await insertOrder(t.db, w.customer.id, 'packed');
    const wrong = await waves(t).create(w.h.manager, [packed.id]);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().detail).toBe(`Auftrag ${packed.order_number} ist im Status „Gepackt“ und kann keiner Welle zugeordnet werden`);

    expect((await waves(t).create(w.h.manager, [999999])).statusCode).toBe(404);
    const other = await buildUser(t.db, 'warehouse_worker', { access: [(await buildCustomer(t.db)).id] });
    expect((await waves(t).create(auth(t.app, other), [w.orderIds[1]])).statusCode).toBe(404);
    expect((await waves(t).create(w.h.customer, [w.orderIds[1]])).statusCode).toBe(403);
  });

  it('lets exactly one of two planners put the same order into a wave at once', async () => {
    const w = await buildWaveWorld(t, 1);
    const results = await Promise.all([waves(t).create(w.h.manager, w.orderIds), waves(t).create(w.h.worker, w.orderIds)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('GET /picking-waves/ and DELETE', () => {
  it('lists every status newest first, filters by status, hides waves of invisible customers', async () => {
    const w = await buildWaveWorld(t, 2);
    const a = (await waves(t).create(w.h.manager, [w.orderIds[0]])).json();
    const b = (await waves(t).create(w.h.manager, [w.orderIds[1]])).json();
    await waves(t).start(w.h.manager, b.id, w.pallet.barcode);
    const all = (await waves(t).list(w.h.manager)).json() as Array<{ id: number }>;
    expect(all.findIndex((x) => x.id === b.id)).toBeLessThan(all.findIndex((x) => x.id === a.id));
    const drafts = (await waves(t).list(w.h.manager, 'draft')).json() as Array<{ id: number; status: string }>;
    expect(drafts.every((x) => x.status === 'draft')).toBe(true);
    expect(drafts.some((x) => x.id === a.id)).toBe(true);
    expect(drafts.some((x) => x.id === b.id)).toBe(false);
    expect((await waves(t).list(w.h.manager, 'nonsense')).statusCode).toBe(400);

    const restricted = auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [(await buildCustomer(t.db)).id] }));
    const seen = (await waves(t).list(restricted)).json() as Array<{ id: number }>;
    expect(seen.some((x) => x.id === a.id)).toBe(false);
    expect((await waves(t).get(restricted, a.id)).statusCode).toBe(404);
    expect((await waves(t).start(restricted, a.id, 'PAL-X')).statusCode).toBe(404);
    expect((await waves(t).get(w.h.customer, a.id)).statusCode).toBe(403);
  });

  it('hides a wave holding one order of another customer from a user restricted to the first, beside his own order', async () => {
    const w = await buildWaveWorld(t, 1);
    const other = await buildWaveWorld(t, 1);
    const mixed = (await waves(t).create(w.h.manager, [w.orderIds[0], other.orderIds[0]])).json();
    const restricted = auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] }));
    const seen = (await waves(t).list(restricted)).json() as Array<{ id: number }>;
    expect(seen.some((x) => x.id === mixed.id)).toBe(false);
    expect((await waves(t).get(restricted, mixed.id)).statusCode).toBe(404);
    expect((await waves(t).get(w.h.manager, mixed.id)).statusCode).toBe(200);
  });

  it('deletes drafts only; their orders are free for a new wave', async () => {
    const w = await buildWaveWorld(t, 2);
    const a = (await waves(t).create(w.h.manager, [w.orderIds[0]])).json();
    const b = (await waves(t).create(w.h.manager, [w.orderIds[1]])).json();
    expect((await waves(t).remove(w.h.worker, a.id)).statusCode).toBe(204);
    expect((await waves(t).get(w.h.worker, a.id)).statusCode).toBe(404);
    expect((await waves(t).create(w.h.manager, [w.orderIds[0]])).statusCode).toBe(201);
    await waves(t).start(w.h.manager, b.id, w.pallet.barcode);
    const started = await waves(t).remove(w.h.manager, b.id);
    expect(started.statusCode).toBe(409);
    expect(started.json().detail).toBe(`Welle ${b.wave_number} ist im Status „Gestartet“ – Löschen ist nicht möglich`);
    expect((await waves(t).remove(w.h.manager, 999999)).statusCode).toBe(404);
    await expectReservationInvariant(t.db);
  });
});
