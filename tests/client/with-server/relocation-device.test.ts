import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { relocateLocally, relocationSources } from '../../../client/features/relocation/offline';
import { pull } from '../../../sync/device/pull';
import { push } from '../../../sync/device/replay';
import { buildSyncWorld, deviceSuite, realTransport, serverLog, START_STOCK, stockAt, type SyncWorld, TestDevice } from '../../helpers/sync-device';
import { availableOnDevice, LocalStockError, placeOnDevice } from './local-bookings';

/** Umlagern on the device (client/features/relocation/offline.ts) against the real /api/sync handlers. */

const s = deviceSuite({ ledger: true });

async function setup() {
  const w = await buildSyncWorld(s.t);
  const net = realTransport(s.t);
  const device = new TestDevice({ transport: net, session: { userId: w.worker.id, token: w.token(w.worker) } });
  s.devices.push(device);
  expect(await pull(device.deps)).toBe('ok');
  const from = await placeOnDevice(device.db, w.placeA.barcode);
  const to = await placeOnDevice(device.db, w.placeB.barcode);
  return { w, net, device, from, to };
}

const booking = (w: SyncWorld, from: Awaited<ReturnType<typeof placeOnDevice>>, to: typeof from, quantity: number) => ({
  userId: w.worker.id,
  ean: w.product.ean,
  customerId: w.customer.id,
  batchNumber: '',
  quantity,
  from,
  to,
});

describe('stock.relocate on the device', () => {
  it('moves the units locally at once while offline, then the server books them exactly once', async () => {
    const { w, net, device, from, to } = await setup();
    expect(await relocationSources(device.db, w.product.ean, from.id)).toMatchObject([{ customer_id: w.customer.id, batch_number: '', free: START_STOCK }]);

    const entry = await relocateLocally(device.db, booking(w, from, to, 3));
    expect(entry.label).toContain(`von ${w.placeA.barcode} nach ${w.placeB.barcode}`);
    const onDevice = async () => [
      await availableOnDevice(device.db, w.product.ean, w.placeA.barcode),
      await availableOnDevice(device.db, w.product.ean, w.placeB.barcode),
    ];
    expect(await onDevice()).toEqual([START_STOCK - 3, 3]);

    net.failNext(0); // no network
    expect(await push(device.deps)).not.toBe('done');
    expect(await stockAt(s.t.db, w.product.id, w.placeB.id)).toBe(0);
    expect(await onDevice()).toEqual([START_STOCK - 3, 3]);

    // Online: the server books it but the answer is lost; the retry is a duplicate, not a second move.
    net.dropResponseNext();
    expect(await push(device.deps)).not.toBe('done');
    expect(await push(device.deps)).toBe('done');
    const clientId = await device.clientId(w.worker.id);
    expect(await serverLog(s.t.db, clientId)).toMatchObject([{ id: 1, name: 'stock.relocate', status: 'applied' }]);
    expect(await stockAt(s.t.db, w.product.id, w.placeA.id)).toBe(START_STOCK - 3);
    expect(await stockAt(s.t.db, w.product.id, w.placeB.id)).toBe(3);
    const moves = await s.t.db
      .selectFrom('stock_movements')
      .select(['movement_type', 'quantity', 'relocation_id'])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => [m.movement_type, m.quantity])).toEqual([
      ['relocation', -3],
      ['relocation', 3],
    ]);
    expect(moves[0].relocation_id).not.toBeNull();
    expect(moves[1].relocation_id).toBe(moves[0].relocation_id);

    // After the pull the server's rows carry the numbers alone.
    expect(await pull(device.deps)).toBe('ok');
    expect(await onDevice()).toEqual([START_STOCK - 3, 3]);
    expect(await device.db.outbox.count()).toBe(0);
  });

  it('refuses on the device what the server would refuse, and queues nothing', async () => {
    const { w, device, from, to } = await setup();
    await expect(relocateLocally(device.db, booking(w, from, to, START_STOCK + 1))).rejects.toMatchObject({
      code: 'RELOCATE_INSUFFICIENT',
      params: { location: w.placeA.barcode, available: START_STOCK, requested: START_STOCK + 1 },
    });
    await expect(relocateLocally(device.db, booking(w, from, from, 1))).rejects.toBeInstanceOf(LocalStockError);
    await expect(relocateLocally(device.db, booking(w, from, from, 1))).rejects.toMatchObject({ code: 'RELOCATE_SAME_PLACE' });
    expect(await device.db.outbox.count()).toBe(0);
  });

  it('counts a relocation queued before as gone from the source', async () => {
    const { w, device, from, to } = await setup();
    await relocateLocally(device.db, booking(w, from, to, START_STOCK));
    expect(await relocationSources(device.db, w.product.ean, from.id)).toEqual([]);
    await expect(relocateLocally(device.db, booking(w, from, to, 1))).rejects.toMatchObject({ code: 'RELOCATE_INSUFFICIENT', params: { available: 0 } });
  });
});
