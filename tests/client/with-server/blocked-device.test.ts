import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/i18n/errors/index';
import { pull } from '../../../sync/device/pull';
import { auth, buildUser } from '../../helpers/factories';
import { buildSyncWorld, deviceSuite, realTransport, START_STOCK, stockAt, TestDevice } from '../../helpers/sync-device';
import { availableOnDevice, bookOut, LocalStockError, placeOnDevice } from './local-bookings';

/**
 * The handheld knows blocked places from its working set (docs/operations.md
 * "Blocked places"): offline Auslagern refuses one at once, with the code and
 * German text the server would answer.
 */

const s = deviceSuite({ ledger: true });

async function setup() {
  const w = await buildSyncWorld(s.t);
  const device = new TestDevice({ transport: realTransport(s.t), session: { userId: w.worker.id, token: w.token(w.worker) } });
  s.devices.push(device);
  const manager = auth(s.t.app, await buildUser(s.t.db, 'warehouse_manager'));
  const patch = (url: string, payload: object) => s.t.app.inject({ method: 'PATCH', url, headers: manager, payload });
  return { w, device, patch };
}

describe('blocked places on the device', () => {
  it('a place blocked on the server is refused by offline Auslagern with LOCATION_BLOCKED; released, it books again', async () => {
    const { w, device, patch } = await setup();
    expect((await patch(`/api/locations/${w.placeA.id}`, { is_blocked: true })).statusCode).toBe(200);
    expect(await pull(device.deps)).toBe('ok');
    const loc = await placeOnDevice(device.db, w.placeA.barcode);
    expect(loc.is_blocked).toBe(true);
    expect(await availableOnDevice(device.db, w.product.ean, w.placeA.barcode)).toBe(0);
    const refused = await bookOut(device.db, { userId: w.worker.id, product: w.product, quantity: 1, location: loc }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LocalStockError);
    const err = refused as LocalStockError;
    expect(err.code).toBe('LOCATION_BLOCKED');
    expect(errorText(err.code, err.params)).toBe(`Lagerplatz ${w.placeA.barcode} ist ein Sperrplatz – der Bestand dort ist nicht verfügbar`);
    expect(await device.db.outbox.count()).toBe(0);

    expect((await patch(`/api/locations/${w.placeA.id}`, { is_blocked: false })).statusCode).toBe(200);
    expect(await pull(device.deps)).toBe('ok');
    const released = await placeOnDevice(device.db, w.placeA.barcode);
    expect(released.is_blocked).toBe(false);
    await bookOut(device.db, { userId: w.worker.id, product: w.product, quantity: 1, location: released });
    expect(await device.db.outbox.count()).toBe(1);
    expect(await stockAt(s.t.db, w.product.id, w.placeA.id)).toBe(START_STOCK);
  });

  it('a blocked room reaches the device on the next pull: its places are blocked there too', async () => {
    const { w, device, patch } = await setup();
    expect(await pull(device.deps)).toBe('ok');
    expect((await placeOnDevice(device.db, w.placeB.barcode)).is_blocked).toBe(false);
    const place = await s.t.db.selectFrom('locations').select('room_id').where('id', '=', w.placeA.id).executeTakeFirstOrThrow();
    const rack = await s.t.db
      .selectFrom('locations as c')
      .innerJoin('locations as r', 'r.id', 'c.rack_id')
      .select('r.room_id')
      .where('c.id', '=', w.placeA.id)
      .executeTakeFirstOrThrow();
    const roomId = place.room_id ?? rack.room_id;
    expect((await patch(`/api/rooms/${roomId}`, { is_blocked: true })).statusCode).toBe(200);
    expect(await pull(device.deps)).toBe('ok');
    expect((await placeOnDevice(device.db, w.placeA.barcode)).is_blocked).toBe(true);
    expect((await placeOnDevice(device.db, w.placeB.barcode)).is_blocked).toBe(true);
  });
});
