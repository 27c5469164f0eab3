import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { currentStores, LagerwerkDb, LATEST_SCHEMA, LATEST_VERSION } from '../../../client/db';
import { deviceCommands, deviceTables } from '../../../client/offline-registry';
import { stockInbound } from '../../../client/features/stock/offline';
import { offlineCommands, workingSetSources } from '../../../server/offline-registry';
import { DeviceArgsError, isPacked } from '../../../sync/device/registry';

/** The two registries describe the same offline features, and the device refuses args the server would refuse. */
describe('offline registries', () => {
  let db: LagerwerkDb | null = null;
  afterEach(async () => {
    await db?.delete();
    db = null;
  });

  it('list the same commands and entities on the device and the server', () => {
    expect(deviceCommands.map((c) => c.name).sort()).toEqual(offlineCommands.map((c) => c.name).sort());
    expect(deviceTables.map((t) => t.name).sort()).toEqual(workingSetSources.map((s) => s.entity).sort());
    // Each device command validates with the very schema object the server parses with.
    for (const c of deviceCommands) expect(offlineCommands.find((s) => s.name === c.name)?.args).toBe(c.spec.args);
  });

  it('keeps the newest Dexie version equal to its frozen schema (add a version when a table changes)', () => {
    expect(currentStores()).toEqual(LATEST_SCHEMA);
    db = new LagerwerkDb(`registry-${Math.random()}`);
    expect(db.verno).toBe(LATEST_VERSION);
    // Packed entities (catalogue, stock, places) share the packs/packIds tables; the others have their own.
    const packed = deviceTables.filter(isPacked).map((t) => t.name);
    expect(packed.sort()).toEqual(['location', 'product', 'stock']);
    expect(
      db
        .workingSetTables()
        .map((t) => t.name)
        .sort(),
    ).toEqual([...deviceTables.filter((t) => !isPacked(t)).map((t) => t.name), 'packIds', 'packs'].sort());
    expect(db.entityTable('waves')?.name).toBe('waves');
    expect(db.entityTable('stock')).toBeUndefined();
    expect(db.packOf('stock')?.packBy).toBe('product_id');
    expect(db.entityTable('wave-from-a-newer-server')).toBeUndefined();
    expect(db.packOf('wave-from-a-newer-server')).toBeUndefined();
  });

  it("refuses to queue args the server would refuse for their shape, with the server's code and German field", async () => {
    db = new LagerwerkDb(`registry-${Math.random()}`);
    const bad = stockInbound.enqueue(db, 1, { ean: '4006381333931', quantity: 0, location_barcode: 'A-01-01', customer_id: 1, notes: null });
    await expect(bad).rejects.toBeInstanceOf(DeviceArgsError);
    await expect(bad).rejects.toMatchObject({ rejection: { code: 'VALIDATION', params: { field: 'Menge', reason: 'Menge muss mindestens 1 sein' } } });
    expect(await db.outbox.count()).toBe(0);
    const ok = await stockInbound.enqueue(db, 1, { ean: '4006381333931', quantity: 2, location_barcode: 'A-01-01', customer_id: 1, notes: null });
    expect(ok).toMatchObject({ id: 1, name: 'stock.inbound', status: 'pending', label: 'Einlagern: EAN 4006381333931 (2 Stück) an A-01-01' });
  });
});
