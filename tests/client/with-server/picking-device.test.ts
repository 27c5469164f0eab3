import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { localWave } from '../../../client/features/picking/local-waves';
import { pickCommand, saveProgressCommand, shortageCommand } from '../../../client/features/picking/offline';
import { LocalStockError, stockOfProduct } from '../../../client/features/stock/local-stock';
import { withCheckDigit } from '../../../shared/domain/ean';
import { errorText } from '../../../shared/i18n/errors';
import { enqueue } from '../../../sync/device/outbox';
import { pull } from '../../../sync/device/pull';
import { push } from '../../../sync/device/replay';
import type { OutboxEntry } from '../../../sync/device/types';
import { PROTOCOL_VERSION, PushResponse, WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';
import { buildPickingWorld, insertWave, type PickingWorld } from '../../helpers/picking-world';
import { deviceSuite, realTransport, serverLog, TestDevice } from '../../helpers/sync-device';

/** The picking commands on the device: offline plans and refusals, then through the real /api/sync to the server. */

const s = deviceSuite();

/** A picker's device holding one wave in `picking` (the world's order) and one `ready` wave (the other customer's order). */
async function setup() {
  const w = await buildPickingWorld(s.t);
  const wave = await insertWave(s.t.db, { orderIds: [w.order.id], status: 'picking', pickerId: w.picker.id });
  const ready = await insertWave(s.t.db, { orderIds: [w.otherOrder.id], status: 'ready' });
  const net = realTransport(s.t);
  const device = new TestDevice({ transport: net, session: { userId: w.picker.id, token: w.token(w.picker) } });
  s.devices.push(device);
  expect(await pull(device.deps)).toBe('ok');
  return { w, wave, ready, net, device, db: device.db };
}

const pickArgs = (w: PickingWorld, waveId: number, over: Partial<{ product_ean: string; location_barcode: string; quantity: number }> = {}) => ({
  wave_id: waveId,
  order_id: w.order.id,
  product_ean: w.soap.ean,
  location_barcode: w.far.barcode,
  quantity: 2,
  batch_number: null,
  ...over,
});

async function refusal(p: Promise<unknown>): Promise<LocalStockError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof LocalStockError)) throw new Error(`expected a LocalStockError, got ${String(e)}`);
  return e;
}

async function serverLine(orderId: number, productId: number) {
  return s.t.db
    .selectFrom('outbound_order_items')
    .select('picked_quantity')
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
}

async function serverStock(stockId: number) {
  return s.t.db.selectFrom('stock').select(['quantity', 'reserved_quantity']).where('id', '=', stockId).executeTakeFirstOrThrow();
}

describe('picking.pick on the device', () => {
  it('offline: the pick shows at once on the wave and the stock, and is queued once', async () => {
    const { w, wave, db } = await setup();
    const entry = await pickCommand.enqueue(db, w.picker.id, pickArgs(w, wave.id));
    expect(entry).toMatchObject({
      name: 'picking.pick',
      status: 'pending',
      label: `Kommissioniert: 2 × Seife Lavendel von ${w.far.barcode} (Auftrag ${w.order.order_number})`,
    });

    const local = await localWave(db, wave.id);
    expect(local?.pending).toBe(true);
    expect(local?.wave.lines.find((l) => l.product_id === w.soap.id)?.picked_quantity).toBe(2);
    expect(local?.wave.stops.find((s) => s.stock_id === w.soapStockId)?.quantity).toBe(1);
    // The stored row is the server's until a pull brings the pick.
    expect((await db.waves.get(wave.id))?.lines.find((l) => l.product_id === w.soap.id)?.picked_quantity).toBe(0);
    const far = (await stockOfProduct(db, w.soap.ean)).find((r) => r.id === w.soapStockId);
    expect(far).toMatchObject({ quantity: 8, reserved_quantity: 1, pending: true });

    // The second scan counts the first: only 1 is still open.
    const e = await refusal(pickCommand.enqueue(db, w.picker.id, pickArgs(w, wave.id)));
    expect(errorText(e.code, e.params)).toBe('Zu viel: für „Seife Lavendel“ sind nur noch 1 offen (2 gescannt)');
    expect(await db.outbox.count()).toBe(1);
  });

  it("offline refusals carry the server's code and German text, and queue nothing", async () => {
    const { w, wave, ready, db } = await setup();
    const wrongPlace = await refusal(pickCommand.enqueue(db, w.picker.id, pickArgs(w, wave.id, { location_barcode: w.near[0].barcode })));
    expect(wrongPlace.code).toBe('PICK_WRONG_LOCATION');
    expect(errorText(wrongPlace.code, wrongPlace.params)).toBe(`Falscher Lagerort! Erwartet: ${w.far.barcode}`);

    const tooMany = await refusal(pickCommand.enqueue(db, w.picker.id, pickArgs(w, wave.id, { quantity: 4 })));
    expect(errorText(tooMany.code, tooMany.params)).toBe('Zu viel: für „Seife Lavendel“ sind nur noch 3 offen (4 gescannt)');

    const stranger = withCheckDigit('400000000012');
    const notInOrder = await refusal(pickCommand.enqueue(db, w.picker.id, pickArgs(w, wave.id, { product_ean: stranger })));
    expect(errorText(notInOrder.code, notInOrder.params)).toBe(`Produkt ${stranger} gehört nicht zu diesem Auftrag`);

    const notPicking = await refusal(pickCommand.enqueue(db, w.picker.id, { ...pickArgs(w, ready.id), order_id: w.otherOrder.id }));
    expect(errorText(notPicking.code, notPicking.params)).toBe(`Welle ${ready.wave_number} ist im Status „Gestartet“ – Kommissionieren ist nicht möglich`);

    const shortTooMuch = await refusal(
      shortageCommand.enqueue(db, w.picker.id, {
        wave_id: wave.id,
        order_id: w.order.id,
        product_ean: w.soap.ean,
        location_barcode: w.far.barcode,
        missing_quantity: 5,
        note: null,
      }),
    );
    expect(errorText(shortTooMuch.code, shortTooMuch.params)).toBe(`Am Lagerort ${w.far.barcode} sind für diesen Auftrag nur 3 reserviert (5 gemeldet)`);
    expect(await db.outbox.count()).toBe(0);
  });

  it('the server refuses the same scans with the same code and params (queued past the device check)', async () => {
    const { w, wave, db, device } = await setup();
    const scans = [pickArgs(w, wave.id, { location_barcode: w.near[0].barcode }), pickArgs(w, wave.id, { quantity: 4 })];
    const local = await Promise.all(scans.map((a) => refusal(pickCommand.enqueue(db, w.picker.id, a))));
    for (const args of scans) await enqueue(db, { userId: w.picker.id, name: 'picking.pick', args, label: 'ungeprüft' });
    expect(await push(device.deps)).toBe('done');
    const rejected = (await db.outbox.toArray()).map((e) => ({ code: e.code, params: e.params }));
    expect(rejected).toEqual(local.map((e) => ({ code: e.code, params: e.params })));
  });

  it('syncs through the real server: applied once, stock, reservation and picked quantity match; a replay is a duplicate', async () => {
    const { w, wave, net, device, db } = await setup();
    const entry = await pickCommand.enqueue(db, w.picker.id, pickArgs(w, wave.id));
    expect(await push(device.deps)).toBe('done');
    const clientId = await device.clientId(w.picker.id);
    expect((await serverLog(s.t.db, clientId)).map((m) => [m.id, m.name, m.status])).toEqual([[1, 'picking.pick', 'applied']]);
    expect((await serverLine(w.order.id, w.soap.id)).picked_quantity).toBe(2);
    expect(await serverStock(w.soapStockId)).toEqual({ quantity: 8, reserved_quantity: 1 });

    // The pull after the push is a delta that carries the changed wave; the entry is covered, nothing counts twice.
    expect(await pull(device.deps)).toBe('ok');
    expect(net.pullAnswers.at(-1)?.body).toMatchObject({ cookie: expect.any(Number) });
    expect(net.pullAnswers.at(-1)?.body).not.toHaveProperty('reset');
    expect(await db.outbox.count()).toBe(0);
    const local = await localWave(db, wave.id);
    expect(local?.pending).toBe(false);
    expect(local?.wave.lines.find((l) => l.product_id === w.soap.id)?.picked_quantity).toBe(2);
    expect(local?.wave.stops.find((s) => s.stock_id === w.soapStockId)?.quantity).toBe(1);
    expect((await stockOfProduct(db, w.soap.ean)).find((r) => r.id === w.soapStockId)).toMatchObject({ quantity: 8, reserved_quantity: 1 });

    const replay = await net.push(
      { protocolVersion: PROTOCOL_VERSION, schemaVersion: WORKING_SET_SCHEMA_VERSION, clientId, mutations: [toMutation(entry)] },
      w.token(w.picker),
    );
    expect(PushResponse.parse(replay.body).results.map((r) => r.status)).toEqual(['duplicate']);
    expect((await serverLine(w.order.id, w.soap.id)).picked_quantity).toBe(2);
    expect(await serverStock(w.soapStockId)).toEqual({ quantity: 8, reserved_quantity: 1 });
  });
});

describe('a pick refused by the server (docs/sync.md case 6)', () => {
  it('the order cancelled in the office while offline: the pick is rejected with the German reason, kept, and no longer counts on the device', async () => {
    const { w, wave, device, db } = await setup();
    await pickCommand.enqueue(db, w.picker.id, pickArgs(w, wave.id));
    expect((await localWave(db, wave.id))?.wave.lines.find((l) => l.product_id === w.soap.id)?.picked_quantity).toBe(2);
    const cancel = await s.t.app.inject({
      method: 'POST',
      url: `/api/outbound-orders/${w.order.id}/cancel`,
      headers: { authorization: `Bearer ${w.token(w.picker)}` },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    expect(await push(device.deps)).toBe('done');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'rejected', code: 'PICK_ORDER_CANCELLED' });
    expect(errorText(entry.code ?? '', entry.params ?? {})).toBe(`Auftrag ${w.order.order_number} wurde im Büro storniert`);
    expect((await serverLine(w.order.id, w.soap.id)).picked_quantity).toBe(0);
    // The optimistic pick is gone at once; the entry stays until the picker deals with it.
    const local = await localWave(db, wave.id);
    expect(local?.wave.lines.find((l) => l.product_id === w.soap.id)?.picked_quantity).toBe(0);
    expect((await stockOfProduct(db, w.soap.ean)).find((r) => r.id === w.soapStockId)).toMatchObject({ pending: false });
    expect(await pull(device.deps)).toBe('ok');
    expect(await db.outbox.where('status').equals('rejected').count()).toBe(1);
    // The pull brings the released reservations: nothing of the cancelled order is offered any more.
    expect((await localWave(db, wave.id))?.wave.stops.filter((s) => s.quantity > 0)).toEqual([]);
    // The device knows the order is cancelled now: a further scan is refused at once with the same reason, nothing queued.
    const e = await refusal(pickCommand.enqueue(db, w.picker.id, pickArgs(w, wave.id)));
    expect(e.code).toBe('PICK_ORDER_CANCELLED');
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('picking.shortage and picking.saveProgress on the device', () => {
  it('a shortage lowers the stop and the stock at once and books the units off on the server', async () => {
    const { w, wave, device, db } = await setup();
    const args = {
      wave_id: wave.id,
      order_id: w.order.id,
      product_ean: w.towel.ean,
      location_barcode: w.near[0].barcode.toLowerCase(),
      missing_quantity: 1,
      note: null,
    };
    const entry = await shortageCommand.enqueue(db, w.picker.id, args);
    expect(entry.label).toBe(`Fehlmenge gemeldet: 1 × Handtuch Blau an ${w.near[0].barcode} (Auftrag ${w.order.order_number})`);
    const local = await localWave(db, wave.id);
    expect(local?.wave.stops.find((s) => s.stock_id === w.towelStockId)?.quantity).toBe(1);
    expect(local?.wave.lines.find((l) => l.product_id === w.towel.id)?.picked_quantity).toBe(0);
    expect((await stockOfProduct(db, w.towel.ean)).find((r) => r.id === w.towelStockId)).toMatchObject({ quantity: 9, reserved_quantity: 1 });

    expect(await push(device.deps)).toBe('done');
    expect(await serverStock(w.towelStockId)).toEqual({ quantity: 9, reserved_quantity: 1 });
    await pull(device.deps);
    expect((await db.waves.get(wave.id))?.stops.find((s) => s.stock_id === w.towelStockId)?.quantity).toBe(1);
  });

  it('saveProgress shows the position at once and stores it on the wave', async () => {
    const { w, wave, device, db } = await setup();
    const progress = { current_item_index: 1, current_location_index: 0, scan_step: 'location', picked_items: ['0:0'] };
    const entry = await saveProgressCommand.enqueue(db, w.picker.id, { wave_id: wave.id, ...progress });
    expect(entry.label).toBe(`Fortschritt gespeichert (Welle ${wave.wave_number})`);
    expect((await localWave(db, wave.id))?.wave.progress).toEqual(progress);
    expect(await push(device.deps)).toBe('done');
    await pull(device.deps);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.waves.get(wave.id))?.progress).toEqual(progress);
  });

  it('saveProgress overwrites the unsent position of the wave (last write wins), a pick between stays, the server gets the newest', async () => {
    const { w, wave, device, db } = await setup();
    const at = (item: number, step: string) => ({ current_item_index: item, current_location_index: 0, scan_step: step, picked_items: [] });
    const first = await saveProgressCommand.enqueue(db, w.picker.id, { wave_id: wave.id, ...at(0, 'location') });
    await pickCommand.enqueue(db, w.picker.id, pickArgs(w, wave.id));
    const last = await saveProgressCommand.enqueue(db, w.picker.id, { wave_id: wave.id, ...at(1, 'ean') });
    expect(last.id).toBe(first.id);
    expect((await db.outbox.toArray()).map((e) => [e.id, e.name])).toEqual([
      [1, 'picking.saveProgress'],
      [2, 'picking.pick'],
    ]);
    expect((await localWave(db, wave.id))?.wave.progress).toEqual(at(1, 'ean'));
    expect(await push(device.deps)).toBe('done');
    await pull(device.deps);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.waves.get(wave.id))?.progress).toEqual(at(1, 'ean'));
  });
});

function toMutation(e: OutboxEntry) {
  return { id: e.id, name: e.name, args: e.args, userId: e.userId, createdAt: e.createdAt };
}
