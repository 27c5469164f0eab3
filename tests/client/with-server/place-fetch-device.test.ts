import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { findLocation, stockOfProduct } from '../../../client/features/stock/local-stock';
import { scanPlace } from '../../../client/features/stock/place-fetch';
import { PlaceLookupResponse } from '../../../shared/schemas/locations';
import { pull } from '../../../sync/device/pull';
import { buildPlacedCompartments, buildStock } from '../../helpers/factories';
import { buildSyncWorld, deviceSuite, realTransport, serverLookup, TestDevice } from '../../helpers/sync-device';

/**
 * A worker with an Arbeitsbereich holds its places (docs/sync.md "Entities"); a scanned place the
 * device does not hold is asked from the real server's place lookup, kept with its stock and found offline after.
 */

const s = deviceSuite();

async function setup() {
  const w = await buildSyncWorld(s.t);
  await s.t.db.insertInto('user_rooms').values({ user_id: w.worker.id, room_id: w.room.id }).execute();
  const elsewhere = await buildPlacedCompartments(s.t.db, 1);
  const far = elsewhere.compartments[0];
  const farStock = await buildStock(s.t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: far.id, quantity: 7 });
  const device = new TestDevice({ transport: realTransport(s.t), session: { userId: w.worker.id, token: w.token(w.worker) } });
  s.devices.push(device);
  /** The server's GET /locations/lookup/{barcode} as the worker. */
  const { online, offline, calls: lookups } = serverLookup(s.t, w.worker, (code) => `/api/locations/lookup/${encodeURIComponent(code)}`, PlaceLookupResponse);
  return { w, device, online, offline, lookups, far: { id: far.id, barcode: far.barcode as string }, farStockId: farStock.stock_id };
}

describe('a scanned place the device does not hold', () => {
  it('online: asked from the server, kept with its stock, found offline after', async () => {
    const { w, device, online, offline, lookups, far, farStockId } = await setup();
    expect(await pull(device.deps)).toBe('ok');
    expect(await findLocation(device.db, w.placeA.barcode)).not.toBeNull();
    expect(await findLocation(device.db, far.barcode)).toBeNull();
    // A place of the area answers from the device without asking.
    expect((await scanPlace(device.db, w.placeA.barcode, online)).place?.id).toBe(w.placeA.id);
    expect(lookups).toEqual([]);

    const first = await scanPlace(device.db, far.barcode.toLowerCase(), online);
    expect(first.error).toBeNull();
    expect(first.place).toMatchObject({ id: far.id, barcode: far.barcode, is_active: true, is_blocked: false, stocktake: null });
    expect(lookups).toEqual([far.barcode.toLowerCase()]);
    // Kept with its stock: Auslagern there works offline.
    const again = await scanPlace(device.db, far.barcode, offline);
    expect(again.place?.id).toBe(far.id);
    expect(lookups).toHaveLength(1);
    expect((await stockOfProduct(device.db, w.product.ean)).find((r) => r.id === farStockId)).toMatchObject({ location_id: far.id, quantity: 7 });
  });

  it('offline: answers in German that the place is not on this device', async () => {
    const { device, offline, far } = await setup();
    expect(await pull(device.deps)).toBe('ok');
    expect(await scanPlace(device.db, far.barcode, offline)).toEqual({
      place: null,
      error: `Lagerplatz ${far.barcode} ist nicht auf diesem Gerät – online erneut scannen`,
    });
    expect(await findLocation(device.db, far.barcode)).toBeNull();
  });

  it('online: a barcode the server does not know either is "Lagerplatz … nicht gefunden"', async () => {
    const { device, online } = await setup();
    expect(await pull(device.deps)).toBe('ok');
    expect(await scanPlace(device.db, 'ZZ-99-99', online)).toEqual({ place: null, error: 'Lagerplatz ZZ-99-99 nicht gefunden' });
  });
});
