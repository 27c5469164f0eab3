import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { LagerwerkDb } from '../../client/db';
import { type EngineEnv, SyncEngine } from '../../sync/device/engine';
import { inMemoryLock } from '../../sync/device/lock';
import { enqueue } from '../../sync/device/outbox';
import { FakeSyncServer } from './fake-sync-server';

const open: LagerwerkDb[] = [];
const engines: SyncEngine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
  for (const db of open.splice(0)) db.close();
});

function fakeEnv() {
  const listeners = new Map<string, Set<() => void>>();
  let online = false;
  const env: EngineEnv = {
    isOnline: () => online,
    addEventListener: (t, fn) => listeners.set(t, new Set([...(listeners.get(t) ?? []), fn])),
    removeEventListener: (t, fn) => listeners.get(t)?.delete(fn),
    isVisible: () => true,
  };
  return {
    env,
    setOnline(v: boolean) {
      online = v;
      for (const fn of listeners.get(v ? 'online' : 'offline') ?? []) fn();
    },
  };
}

function setup() {
  const db = new LagerwerkDb(`engine-${Math.random()}`);
  open.push(db);
  const server = new FakeSyncServer();
  server.tokens.set('tok', 1);
  const net = fakeEnv();
  const engine = new SyncEngine({ db, transport: server, lock: inMemoryLock(), session: () => ({ userId: 1, token: 'tok' }), env: net.env, intervalMs: 60_000 });
  engines.push(engine);
  return { db, server, net, engine };
}

const args = { ean: '4006381333931', quantity: 2, location_barcode: 'A-01-01', notes: null, customer_id: 1 };

describe('sync engine triggers', () => {
  it('does nothing while offline and pushes then pulls on the online event', async () => {
    const t = setup();
    t.engine.start();
    await enqueue(t.db, { userId: 1, name: 'stock.inbound', args, label: 'x' });
    await t.engine.syncNow();
    expect(t.server.pushes).toHaveLength(0);
    expect(t.engine.state.get().online).toBe(false);
    t.net.setOnline(true);
    await t.engine.syncNow();
    expect(t.server.applied).toHaveLength(1);
    expect(await t.db.outbox.count()).toBe(0); // the pull after the push covered it
    expect(t.engine.state.get().lastSyncAt).not.toBeNull();
  });

  it('a failed round schedules a retry with backoff and keeps the queue', async () => {
    const t = setup();
    t.net.setOnline(true);
    t.engine.start();
    await t.engine.syncNow();
    await enqueue(t.db, { userId: 1, name: 'stock.inbound', args, label: 'x' });
    t.server.failNext = [503];
    await t.engine.syncNow();
    expect(t.engine.state.get().retryInMs).toBeGreaterThan(0);
    expect(await t.db.outbox.where('status').equals('pending').count()).toBe(1);
    await t.engine.syncNow();
    expect(t.server.applied).toHaveLength(1);
    expect(t.engine.state.get().retryInMs).toBe(0);
  });

  it('rounds never overlap: triggers during a round ask for one more round', async () => {
    const t = setup();
    t.net.setOnline(true);
    t.server.delayMs = 10;
    await enqueue(t.db, { userId: 1, name: 'stock.inbound', args, label: 'a' });
    const a = t.engine.syncNow();
    await enqueue(t.db, { userId: 1, name: 'stock.inbound', args, label: 'b' });
    const b = t.engine.syncNow();
    await Promise.all([a, b]);
    expect(t.server.maxInFlight).toBe(1);
    expect(t.server.applied.map((x) => x.id)).toEqual([1, 2]);
  });
});
