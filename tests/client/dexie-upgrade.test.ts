import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { LagerwerkDb, LATEST_VERSION, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5 } from '../../client/db';
import { pendingOf } from '../../sync/device/outbox';
import { storedCookie } from '../../sync/device/pull';

/**
 * An upgraded device keeps its queue and asks for a full snapshot: version 3 added the waves
 * table, version 4 packs the catalogue, stock and places (sync/device/packed.ts), version 5 adds
 * the open returns, version 6 the places of the counting stocktakes.
 */
describe('Dexie upgrades', () => {
  it('from version 2: keeps the outbox and forgets the pull cookie', async () => {
    const name = `upgrade-v3-${Math.random()}`;
    const v2 = new Dexie(name);
    v2.version(1).stores({});
    v2.version(2).stores(SCHEMA_V2);
    await v2.open();
    await v2.table('meta').bulkPut([
      { key: 'deviceId', value: 'dev-v2' },
      { key: 'cookie', value: { userId: 5, cookie: 123_456 } },
    ]);
    await v2.table('outbox').add({
      clientId: 'dev-v2-u5',
      id: 1,
      name: 'stock.inbound',
      args: {},
      userId: 5,
      createdAt: new Date().toISOString(),
      status: 'pending',
      label: 'v2 #1',
    });
    v2.close();

    const db = new LagerwerkDb(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect((await pendingOf(db, 'dev-v2-u5')).map((e) => e.label)).toEqual(['v2 #1']);
    expect(await storedCookie(db, 5)).toBeNull();
    expect((await db.meta.get('deviceId'))?.value).toBe('dev-v2');
    expect(await db.waves.count()).toBe(0);
    await db.delete();
  });

  it('from version 3: drops the one-row-per-record catalogue, stock and places, keeps the queue', async () => {
    const name = `upgrade-v4-${Math.random()}`;
    const v3 = new Dexie(name);
    v3.version(3).stores(SCHEMA_V3);
    await v3.open();
    await v3.table('meta').put({ key: 'cookie', value: { userId: 5, cookie: 99 } });
    await v3.table('product').put({ id: 1, ean: '4006381333931', title: 'alt', image_url: null });
    await v3.table('location').put({ id: 2, barcode: 'A-01-01', path: 'A', is_active: true });
    await v3.table('waves').put({ id: 3, status: 'open' });
    await v3
      .table('outbox')
      .add({ clientId: 'dev-u5', id: 1, name: 'stock.inbound', args: {}, userId: 5, createdAt: new Date().toISOString(), status: 'pending', label: 'v3 #1' });
    v3.close();

    const db = new LagerwerkDb(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'customer',
      'meta',
      'notification',
      'outbox',
      'packIds',
      'packs',
      'returns',
      'stocktakePlaces',
      'waves',
    ]);
    expect((await pendingOf(db, 'dev-u5')).map((e) => e.label)).toEqual(['v3 #1']);
    expect(await storedCookie(db, 5)).toBeNull();
    expect(await db.products.count()).toBe(0);
    expect(await db.waves.count()).toBe(1);
    await db.delete();
  });

  it('from version 4: adds the returns table, keeps the queue and forgets the pull cookie', async () => {
    const name = `upgrade-v5-${Math.random()}`;
    const v4 = new Dexie(name);
    v4.version(4).stores(SCHEMA_V4);
    await v4.open();
    await v4.table('meta').put({ key: 'cookie', value: { userId: 5, cookie: 99 } });
    await v4
      .table('outbox')
      .add({ clientId: 'dev-u5', id: 1, name: 'stock.inbound', args: {}, userId: 5, createdAt: new Date().toISOString(), status: 'pending', label: 'v4 #1' });
    v4.close();

    const db = new LagerwerkDb(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect((await pendingOf(db, 'dev-u5')).map((e) => e.label)).toEqual(['v4 #1']);
    expect(await storedCookie(db, 5)).toBeNull();
    expect(await db.returns.count()).toBe(0);
    await db.delete();
  });

  it('from version 5: adds the stocktake places, keeps the queue and forgets the pull cookie', async () => {
    const name = `upgrade-v6-${Math.random()}`;
    const v5 = new Dexie(name);
    v5.version(5).stores(SCHEMA_V5);
    await v5.open();
    await v5.table('meta').put({ key: 'cookie', value: { userId: 5, cookie: 77 } });
    await v5
      .table('outbox')
      .add({ clientId: 'dev-u5', id: 1, name: 'stock.inbound', args: {}, userId: 5, createdAt: new Date().toISOString(), status: 'pending', label: 'v5 #1' });
    v5.close();

    const db = new LagerwerkDb(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect((await pendingOf(db, 'dev-u5')).map((e) => e.label)).toEqual(['v5 #1']);
    expect(await storedCookie(db, 5)).toBeNull();
    expect(await db.stocktakePlaces.count()).toBe(0);
    await db.delete();
  });
});
