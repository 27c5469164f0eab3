import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeReservation } from '../../../server/features/outbound-orders/reservations';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ledgerMismatches } from '../../helpers/ledger';
import { expectReservationInvariant } from '../outbound-orders/world';
import { buildWaveWorld, pickingWave, waves } from './lifecycle-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const pallet = (id: number) => t.db.selectFrom('pallets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const orders = (ids: number[]) => t.db.selectFrom('outbound_orders').selectAll().where('id', 'in', ids).orderBy('id').execute();

describe('POST /picking-waves/{id}/start', () => {
  it('claims a reusable pallet, confirms new orders and moves the wave to ready', async () => {
    const w = await buildWaveWorld(t, 2);
    const wave = (await waves(t).create(w.h.manager, w.orderIds)).json();
    const res = await waves(t).start(w.h.worker, wave.id, w.pallet.barcode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', pallet_barcode: w.pallet.barcode, pallet_kind: 'reusable' });
    expect(await pallet(w.pallet.id)).toMatchObject({ status: 'in_use', current_wave_id: wave.id, current_order_count: 2, picker_user_id: w.worker.id });
    expect((await orders(w.orderIds)).map((o) => o.status)).toEqual(['confirmed', 'confirmed']);
  });

  it('uses up a DISP- barcode for the first order', async () => {
    const w = await buildWaveWorld(t, 2);
    const wave = (await waves(t).create(w.h.manager, w.orderIds)).json();
    const res = await waves(t).start(w.h.worker, wave.id, w.disposable.barcode.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', pallet_barcode: w.disposable.barcode, pallet_kind: 'disposable' });
    const d = await t.db.selectFrom('disposable_pallets').selectAll().where('id', '=', w.disposable.id).executeTakeFirstOrThrow();
    expect(d).toMatchObject({ status: 'used', used_for_order_id: w.orderIds[0] });
    expect(d.used_at).not.toBeNull();
  });

  it('refuses pallets that are not available with the spec texts, unknown ones with 404', async () => {
    const w = await buildWaveWorld(t, 3);
    const a = (await waves(t).create(w.h.manager, [w.orderIds[0]])).json();
    const b = (await waves(t).create(w.h.manager, [w.orderIds[1]])).json();
    expect((await waves(t).start(w.h.worker, a.id, w.pallet.barcode)).statusCode).toBe(200);
    const busy = await waves(t).start(w.h.worker, b.id, w.pallet.barcode);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toBe(`Palette ${w.pallet.barcode} ist nicht verfügbar (Status: In Benutzung)`);
    await t.db.updateTable('disposable_pallets').set({ status: 'cancelled' }).where('id', '=', w.disposable.id).execute();
    const cancelled = await waves(t).start(w.h.worker, b.id, w.disposable.barcode);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toBe(`Einwegpalette ${w.disposable.barcode} ist nicht verfügbar (Status: Storniert)`);
    const unknown = await waves(t).start(w.h.worker, b.id, 'PAL-NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Palette nicht gefunden');
    const blank = await waves(t).start(w.h.worker, b.id, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toContain('Barcode ist erforderlich');
    // Nothing of the refused starts stuck: the wave is still a draft.
    expect((await waves(t).get(w.h.worker, b.id)).json().status).toBe('draft');
  });

  it('lets one of two users starting the same draft win; the other gets 409', async () => {
    const w = await buildWaveWorld(t, 1);
    const wave = (await waves(t).create(w.h.manager, w.orderIds)).json();
    const second = await t.db
      .insertInto('pallets')
      .values({ barcode: `${w.pallet.barcode}-2` })
      .returningAll()
      .executeTakeFirstOrThrow();
    const results = await Promise.all([waves(t).start(w.h.worker, wave.id, w.pallet.barcode), waves(t).start(w.h.second, wave.id, second.barcode)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // The loser's pallet was not claimed.
    const statuses = [(await pallet(w.pallet.id)).status, (await pallet(second.id)).status].sort();
    expect(statuses).toEqual(['available', 'in_use']);
  });

  it('lets one of two waves claiming the same pallet at once win', async () => {
    const w = await buildWaveWorld(t, 2);
    const a = (await waves(t).create(w.h.manager, [w.orderIds[0]])).json();
    const b = (await waves(t).create(w.h.manager, [w.orderIds[1]])).json();
    const results = await Promise.all([waves(t).start(w.h.worker, a.id, w.disposable.barcode), waves(t).start(w.h.second, b.id, w.disposable.barcode)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers a replayed start (same Idempotency-Key) from the first call and claims once', async () => {
    const w = await buildWaveWorld(t, 1);
    const wave = (await waves(t).create({ ...w.h.manager, 'idempotency-key': 'create-key-1' }, w.orderIds)).json();
    const first = await waves(t).start(w.h.worker, wave.id, w.pallet.barcode, 'start-key-1');
    const again = await waves(t).start(w.h.worker, wave.id, w.pallet.barcode, 'start-key-1');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const without = await waves(t).start(w.h.worker, wave.id, w.pallet.barcode);
    expect(without.statusCode).toBe(409);
    // Keys are bound to the route's name without the /api prefix, ids filled in: names stored before stay valid.
    const routes = await t.db
      .selectFrom('idempotency_keys')
      .select(['key', 'route'])
      .where('key', 'in', ['create-key-1', 'start-key-1'])
      .orderBy('key')
      .execute();
    expect(routes).toEqual([
      { key: 'create-key-1', route: 'POST /picking-waves/' },
      { key: 'start-key-1', route: `POST /picking-waves/${wave.id}/start` },
    ]);
  });
});

describe('POST /picking-waves/{id}/begin-picking', () => {
  it('moves wave and orders to picking and records the picker; a second picker gets WAVE_TAKEN, a manager may take over', async () => {
    const w = await buildWaveWorld(t, 2);
    const wave = (await waves(t).create(w.h.manager, w.orderIds)).json();
    expect((await waves(t).begin(w.h.worker, wave.id)).statusCode).toBe(409);
    await waves(t).start(w.h.worker, wave.id, w.pallet.barcode);
    const begun = await waves(t).begin(w.h.worker, wave.id);
    expect(begun.statusCode, begun.body).toBe(200);
    expect(begun.json()).toMatchObject({ status: 'picking', picker_user_id: w.worker.id });
    expect((await orders(w.orderIds)).every((o) => o.status === 'picking' && o.picking_started_at !== null)).toBe(true);
    expect((await waves(t).begin(w.h.worker, wave.id)).statusCode).toBe(200);
    const taken = await waves(t).begin(w.h.second, wave.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('WAVE_TAKEN');
    expect(taken.json().detail).toBe(`Welle ${wave.wave_number} wird bereits von ${w.worker.full_name} kommissioniert`);
    const takeover = await waves(t).begin(w.h.manager, wave.id);
    expect(takeover.statusCode).toBe(200);
    expect(takeover.json().picker_user_id).toBe(w.manager.id);
  });
});

describe('POST /picking-waves/{id}/complete', () => {
  it('logs discrepancies, gives back what was not picked, frees the orders and readies the pallet; a repeat changes nothing', async () => {
    const w = await buildWaveWorld(t, 2);
    const id = await pickingWave(t, w);
    expect((await waves(t).start(w.h.worker, id, w.pallet.barcode)).statusCode).toBe(409);
    // Pick the first order completely and the second order's box line only.
    const lines = await t.db
      .selectFrom('order_reservations as r')
      .innerJoin('outbound_order_items as i', 'i.id', 'r.order_item_id')
      .select(['r.order_item_id', 'r.stock_id', 'r.quantity', 'i.order_id', 'i.product_id'])
      .where('i.order_id', 'in', w.orderIds)
      .execute();
    await t.db.transaction().execute(async (trx) => {
      for (const l of lines.filter((x) => x.order_id === w.orderIds[0] || x.product_id === w.veProduct.id)) {
        await consumeReservation(trx, { order_item_id: l.order_item_id, stock_id: l.stock_id, quantity: l.quantity, meta: { user_id: w.worker.id } });
      }
    });
    const done = await waves(t).complete(w.h.worker, id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', picked_quantity: 6 + 3 + 6 });
    expect((await pallet(w.pallet.id)).status).toBe('ready_for_packing');
    const os = await orders(w.orderIds);
    expect(os.every((o) => o.status === 'picking' && o.picking_completed_at !== null)).toBe(true);
    const logs = await t.db.selectFrom('status_logs').selectAll().where('wave_id', '=', id).orderBy('id').execute();
    expect(logs.map((l) => l.event_type)).toEqual(['wave_created', 'pick_discrepancy', 'wave_completed']);
    expect(logs[1]).toMatchObject({ order_id: w.orderIds[1], event_data: { missing_quantity: 3, picked_quantity: 0, quantity_ordered: 3 } });
    const left = await t.db
      .selectFrom('order_reservations as r')
      .innerJoin('outbound_order_items as i', 'i.id', 'r.order_item_id')
      .select('r.id')
      .where('i.order_id', 'in', w.orderIds)
      .execute();
    expect(left).toEqual([]);
    const open = await t.db.selectFrom('picking_wave_orders').select('is_open').where('wave_id', '=', id).execute();
    expect(open.every((o) => !o.is_open)).toBe(true);

    const again = await waves(t).complete(w.h.worker, id);
    expect(again.statusCode).toBe(200);
    expect(await t.db.selectFrom('status_logs').select('id').where('wave_id', '=', id).execute()).toHaveLength(3);
    await expectReservationInvariant(t.db);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('refuses to complete a wave that is not picking', async () => {
    const w = await buildWaveWorld(t, 1);
    const wave = (await waves(t).create(w.h.manager, w.orderIds)).json();
    const res = await waves(t).complete(w.h.worker, wave.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(`Welle ${wave.wave_number} ist im Status „Entwurf“ – Abschließen ist nicht möglich`);
  });
});
