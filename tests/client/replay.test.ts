import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { LagerwerkDb } from '../../client/db';
import { availabilityByLocation, findLocation, LocalStockError } from '../../client/features/stock/local-stock';
import { bookInboundLocally, bookOutboundLocally } from '../../client/features/stock/offline';
import { inMemoryLock, type LockRunner, webLock } from '../../sync/device/lock';
import { clientIdFor, enqueue, listOutbox, pendingOf } from '../../sync/device/outbox';
import { pull, type Session } from '../../sync/device/pull';
import { push } from '../../sync/device/replay';
import { SyncStateStore } from '../../sync/device/state';
import { FakeSyncServer } from './fake-sync-server';

const EAN = '4006381333931';
const open: LagerwerkDb[] = [];
function freshDb(name = `replay-${Math.random()}`): LagerwerkDb {
  const db = new LagerwerkDb(name);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function setup(opts: { lock?: LockRunner; db?: LagerwerkDb; server?: FakeSyncServer } = {}) {
  const db = opts.db ?? freshDb();
  const server = opts.server ?? new FakeSyncServer();
  server.tokens.set('tok-a', 1);
  server.tokens.set('tok-b', 2);
  let session: Session | null = { userId: 1, token: 'tok-a' };
  const state = new SyncStateStore();
  const deps = { db, transport: server, lock: opts.lock ?? inMemoryLock(), session: () => session, state };
  return {
    db,
    server,
    state,
    deps,
    login(s: Session | null) {
      session = s;
    },
  };
}

const inboundArgs = (q: number, loc = 'A-01-01') => ({ ean: EAN, quantity: q, location_barcode: loc, notes: null, customer_id: 1 });

async function queueInbound(db: LagerwerkDb, userId: number, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) await enqueue(db, { userId, name: 'stock.inbound', args: inboundArgs(i), label: `#${i}` });
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

describe('replay (push loop)', () => {
  it('pushes in id order in batches and marks answered entries; a following pull drops them', async () => {
    const t = setup();
    await queueInbound(t.db, 1, 7);
    expect(await push({ ...t.deps, batchSize: 3 })).toBe('done');
    expect(t.server.pushes.map((p) => p.mutations.map((m) => m.id))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(t.server.applied).toHaveLength(7);
    expect((await listOutbox(t.db)).every((e) => e.status === 'applied')).toBe(true);
    expect(await pull(t.deps)).toBe('ok');
    expect(await t.db.outbox.count()).toBe(0);
    expect((await t.db.stock.get(100))?.quantity).toBe(5 + 28);
  });

  it('only one pusher at a time: two loops sharing the lock (fake navigator.locks) never push concurrently, each id applied once', async () => {
    const name = `two-tabs-${Math.random()}`;
    const locks = fakeLockManager();
    const server = new FakeSyncServer();
    server.delayMs = 15;
    const tab1 = setup({ db: freshDb(name), server, lock: webLock(locks) });
    const tab2 = setup({ db: freshDb(name), server, lock: webLock(locks) });
    await queueInbound(tab1.db, 1, 10);
    const outcomes = await Promise.all([
      push({ ...tab1.deps, batchSize: 2 }),
      push({ ...tab2.deps, batchSize: 2 }),
      push({ ...tab1.deps, batchSize: 2 }),
    ]);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(2);
    expect(server.maxInFlight).toBe(1);
    expect(server.applied.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('rejected entries stay in the problem list with code and params until acknowledged and are not re-sent', async () => {
    const t = setup();
    await enqueue(t.db, { userId: 1, name: 'stock.outbound', args: { ean: EAN, quantity: 50, location_barcode: 'A-01-01', notes: null }, label: 'zu viel' });
    await enqueue(t.db, { userId: 1, name: 'stock.inbound', args: inboundArgs(1), label: 'ok' });
    expect(await push(t.deps)).toBe('done');
    await pull(t.deps);
    const left = await listOutbox(t.db);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: 1, status: 'rejected', code: 'STOCK_INSUFFICIENT', params: { location: 'A-01-01', available: 5 } });
    expect(await push(t.deps)).toBe('idle');
    expect(t.server.pushes).toHaveLength(1);
  });

  it('401 keeps the queue and asks for a login; after the same user logs in again the SAME ids go out', async () => {
    const t = setup();
    await queueInbound(t.db, 1, 3);
    t.login({ userId: 1, token: 'expired' });
    expect(await push(t.deps)).toBe('needsLogin');
    expect(t.state.get().needsLogin).toBe(true);
    const clientId = await clientIdFor(t.db, 1);
    expect((await pendingOf(t.db, clientId)).map((e) => e.id)).toEqual([1, 2, 3]);
    t.login({ userId: 1, token: 'tok-a' });
    expect(await push(t.deps)).toBe('done');
    expect(t.server.pushes.map((p) => p.mutations.map((m) => m.id))).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(t.server.applied).toHaveLength(3);
    expect(t.state.get().needsLogin).toBe(false);
  });

  it("never pushes user A's queue while user B is logged in", async () => {
    const t = setup();
    await queueInbound(t.db, 1, 2);
    t.login({ userId: 2, token: 'tok-b' });
    expect(await push(t.deps)).toBe('idle');
    expect(t.server.pushes).toHaveLength(0);
    await enqueue(t.db, { userId: 2, name: 'stock.inbound', args: inboundArgs(9), label: 'B' });
    expect(await push(t.deps)).toBe('done');
    expect(t.server.pushes.flatMap((p) => p.mutations.map((m) => m.userId))).toEqual([2]);
    expect((await listOutbox(t.db)).filter((e) => e.status === 'pending').map((e) => e.userId)).toEqual([1, 1]);
    t.login({ userId: 1, token: 'tok-a' });
    expect(await push(t.deps)).toBe('done');
    expect(t.server.applied.map((a) => [a.id, a.name])).toEqual([
      [1, 'stock.inbound'],
      [1, 'stock.inbound'],
      [2, 'stock.inbound'],
    ]);
  });

  it('503 and network errors keep the queue for a later retry; 426 stops until the app is updated', async () => {
    const t = setup();
    await queueInbound(t.db, 1, 2);
    t.server.failNext = [503, 0];
    expect(await push(t.deps)).toBe('retry');
    expect(await push(t.deps)).toBe('retry');
    expect(await t.db.outbox.where('status').equals('pending').count()).toBe(2);
    t.server.failNext = [426];
    expect(await push(t.deps)).toBe('updateRequired');
    expect(await push(t.deps)).toBe('updateRequired'); // no further attempt
    expect(t.server.pushes).toHaveLength(3);
    expect(await t.db.outbox.where('status').equals('pending').count()).toBe(2);
  });

  it('a lost response is answered as duplicate on retry: one effect', async () => {
    const t = setup();
    await queueInbound(t.db, 1, 2);
    const real = t.server.push.bind(t.server);
    let drop = true;
    t.server.push = async (req, token) => {
      const a = await real(req, token);
      if (drop) {
        drop = false;
        return { status: 0, body: null };
      }
      return a;
    };
    expect(await push(t.deps)).toBe('retry');
    expect(await push(t.deps)).toBe('done');
    expect(t.server.applied).toHaveLength(2);
    expect((await listOutbox(t.db)).map((e) => e.status)).toEqual(['applied', 'applied']);
  });

  it('409 out of order re-aligns the pending ids with the server and sends them once', async () => {
    const t = setup();
    await queueInbound(t.db, 1, 3);
    const clientId = await clientIdFor(t.db, 1);
    // The device believes 1..3 were answered before (e.g. the server was restored from a backup).
    await t.db.outbox.where('[clientId+id]').between([clientId, 0], [clientId, 3], true, true).delete();
    await queueInbound(t.db, 1, 2); // ids 4, 5
    expect(await push(t.deps)).toBe('done');
    expect(t.server.pushes.map((p) => p.mutations.map((m) => m.id))).toEqual([
      [4, 5],
      [1, 2],
    ]);
    expect(t.server.applied.map((a) => a.id)).toEqual([1, 2]);
  });
});

describe('optimistic effects and pull merge', () => {
  it('shows pending bookings at once, keeps them through pulls until covered, and never counts them twice', async () => {
    const t = setup();
    expect(await pull(t.deps)).toBe('ok');
    const loc = await findLocation(t.db, 'A-01-01');
    if (!loc) throw new Error('location missing');
    await bookInboundLocally(t.db, { userId: 1, ean: EAN, quantity: 3, location: loc, customerId: 1, notes: '' });
    await bookOutboundLocally(t.db, { userId: 1, ean: EAN, quantity: 2, location: loc, notes: '' });
    const avail = async () => (await availabilityByLocation(t.db, EAN)).find((a) => a.location.barcode === 'A-01-01')?.available;
    expect(await avail()).toBe(6);
    await expect(bookOutboundLocally(t.db, { userId: 1, ean: EAN, quantity: 7, location: loc, notes: '' })).rejects.toBeInstanceOf(LocalStockError);

    // A pull before the push must not drop the pending effects.
    await pull(t.deps);
    expect(await avail()).toBe(6);
    // Pushed and applied, not yet pulled: still shown once.
    await push(t.deps);
    expect(await avail()).toBe(6);
    await pull(t.deps);
    expect((await t.db.stock.get(100))?.quantity).toBe(6);
    expect(await avail()).toBe(6);
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('a rejected booking drops out of the local numbers (its optimistic effect is undone)', async () => {
    const t = setup();
    await pull(t.deps);
    const loc = await findLocation(t.db, 'A-01-01');
    if (!loc) throw new Error('location missing');
    await bookOutboundLocally(t.db, { userId: 1, ean: EAN, quantity: 5, location: loc, notes: '' });
    expect((await availabilityByLocation(t.db, EAN)).length).toBe(0);
    t.server.stock[0].quantity = 1; // another device took 4 meanwhile
    await push(t.deps);
    await pull(t.deps);
    expect((await availabilityByLocation(t.db, EAN))[0]?.available).toBe(1);
    expect((await listOutbox(t.db))[0]).toMatchObject({ status: 'rejected', code: 'STOCK_INSUFFICIENT' });
  });

  it('a reset pull clears the working set but never the outbox', async () => {
    const t = setup();
    await pull(t.deps);
    await t.db.product.put({ id: 999, ean: '123', title: 'alt', image_url: null, base_unit: 'piece', units_per_box: null, boxes_per_pallet: null });
    await queueInbound(t.db, 1, 2);
    t.server.failNext = [];
    await pull(t.deps);
    expect(await t.db.product.get(999)).toBeUndefined();
    expect(await t.db.outbox.count()).toBe(2);
  });
});
