import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { localWave } from '../../../client/features/picking/local-waves';
import { pickCommand } from '../../../client/features/picking/offline';
import { LocalStockError } from '../../../client/features/stock/local-stock';
import { completeWaveCommand, createCartCommand } from '../../../client/features/waves/offline';
import { errorText } from '../../../shared/i18n/errors';
import { pull } from '../../../sync/device/pull';
import { push } from '../../../sync/device/replay';
import { buildPickingWorld, insertWave } from '../../helpers/picking-world';
import { deviceSuite, realTransport, serverLog, TestDevice } from '../../helpers/sync-device';

/** picking.complete on the device: queued behind the wave's picks, applied after them, the wave leaves the device. */

const s = deviceSuite();

describe('picking.createCart and picking.complete on the device', () => {
  it('offline: corners checked against the local wave, the wave shows completed at once, both sync after the picks, the wave leaves the working set', async () => {
    const w = await buildPickingWorld(s.t);
    const wave = await insertWave(s.t.db, { orderIds: [w.order.id], status: 'picking', pickerId: w.picker.id });
    const ready = await insertWave(s.t.db, { orderIds: [w.otherOrder.id], status: 'ready' });
    const device = new TestDevice({ transport: realTransport(s.t), session: { userId: w.picker.id, token: w.token(w.picker) } });
    s.devices.push(device);
    expect(await pull(device.deps)).toBe('ok');
    const db = device.db;

    const early = await completeWaveCommand.enqueue(db, w.picker.id, { wave_id: ready.id }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(early).toBeInstanceOf(LocalStockError);
    if (early instanceof LocalStockError)
      expect(errorText(early.code, early.params)).toBe(`Welle ${ready.wave_number} ist im Status „Gestartet“ – Abschließen ist nicht möglich`);

    await pickCommand.enqueue(db, w.picker.id, {
      wave_id: wave.id,
      order_id: w.order.id,
      product_ean: w.soap.ean,
      location_barcode: w.far.barcode,
      quantity: 2,
      batch_number: null,
    });
    const pallet = (await db.waves.get(wave.id))?.pallet_barcode ?? '';
    const foreign = await createCartCommand
      .enqueue(db, w.picker.id, { pallet_barcode: pallet, order_ids: [w.otherOrder.id], assignments: { A: w.otherOrder.id } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(foreign).toBeInstanceOf(LocalStockError);
    const cart = await createCartCommand.enqueue(db, w.picker.id, {
      pallet_barcode: pallet.toLowerCase(),
      order_ids: [w.order.id],
      assignments: { A: w.order.id },
    });
    expect(cart.label).toBe(`Ecken zuordnen (Welle ${wave.wave_number}, Palette ${pallet}): A: ${w.order.order_number}`);
    const entry = await completeWaveCommand.enqueue(db, w.picker.id, { wave_id: wave.id });
    expect(entry.label).toBe(`Welle ${wave.wave_number} abschließen`);
    expect((await localWave(db, wave.id))?.wave.status).toBe('completed');

    expect(await push(device.deps)).toBe('done');
    const clientId = await device.clientId(w.picker.id);
    expect((await serverLog(s.t.db, clientId)).map((m) => [m.id, m.name, m.status])).toEqual([
      [1, 'picking.pick', 'applied'],
      [2, 'picking.createCart', 'applied'],
      [3, 'picking.complete', 'applied'],
    ]);
    const carts = await s.t.db.selectFrom('picking_carts').select(['pallet_barcode', 'assignments']).where('wave_id', '=', wave.id).execute();
    expect(carts).toEqual([{ pallet_barcode: pallet, assignments: { A: w.order.id } }]);
    const server = await s.t.db.selectFrom('picking_waves').select('status').where('id', '=', wave.id).executeTakeFirstOrThrow();
    expect(server.status).toBe('completed');
    const line = await s.t.db
      .selectFrom('outbound_order_items')
      .select('picked_quantity')
      .where('order_id', '=', w.order.id)
      .where('product_id', '=', w.soap.id)
      .executeTakeFirstOrThrow();
    expect(line.picked_quantity).toBe(2);

    expect(await pull(device.deps)).toBe('ok');
    expect(await db.waves.get(wave.id)).toBeUndefined();
    expect(await db.waves.get(ready.id)).toBeDefined();
  });
});
