import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { LagerwerkDb, SCHEMA_V2 } from '../../client/db';
import { pendingOf } from '../../sync/device/outbox';
import { storedCookie } from '../../sync/device/pull';

/** Version 3 adds the waves table: an upgraded device keeps its queue and asks for a full snapshot to fill the table. */
describe('Dexie upgrade to version 3 (waves)', () => {
  it('keeps the outbox and forgets the pull cookie', async () => {
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
    expect(db.verno).toBe(3);
    expect((await pendingOf(db, 'dev-v2-u5')).map((e) => e.label)).toEqual(['v2 #1']);
    expect(await storedCookie(db, 5)).toBeNull();
    expect((await db.meta.get('deviceId'))?.value).toBe('dev-v2');
    expect(await db.waves.count()).toBe(0);
    await db.delete();
  });
});
