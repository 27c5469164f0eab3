import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EngineEnv, SyncEngine } from '../../../sync/device/engine';
import { inMemoryLock } from '../../../sync/device/lock';
import { enqueue } from '../../../sync/device/outbox';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { FaultyTransport } from '../../helpers/inprocess-transport';
import { appliedIds, buildSyncWorld, realTransport, START_STOCK, type SyncWorld, serverLastId, stockAt, TestDevice } from '../../helpers/sync-device';

/** The engine (when to push and pull) driving the real /api/sync handlers in-process. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const devices: TestDevice[] = [];
const engines: SyncEngine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
  for (const d of devices.splice(0)) d.close();
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

async function setup(): Promise<{ w: SyncWorld; net: FaultyTransport; device: TestDevice; online: ReturnType<typeof fakeEnv>; engine: SyncEngine }> {
  const w = await buildSyncWorld(t);
  const net = realTransport(t);
  const device = new TestDevice({ transport: net, session: { userId: w.worker.id, token: w.token(w.worker) } });
  devices.push(device);
  const online = fakeEnv();
  const engine = new SyncEngine({ ...device.deps, lock: inMemoryLock(), env: online.env, intervalMs: 60_000 });
  engines.push(engine);
  return { w, net, device, online, engine };
}

async function until(cond: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 1));
  }
}

const inbound = (w: SyncWorld, quantity: number) => ({
  userId: w.worker.id,
  name: 'stock.inbound' as const,
  args: { ean: w.product.ean, quantity, location_barcode: w.placeA.barcode, notes: null, customer_id: w.customer.id },
  label: `+${quantity}`,
});

describe('sync engine triggers (real server)', () => {
  it('does nothing while offline and pushes then pulls on the online event', async () => {
    const { w, net, device, online, engine } = await setup();
    engine.start();
    await enqueue(device.db, inbound(w, 2));
    await engine.syncNow();
    expect(net.pushes).toHaveLength(0);
    expect(net.pulls).toHaveLength(0);
    expect(engine.state.get().online).toBe(false);
    const clientId = await device.clientId(w.worker.id);
    expect(await serverLastId(t.db, clientId)).toBeNull(); // the server never heard of the device

    online.setOnline(true);
    await engine.syncNow();
    expect(await appliedIds(t.db, clientId)).toEqual([1]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 2);
    // The pull after the push brought the booked row and covered the entry.
    expect(await device.db.outbox.count()).toBe(0);
    expect((await device.db.stockRows.get(w.stockIdA))?.quantity).toBe(START_STOCK + 2);
    expect(engine.state.get().lastSyncAt).not.toBeNull();
  });

  it('a failed round schedules a retry with backoff and keeps the queue', async () => {
    const { w, net, device, online, engine } = await setup();
    online.setOnline(true);
    engine.start();
    await engine.syncNow();
    await enqueue(device.db, inbound(w, 2));
    net.failNext(503);
    await engine.syncNow();
    expect(engine.state.get().retryInMs).toBeGreaterThan(0);
    expect(await device.db.outbox.where('status').equals('pending').count()).toBe(1);
    const clientId = await device.clientId(w.worker.id);
    expect(await appliedIds(t.db, clientId)).toEqual([]);

    await engine.syncNow();
    expect(await appliedIds(t.db, clientId)).toEqual([1]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 2);
    expect(engine.state.get().retryInMs).toBe(0);
  });

  it('rounds never overlap: triggers during a round ask for one more round', async () => {
    const { w, net, device, online, engine } = await setup();
    online.setOnline(true);
    // Every request takes a while, so an overlapping round would be seen in flight.
    net.delayMs = 20;
    await enqueue(device.db, inbound(w, 1));
    const a = engine.syncNow();
    // The second booking arrives while the first push is on the wire, so only another round can send it.
    await until(() => net.pushes.length === 1);
    await enqueue(device.db, inbound(w, 3));
    const b = engine.syncNow();
    await Promise.all([a, b]);
    expect(net.maxInFlight).toBe(1);
    // The second trigger was not lost: its entry went out in a further round.
    expect(net.pushedIds()).toEqual([[1], [2]]);
    const clientId = await device.clientId(w.worker.id);
    expect(await appliedIds(t.db, clientId)).toEqual([1, 2]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 1 + 3);
    expect(await device.db.outbox.count()).toBe(0);
  });
});
