import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LagerwerkDb, SCHEMA_V1 } from '../../client/db';
import { acknowledge, clientIdFor, enqueue, getClientMeta, markRejected, pendingOf, retry } from '../../sync/device/outbox';

let n = 0;
const open: LagerwerkDb[] = [];
function freshDb(name = `outbox-test-${++n}-${Math.random()}`): LagerwerkDb {
  const db = new LagerwerkDb(name);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const inbound = (i: number) => ({ ean: '4006381333931', quantity: i, location_barcode: 'A-01-01', notes: null, customer_id: 1 });

describe('outbox ids', () => {
  it('are gapless and unique under concurrent enqueues, also from two tabs on the same database', async () => {
    const name = `tabs-${Math.random()}`;
    const tab1 = freshDb(name);
    const tab2 = freshDb(name);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => enqueue(i % 2 ? tab1 : tab2, { userId: 7, name: 'stock.inbound', args: inbound(i + 1), label: `#${i}` })),
    );
    const clientId = await clientIdFor(tab1, 7);
    const ids = (await pendingOf(tab1, clientId)).map((e) => e.id);
    expect(ids).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect((await getClientMeta(tab2, clientId, 7)).lastAllocatedId).toBe(60);
  });

  it('keeps one gapless stream per user on a shared device and never reuses an id after deletion', async () => {
    const db = freshDb();
    const a1 = await enqueue(db, { userId: 1, name: 'stock.inbound', args: inbound(1), label: 'a' });
    const b1 = await enqueue(db, { userId: 2, name: 'stock.inbound', args: inbound(1), label: 'b' });
    const a2 = await enqueue(db, { userId: 1, name: 'stock.inbound', args: inbound(2), label: 'a' });
    expect([a1.id, a2.id, b1.id]).toEqual([1, 2, 1]);
    expect(a1.clientId).not.toBe(b1.clientId);
    expect(a1.clientId.startsWith(b1.clientId.slice(0, 20))).toBe(true); // same install id
    await markRejected(db, a2.clientId, a2.id, 'STOCK_INSUFFICIENT', {});
    await acknowledge(db, a2.clientId, a2.id);
    const a3 = await enqueue(db, { userId: 1, name: 'stock.inbound', args: inbound(3), label: 'a' });
    expect(a3.id).toBe(3);
  });

  it('only rejected entries can be acknowledged; retry re-enqueues as a new id and removes the old one atomically', async () => {
    const db = freshDb();
    const e = await enqueue(db, { userId: 1, name: 'stock.outbound', args: inbound(4), label: 'x', effect: { stock: [] } });
    await acknowledge(db, e.clientId, e.id);
    expect(await db.outbox.count()).toBe(1); // pending: not droppable
    await markRejected(db, e.clientId, e.id, 'STOCK_INSUFFICIENT', { location: 'A-01-01', available: 2 });
    const again = await retry(db, e.clientId, e.id, 1);
    expect(again?.id).toBe(2);
    expect(again?.args).toEqual(e.args);
    const all = await db.outbox.toArray();
    expect(all.map((x) => [x.id, x.status])).toEqual([[2, 'pending']]);
  });
});

describe('Dexie version upgrade', () => {
  it('keeps the outbox and the id counter when a version-1 database is opened by the current schema', async () => {
    const name = `upgrade-${Math.random()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_V1);
    await v1.open();
    await v1.table('meta').bulkPut([
      { key: 'deviceId', value: 'dev-1234567890' },
      { key: 'client:dev-1234567890-u5', value: { clientId: 'dev-1234567890-u5', userId: 5, lastAllocatedId: 2, pulledMutationId: 0 } },
    ]);
    for (const id of [1, 2]) {
      await v1.table('outbox').add({
        clientId: 'dev-1234567890-u5',
        id,
        name: 'stock.inbound',
        args: inbound(id),
        userId: 5,
        createdAt: new Date().toISOString(),
        status: 'pending',
        label: `v1 #${id}`,
      });
    }
    expect(v1.verno).toBe(1);
    v1.close();

    const current = freshDb(name);
    await current.open();
    expect(current.verno).toBeGreaterThan(1);
    const kept = await pendingOf(current, 'dev-1234567890-u5');
    expect(kept.map((e) => [e.id, e.label])).toEqual([
      [1, 'v1 #1'],
      [2, 'v1 #2'],
    ]);
    expect(await current.notification.count()).toBe(0); // new table exists
    const next = await enqueue(current, { userId: 5, name: 'stock.inbound', args: inbound(3), label: 'after upgrade' });
    expect(next.clientId).toBe('dev-1234567890-u5');
    expect(next.id).toBe(3);
  });
});
