import type { DeviceDb, LocalEffect, OutboxEntry } from './types';

/**
 * The device outbox (docs/sync.md "Identity and ordering").
 *
 * Why it is shaped so:
 * - A device install gets a random deviceId once. The server binds a clientId
 *   to the user who first pushed with it (SYNC_CLIENT_FOREIGN), and a shared
 *   handheld is used by several people, so each user gets its own stream
 *   `<deviceId>-u<userId>` with its own counter. A queue written by A is
 *   therefore never pushed under B: B's replay only reads B's stream.
 * - The next id is taken from a counter in `meta` and the entry is stored in
 *   the SAME read-write transaction. IndexedDB serialises read-write
 *   transactions on overlapping stores (also across tabs), so two concurrent
 *   enqueues can never take the same id or leave a gap. The counter lives in
 *   meta rather than being max(outbox.id) + 1 because acknowledged entries are
 *   deleted; the number must never be reused.
 * - Ordering is by that number only; createdAt (device clock) is informational.
 */

export interface ClientMeta {
  clientId: string;
  userId: number;
  /** Highest id handed out (never reused). */
  lastAllocatedId: number;
  /** lastMutationId of the newest pull for this client: entries up to it are in the pulled data. */
  pulledMutationId: number;
  /** Highest id a push has taken to send (replay.ts takeBatch): entries up to it may be on the server already, so they are never replaced. */
  sentUpTo?: number;
  /** Per replace key, the id of the newest entry enqueued with it (see EnqueueInput.replaceKey). */
  replaceable?: Record<string, number>;
}

const DEVICE_KEY = 'deviceId';
const clientKey = (clientId: string) => `client:${clientId}`;

function randomId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The install's id, created on first use (inside the caller's transaction when there is one). */
export async function deviceId(db: DeviceDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get(DEVICE_KEY);
    if (typeof row?.value === 'string') return row.value;
    const id = randomId();
    await db.meta.put({ key: DEVICE_KEY, value: id });
    return id;
  });
}

export async function clientIdFor(db: DeviceDb, userId: number): Promise<string> {
  return `${await deviceId(db)}-u${userId}`;
}

export async function getClientMeta(db: DeviceDb, clientId: string, userId: number): Promise<ClientMeta> {
  const row = await db.meta.get(clientKey(clientId));
  return (row?.value as ClientMeta | undefined) ?? { clientId, userId, lastAllocatedId: 0, pulledMutationId: 0 };
}

export async function putClientMeta(db: DeviceDb, meta: ClientMeta): Promise<void> {
  await db.meta.put({ key: clientKey(meta.clientId), value: meta });
}

/** All client streams known on this device (for the overlay of other users' pending scans). */
export async function allClientMeta(db: DeviceDb): Promise<Map<string, ClientMeta>> {
  const rows = await db.meta.where('key').startsWith('client:').toArray();
  return new Map(rows.map((r) => [(r.value as ClientMeta).clientId, r.value as ClientMeta]));
}

export interface EnqueueInput {
  userId: number;
  name: string;
  args: unknown;
  label: string;
  effect?: LocalEffect;
  /**
   * Last write wins for this key (e.g. a wave's screen position): a pending
   * entry with the same key that no push has taken yet is overwritten in place
   * (same id, so the stream stays gapless) instead of appending a new one.
   * Only for commands whose newest args make the older ones pointless and
   * whose effect does not depend on the entries queued in between.
   */
  replaceKey?: string;
}

/** The newest entry of the key, if it is still pending and no push has taken it: then it may be overwritten. */
async function replaceableEntry(db: DeviceDb, meta: ClientMeta, key: string): Promise<OutboxEntry | null> {
  const id = meta.replaceable?.[key];
  if (id === undefined || id <= (meta.sentUpTo ?? 0)) return null;
  const e = await db.outbox.get([meta.clientId, id]);
  return e?.status === 'pending' && e.replaceKey === key ? e : null;
}

/**
 * Stores a mutation with the next gapless id of the user's stream, or
 * overwrites the replaceable entry of its replaceKey. One read-write transaction.
 */
export async function enqueue(db: DeviceDb, input: EnqueueInput): Promise<OutboxEntry> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const clientId = await clientIdFor(db, input.userId);
    const meta = await getClientMeta(db, clientId, input.userId);
    const key = input.replaceKey;
    const old = key ? await replaceableEntry(db, meta, key) : null;
    if (old) {
      const replaced: OutboxEntry = { ...old, args: input.args, label: input.label, createdAt: new Date().toISOString() };
      if (input.effect) replaced.effect = input.effect;
      else delete replaced.effect;
      await db.outbox.put(replaced);
      return replaced;
    }
    const entry: OutboxEntry = {
      clientId,
      id: meta.lastAllocatedId + 1,
      name: input.name,
      args: input.args,
      userId: input.userId,
      createdAt: new Date().toISOString(),
      status: 'pending',
      label: input.label,
      ...(input.effect ? { effect: input.effect } : {}),
      ...(key ? { replaceKey: key } : {}),
    };
    await db.outbox.add(entry);
    const replaceable = key ? { ...meta.replaceable, [key]: entry.id } : meta.replaceable;
    await putClientMeta(db, { ...meta, lastAllocatedId: entry.id, ...(replaceable ? { replaceable } : {}) });
    return entry;
  });
}

/** Pending entries of one stream in id order (what the next push sends). */
export async function pendingOf(db: DeviceDb, clientId: string, limit = Number.POSITIVE_INFINITY): Promise<OutboxEntry[]> {
  const all = await db.outbox.where('[clientId+id]').between([clientId, 0], [clientId, Number.MAX_SAFE_INTEGER]).toArray();
  return all.filter((e) => e.status === 'pending').slice(0, limit);
}

/**
 * The next push batch, and the mark that it is taken (sentUpTo) in the same
 * read-write transaction: an entry either is replaced before the push reads it
 * (the push sends the newest args) or is never replaced afterwards (it may be
 * on the server already, whatever the answer).
 */
export async function takeBatch(db: DeviceDb, clientId: string, userId: number, limit: number): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const batch = await pendingOf(db, clientId, limit);
    if (batch.length === 0) return batch;
    const meta = await getClientMeta(db, clientId, userId);
    const last = batch[batch.length - 1].id;
    if (last > (meta.sentUpTo ?? 0)) await putClientMeta(db, { ...meta, sentUpTo: last });
    return batch;
  });
}

/** Everything in the outbox (all users), id order per stream. */
export async function listOutbox(db: DeviceDb): Promise<OutboxEntry[]> {
  return db.outbox.toArray();
}

/** The server applied it (or answered a stored "applied"): kept until a pull covers it. */
export async function markApplied(db: DeviceDb, clientId: string, id: number, result: unknown): Promise<void> {
  await db.outbox.update([clientId, id], { status: 'applied', result });
}

/** The server refused it: stays in the problem list with its stable code until a person acts. */
export async function markRejected(db: DeviceDb, clientId: string, id: number, code: string, params: Record<string, unknown>): Promise<void> {
  await db.outbox.update([clientId, id], { status: 'rejected', code, params });
}

/** "Verwerfen": the person has seen the rejection. Only rejected entries may be dropped. */
export async function acknowledge(db: DeviceDb, clientId: string, id: number): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const e = await db.outbox.get([clientId, id]);
    if (e?.status === 'rejected') await db.outbox.delete([clientId, id]);
  });
}

/**
 * "Erneut versuchen": the cause was fixed (product created, stock counted…);
 * the same booking goes in again as a NEW mutation (the old id has its stored
 * outcome on the server and can never be applied again). The old entry is
 * removed in the same transaction, so it is either retried or still shown.
 */
export async function retry(db: DeviceDb, clientId: string, id: number, userId: number): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const old = await db.outbox.get([clientId, id]);
    if (old?.status !== 'rejected') return null;
    const next = await enqueue(db, { userId, name: old.name, args: old.args, label: old.label, effect: old.effect });
    await db.outbox.delete([clientId, id]);
    return next;
  });
}

/**
 * The server expects `expectedId` next but our first pending entry has a
 * higher id (the server lost acknowledged work, e.g. a restore): renumber the
 * pending entries from expectedId on. Safe because the server has applied
 * nothing >= expectedId for this client. Runs under the push lock.
 */
export async function renumberFrom(db: DeviceDb, clientId: string, userId: number, expectedId: number): Promise<void> {
  await db.transaction('rw', db.meta, db.outbox, async () => {
    const pending = await pendingOf(db, clientId);
    if (pending.length === 0 || pending[0].id <= expectedId) return;
    await db.outbox.bulkDelete(pending.map((e) => [e.clientId, e.id] as [string, number]));
    const moved = pending.map((e, i) => ({ ...e, id: expectedId + i }));
    await db.outbox.bulkAdd(moved);
    const meta = await getClientMeta(db, clientId, userId);
    await putClientMeta(db, { ...meta, lastAllocatedId: expectedId + moved.length - 1 });
  });
}

export interface OutboxCounts {
  pending: number;
  rejected: number;
}

export async function counts(db: DeviceDb): Promise<OutboxCounts> {
  const [pending, rejected] = await Promise.all([db.outbox.where('status').equals('pending').count(), db.outbox.where('status').equals('rejected').count()]);
  return { pending, rejected };
}
