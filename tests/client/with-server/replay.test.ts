import 'fake-indexeddb/auto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LockRunner, webLock } from '../../../sync/device/lock';
import { productTable } from '../../../client/features/products/offline';
import { PackWriter } from '../../../sync/device/pack-writer';
import { enqueue, listOutbox, pendingOf } from '../../../sync/device/outbox';
import { pull } from '../../../sync/device/pull';
import { push } from '../../../sync/device/replay';
import { PushResponse } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { FaultyTransport } from '../../helpers/inprocess-transport';
import { ledgerMismatches } from '../../helpers/ledger';
import { expiredToken } from '../../sync/server/sync-helpers';
import {
  appliedIds,
  buildSyncWorld,
  ledgerMutationIds,
  realTransport,
  START_STOCK,
  type SyncWorld,
  serverLastId,
  serverLog,
  stockAt,
  TestDevice,
  type WorldUser,
} from '../../helpers/sync-device';
import { availableOnDevice, bookIn, bookOut, LocalStockError, placeOnDevice, placesOnDevice } from './local-bookings';

/**
 * The device's push loop and pull merge (sync/device) against the REAL
 * /api/sync/push and /api/sync/pull handlers on a real database. Faults
 * (503, lost answers, no network) are injected in the transport only; what
 * the server did is read from its tables.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // An infrastructure failure on demand (as in push-faults.test.ts): the ledger insert of a booking noted 'CRASH' fails like a broken disk.
  await sql`
    CREATE FUNCTION lw_test_crash() RETURNS trigger AS $$
    BEGIN
      IF NEW.notes = 'CRASH' THEN RAISE EXCEPTION 'simulated disk failure' USING ERRCODE = '58030'; END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`.execute(t.db);
});
afterAll(async () => t.close());

const devices: TestDevice[] = [];
afterEach(async () => {
  for (const d of devices.splice(0)) d.close();
  // Whatever a test did, the stock table must still equal the sum of its ledger.
  expect(await ledgerMismatches(t.db)).toEqual([]);
});

const session = (w: SyncWorld, u: WorldUser) => ({ userId: u.id, token: w.token(u) });

async function setup(opts: { net?: FaultyTransport; lock?: LockRunner; dbName?: string; w?: SyncWorld } = {}) {
  const w = opts.w ?? (await buildSyncWorld(t));
  const net = opts.net ?? realTransport(t);
  const device = new TestDevice({ transport: net, session: session(w, w.worker), lock: opts.lock, dbName: opts.dbName });
  devices.push(device);
  return { w, net, device, deps: device.deps, db: device.db };
}

const inboundArgs = (w: SyncWorld, quantity: number, notes: string | null = null) => ({
  ean: w.product.ean,
  quantity,
  location_barcode: w.placeA.barcode,
  notes,
  customer_id: w.customer.id,
});

/** Queues stock.inbound of 1, 2, … units (sum of 1..count) for the user. */
async function queueInbound(device: TestDevice, w: SyncWorld, user: WorldUser, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) await enqueue(device.db, { userId: user.id, name: 'stock.inbound', args: inboundArgs(w, i), label: `#${i}` });
}

/** A navigator.locks stand-in with the Web Locks ifAvailable semantics, shared by "tabs". */
function fakeLockManager() {
  const held = new Set<string>();
  return {
    async request<T>(name: string, _o: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<T>): Promise<T> {
      if (held.has(name)) return cb(null);
      held.add(name);
      try {
        return await cb({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

/** The statuses of the results of one push answer (a 200 body). */
function statusesOf(answer: { body: unknown } | undefined): string[] {
  return PushResponse.parse(answer?.body).results.map((r) => r.status);
}

const armCrash = () => sql`CREATE TRIGGER lw_test_crash BEFORE INSERT ON stock_movements FOR EACH ROW EXECUTE FUNCTION lw_test_crash()`.execute(t.db);
const disarmCrash = () => sql`DROP TRIGGER lw_test_crash ON stock_movements`.execute(t.db);

describe('replay (push loop) against the real server', () => {
  it('pushes in id order in batches and marks answered entries; a following pull drops them', async () => {
    const { w, net, device, deps } = await setup();
    await queueInbound(device, w, w.worker, 7);
    expect(await push({ ...deps, batchSize: 3 })).toBe('done');
    expect(net.pushedIds()).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    const clientId = await device.clientId(w.worker.id);
    expect(await appliedIds(t.db, clientId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await ledgerMutationIds(t.db, clientId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 28);
    expect((await listOutbox(device.db)).every((e) => e.status === 'applied')).toBe(true);

    expect(await pull(deps)).toBe('ok');
    expect(await device.db.outbox.count()).toBe(0);
    expect((await device.db.stockRows.get(w.stockIdA))?.quantity).toBe(START_STOCK + 28);
  });

  it('only one pusher at a time: two loops sharing the lock (fake navigator.locks) never push concurrently, each id applied once', async () => {
    const name = `two-tabs-${Math.random()}`;
    const locks = fakeLockManager();
    const tab1 = await setup({ dbName: name, lock: webLock(locks) });
    // The second tab: same IndexedDB (same install, same stream), same network, same user.
    const tab2 = await setup({ dbName: name, lock: webLock(locks), net: tab1.net, w: tab1.w });
    const { w, net } = tab1;
    net.delayMs = 15;
    await queueInbound(tab1.device, w, w.worker, 10);
    const outcomes = await Promise.all([push({ ...tab1.deps, batchSize: 2 }), push({ ...tab2.deps, batchSize: 2 }), push({ ...tab1.deps, batchSize: 2 })]);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(2);
    expect(net.maxInFlight).toBe(1);
    // Each batch went out once: a second pusher would have re-sent pending ids (answered as duplicates).
    expect(net.pushedIds()).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
    ]);
    const clientId = await tab1.device.clientId(w.worker.id);
    expect(await appliedIds(t.db, clientId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await ledgerMutationIds(t.db, clientId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 55);
  });

  it('rejected entries stay in the problem list with code and params until acknowledged and are not re-sent', async () => {
    const { w, net, device, deps } = await setup();
    await enqueue(device.db, {
      userId: w.worker.id,
      name: 'stock.outbound',
      args: { ean: w.product.ean, quantity: 50, location_barcode: w.placeA.barcode, notes: null },
      label: 'zu viel',
    });
    await enqueue(device.db, { userId: w.worker.id, name: 'stock.inbound', args: inboundArgs(w, 1), label: 'ok' });
    expect(await push(deps)).toBe('done');
    await pull(deps);
    const left = await listOutbox(device.db);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      id: 1,
      status: 'rejected',
      code: 'STOCK_INSUFFICIENT',
      params: { location: w.placeA.barcode, available: START_STOCK, requested: 50 },
    });
    // The rejection did not block the queue, and nothing of it reached the stock.
    const clientId = await device.clientId(w.worker.id);
    expect((await serverLog(t.db, clientId)).map((m) => [m.id, m.status, m.code])).toEqual([
      [1, 'rejected', 'STOCK_INSUFFICIENT'],
      [2, 'applied', null],
    ]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 1);

    expect(await push(deps)).toBe('idle');
    expect(net.pushes).toHaveLength(1);
  });

  it('401 keeps the queue and asks for a login; after the same user logs in again the SAME ids go out', async () => {
    const { w, net, device, deps } = await setup();
    await queueInbound(device, w, w.worker, 3);
    // A token that expired during the offline shift, signed with the server's real secret.
    device.login({ userId: w.worker.id, token: expiredToken(t.config.jwtSecret, w.worker) });
    expect(await push(deps)).toBe('needsLogin');
    expect(net.pushAnswers[0]?.status).toBe(401);
    expect(device.state.get().needsLogin).toBe(true);
    const clientId = await device.clientId(w.worker.id);
    expect((await pendingOf(device.db, clientId)).map((e) => e.id)).toEqual([1, 2, 3]);
    expect(await serverLastId(t.db, clientId)).toBeNull();

    device.login(session(w, w.worker));
    expect(await push(deps)).toBe('done');
    expect(net.pushedIds()).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(await appliedIds(t.db, clientId)).toEqual([1, 2, 3]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 6);
    expect(device.state.get().needsLogin).toBe(false);
  });

  it("never pushes user A's queue while user B is logged in", async () => {
    const { w, net, device, deps } = await setup();
    const a = w.worker;
    const b = w.other;
    await queueInbound(device, w, a, 2);
    device.login(session(w, b));
    expect(await push(deps)).toBe('idle');
    expect(net.pushes).toHaveLength(0);

    await enqueue(device.db, { userId: b.id, name: 'stock.inbound', args: inboundArgs(w, 9), label: 'B' });
    expect(await push(deps)).toBe('done');
    expect(net.pushes.flatMap((p) => p.mutations.map((m) => m.userId))).toEqual([b.id]);
    expect((await listOutbox(device.db)).filter((e) => e.status === 'pending').map((e) => e.userId)).toEqual([a.id, a.id]);

    device.login(session(w, a));
    expect(await push(deps)).toBe('done');
    // One stream per user, each booked under its author.
    const streamA = await device.clientId(a.id);
    const streamB = await device.clientId(b.id);
    expect((await serverLog(t.db, streamB)).map((m) => [m.id, m.name, m.status, m.userId])).toEqual([[1, 'stock.inbound', 'applied', b.id]]);
    expect((await serverLog(t.db, streamA)).map((m) => [m.id, m.name, m.status, m.userId])).toEqual([
      [1, 'stock.inbound', 'applied', a.id],
      [2, 'stock.inbound', 'applied', a.id],
    ]);
    const movedBy = await t.db.selectFrom('stock_movements').select(['client_id', 'user_id']).where('client_id', 'in', [streamA, streamB]).execute();
    expect(movedBy.every((m) => m.user_id === (m.client_id === streamA ? a.id : b.id))).toBe(true);
    expect(movedBy).toHaveLength(3);
  });

  it('503 and network errors keep the queue for a later retry; 426 (from the real server) stops until the app is updated', async () => {
    const { w, net, device, deps } = await setup();
    await queueInbound(device, w, w.worker, 2);
    net.failNext(503, 0);
    expect(await push(deps)).toBe('retry');
    expect(await push(deps)).toBe('retry');
    expect(await device.db.outbox.where('status').equals('pending').count()).toBe(2);

    net.outdatedNext();
    expect(await push(deps)).toBe('updateRequired');
    expect(net.pushAnswers[2]).toMatchObject({ status: 426, body: { code: 'SYNC_CLIENT_OUTDATED' } });
    expect(await push(deps)).toBe('updateRequired'); // no further attempt
    expect(net.pushes).toHaveLength(3);
    expect(await device.db.outbox.where('status').equals('pending').count()).toBe(2);
    const clientId = await device.clientId(w.worker.id);
    expect(await serverLog(t.db, clientId)).toEqual([]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK);
  });

  it('a real 503 after part of a batch (test 3): the answered part is recorded, the retry applies the rest once', async () => {
    const { w, net, device, deps } = await setup();
    const clientId = await device.clientId(w.worker.id);
    for (const [q, notes] of [
      [1, null],
      [2, null],
      [3, 'CRASH'],
      [4, null],
      [5, null],
    ] as const) {
      await enqueue(device.db, { userId: w.worker.id, name: 'stock.inbound', args: inboundArgs(w, q, notes), label: `#${q}` });
    }
    await armCrash();
    try {
      expect(await push(deps)).toBe('retry');
    } finally {
      await disarmCrash();
    }
    expect(net.pushAnswers[0]?.status).toBe(503);
    expect(await serverLastId(t.db, clientId)).toBe(2);
    expect((await listOutbox(device.db)).map((e) => [e.id, e.status])).toEqual([
      [1, 'applied'],
      [2, 'applied'],
      [3, 'pending'],
      [4, 'pending'],
      [5, 'pending'],
    ]);

    expect(await push(deps)).toBe('done');
    expect(net.pushedIds()).toEqual([
      [1, 2, 3, 4, 5],
      [3, 4, 5],
    ]);
    expect(await appliedIds(t.db, clientId)).toEqual([1, 2, 3, 4, 5]);
    expect(await ledgerMutationIds(t.db, clientId)).toEqual([1, 2, 3, 4, 5]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 15);
  });

  it('a lost response is answered as duplicate on retry: one effect (test 2)', async () => {
    const { w, net, device, deps } = await setup();
    await queueInbound(device, w, w.worker, 2);
    net.dropResponseNext();
    expect(await push(deps)).toBe('retry');
    const clientId = await device.clientId(w.worker.id);
    // The server committed although the device heard nothing.
    expect(await appliedIds(t.db, clientId)).toEqual([1, 2]);
    expect(await device.db.outbox.where('status').equals('pending').count()).toBe(2);

    expect(await push(deps)).toBe('done');
    expect(statusesOf(net.pushAnswers[1])).toEqual(['duplicate', 'duplicate']);
    expect(await ledgerMutationIds(t.db, clientId)).toEqual([1, 2]);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 3);
    expect((await listOutbox(device.db)).map((e) => e.status)).toEqual(['applied', 'applied']);
  });

  it('409 out of order (test 4) re-aligns the pending ids with the server and sends them once', async () => {
    const { w, net, device, deps } = await setup();
    await queueInbound(device, w, w.worker, 3);
    const clientId = await device.clientId(w.worker.id);
    // The device believes 1..3 were answered before (e.g. the server was restored from a backup).
    await device.db.outbox.where('[clientId+id]').between([clientId, 0], [clientId, 3], true, true).delete();
    await queueInbound(device, w, w.worker, 2); // ids 4, 5 with 1 and 2 units
    expect(await push(deps)).toBe('done');
    expect(net.pushedIds()).toEqual([
      [4, 5],
      [1, 2],
    ]);
    expect(net.pushAnswers[0]).toMatchObject({ status: 409, body: { code: 'SYNC_OUT_OF_ORDER', expectedId: 1 } });
    expect(await appliedIds(t.db, clientId)).toEqual([1, 2]);
    expect(await serverLastId(t.db, clientId)).toBe(2);
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(START_STOCK + 3);
  });
});

describe('optimistic effects and pull merge against the real server', () => {
  it('shows pending bookings at once, keeps them through pulls until covered, and never counts them twice', async () => {
    const { w, device, deps } = await setup();
    expect(await pull(deps)).toBe('ok');
    const loc = await placeOnDevice(device.db, w.placeA.barcode);
    const userId = w.worker.id;
    await bookIn(device.db, { userId, product: w.product, quantity: 3, location: loc, customerId: w.customer.id });
    await bookOut(device.db, { userId, product: w.product, quantity: 2, location: loc });
    const avail = () => availableOnDevice(device.db, w.product.ean, w.placeA.barcode);
    expect(await avail()).toBe(6);
    await expect(bookOut(device.db, { userId, product: w.product, quantity: 7, location: loc })).rejects.toBeInstanceOf(LocalStockError);

    // A pull before the push must not drop the pending effects.
    expect(await pull(deps)).toBe('ok');
    expect(await avail()).toBe(6);
    // Pushed and applied, not yet pulled: still shown once.
    expect(await push(deps)).toBe('done');
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(6);
    expect(await avail()).toBe(6);
    expect(await pull(deps)).toBe('ok');
    expect((await device.db.stockRows.get(w.stockIdA))?.quantity).toBe(6);
    expect(await avail()).toBe(6);
    expect(await device.db.outbox.count()).toBe(0);
  });

  it('a rejected booking drops out of the local numbers (its optimistic effect is undone)', async () => {
    const { w, net, device, deps } = await setup();
    await pull(deps);
    const loc = await placeOnDevice(device.db, w.placeA.barcode);
    await bookOut(device.db, { userId: w.worker.id, product: w.product, quantity: START_STOCK, location: loc });
    expect(await placesOnDevice(device.db, w.product.ean)).toEqual([]);

    // Another device takes 4 meanwhile and gets through first.
    const rival = await setup({ net, w });
    rival.device.login(session(w, w.other));
    await pull(rival.deps);
    await bookOut(rival.db, { userId: w.other.id, product: w.product, quantity: 4, location: await placeOnDevice(rival.db, w.placeA.barcode) });
    expect(await push(rival.deps)).toBe('done');

    expect(await push(deps)).toBe('done');
    expect(await pull(deps)).toBe('ok');
    expect(await availableOnDevice(device.db, w.product.ean, w.placeA.barcode)).toBe(1);
    expect((await listOutbox(device.db))[0]).toMatchObject({
      status: 'rejected',
      code: 'STOCK_INSUFFICIENT',
      params: { available: 1, requested: START_STOCK },
    });
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(1);
  });

  it('two devices take the last unit at the same time (test 5): one applied, one STOCK_INSUFFICIENT, never below 0', async () => {
    const first = await setup();
    const { w, net } = first;
    const second = await setup({ net, w });
    second.device.login(session(w, w.other));
    for (const d of [first, second]) {
      await pull(d.deps);
      const user = d === first ? w.worker : w.other;
      // Both devices, offline, see all units and take them.
      await bookOut(d.db, { userId: user.id, product: w.product, quantity: START_STOCK, location: await placeOnDevice(d.db, w.placeA.barcode) });
    }
    net.delayMs = 5;
    expect(await Promise.all([push(first.deps), push(second.deps)])).toEqual(['done', 'done']);
    const outcomes = [
      ...(await serverLog(t.db, await first.device.clientId(w.worker.id))),
      ...(await serverLog(t.db, await second.device.clientId(w.other.id))),
    ];
    expect(outcomes.map((m) => m.status).sort()).toEqual(['applied', 'rejected']);
    expect(outcomes.find((m) => m.status === 'rejected')?.code).toBe('STOCK_INSUFFICIENT');
    expect(await stockAt(t.db, w.product.id, w.placeA.id)).toBe(0);
    const problems = [...(await listOutbox(first.db)), ...(await listOutbox(second.db))].filter((e) => e.status === 'rejected');
    expect(problems).toHaveLength(1);
  });

  it('a reset pull clears the working set but never the outbox', async () => {
    const { w, net, device, deps } = await setup();
    expect(await pull(deps)).toBe('ok');
    // A row the server no longer has (written as a pull would store it).
    await device.db.transaction('rw', device.db.packs, device.db.packIds, async () => {
      const stale = new PackWriter(device.db, false);
      await stale.put(productTable, { entity: 'product', columns: ['id', 'ean', 'title', 'image_url'], rows: [[999_999, '123', 'alt', null]] });
      await stale.flush();
    });
    expect(await device.db.products.get(999_999)).toMatchObject({ title: 'alt' });
    await queueInbound(device, w, w.worker, 2);
    net.unknownCookieNextPull();
    expect(await pull(deps)).toBe('ok');
    // The real server answered with a full snapshot (not a delta that would leave the stale row alone).
    expect(net.pullAnswers.at(-1)?.body).toMatchObject({ reset: true });
    expect(await device.db.products.get(999_999)).toBeUndefined();
    expect(await device.db.products.get(w.product.id)).toMatchObject({ ean: w.product.ean });
    expect(await device.db.outbox.count()).toBe(2);
    // The queue still goes out afterwards.
    expect(await push(deps)).toBe('done');
    expect(await appliedIds(t.db, await device.clientId(w.worker.id))).toEqual([1, 2]);
  });
});
