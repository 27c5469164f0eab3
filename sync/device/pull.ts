import type { DeviceDb } from './types';
import { PullResponse, rowObject, WORKING_SET_SCHEMA_VERSION } from '../protocol';
import { clientIdFor, getClientMeta, putClientMeta } from './outbox';
import { PackWriter } from './pack-writer';
import type { SyncStateStore } from './state';
import type { SyncTransport } from './transport';

/**
 * Device side of POST /api/sync/pull.
 *
 * Why it is shaped so: the whole answer is applied in ONE Dexie transaction —
 * the working-set rows, the new cookie and the stream's pulledMutationId — so
 * the overlay (overlay.ts) never sees data that already contains a booking
 * while still counting that booking as uncovered, or the other way round.
 * A reset clears the working-set tables first (never the outbox or meta).
 * Large entities are stored packed, many rows per record (packed.ts, pack-writer.ts).
 * The cookie is remembered together with the user it was fetched for; after a
 * user change the device asks for a full snapshot (the scope may differ).
 * Acknowledged ("applied") entries that the pulled data now contains are
 * dropped here: their effect is in the data, the overlay no longer needs them.
 */

export interface Session {
  userId: number;
  token: string;
}

export interface PullDeps {
  db: DeviceDb;
  transport: SyncTransport;
  session: () => Session | null;
  state: SyncStateStore;
}

export type PullOutcome = 'ok' | 'noSession' | 'needsLogin' | 'offline' | 'error';

/** meta key of the pull cookie; without it the next pull is a reset with the full working set. */
export const COOKIE_KEY = 'cookie';
export const LAST_SYNC_KEY = 'lastSyncAt';
/** Rows per bulkPut while a pull is applied (all inside the pull's one transaction). */
const PUT_CHUNK = 5000;

export async function applyPull(db: DeviceDb, userId: number, clientId: string, res: PullResponse, now = new Date()): Promise<void> {
  await db.transaction('rw', [db.meta, db.outbox, ...db.workingSetTables()], async () => {
    if (res.reset) await Promise.all(db.workingSetTables().map((t) => t.clear()));
    const packed = new PackWriter(db, res.reset === true);
    // Groups apply in order: a put after a del of the same row wins and vice versa.
    for (const g of res.patch) {
      const spec = db.packOf(g.entity);
      if (spec) {
        await ('del' in g ? packed.del(spec, g.del) : packed.put(spec, g));
        continue;
      }
      // An entity a newer server sends that this app version does not register is skipped.
      const table = db.entityTable(g.entity);
      if (!table) continue;
      if ('del' in g) {
        if (g.del.length) await table.bulkDelete(g.del);
        continue;
      }
      // Objects are built chunk by chunk, so a first pull never holds them all at once.
      for (let from = 0; from < g.rows.length; from += PUT_CHUNK) {
        const chunk = g.rows.slice(from, from + PUT_CHUNK);
        await table.bulkPut(chunk.map((r) => rowObject(g.columns, r)));
      }
    }
    await packed.flush();
    await db.meta.put({ key: COOKIE_KEY, value: { userId, cookie: res.cookie } });
    await db.meta.put({ key: LAST_SYNC_KEY, value: now.toISOString() });
    const meta = await getClientMeta(db, clientId, userId);
    await putClientMeta(db, {
      ...meta,
      pulledMutationId: res.lastMutationId,
      // never hand out an id the server has already seen
      lastAllocatedId: Math.max(meta.lastAllocatedId, res.lastMutationId),
    });
    const covered = await db.outbox
      .where('[clientId+id]')
      .between([clientId, 0], [clientId, res.lastMutationId], true, true)
      .filter((e) => e.status === 'applied')
      .primaryKeys();
    await db.outbox.bulkDelete(covered);
  });
}

/**
 * The pull answer checked for its shape (the envelope, and each row against its group's
 * columns: PullResponse); null when the server sent something else.
 */
export function readPullAnswer(body: unknown): PullResponse | null {
  const parsed = PullResponse.safeParse(body);
  // PutGroup's refinement checked that every row is an array of its group's width.
  return parsed.success ? (parsed.data as PullResponse) : null;
}

export async function storedCookie(db: DeviceDb, userId: number): Promise<number | null> {
  const row = await db.meta.get(COOKIE_KEY);
  const v = row?.value as { userId: number; cookie: number } | undefined;
  return v && v.userId === userId ? v.cookie : null;
}

export async function pull(deps: PullDeps): Promise<PullOutcome> {
  const s = deps.session();
  if (!s) return 'noSession';
  const { db } = deps;
  const clientId = await clientIdFor(db, s.userId);
  const cookie = await storedCookie(db, s.userId);
  const ans = await deps.transport.pull({ clientId, cookie, schemaVersion: WORKING_SET_SCHEMA_VERSION }, s.token);
  if (ans.status === 401) {
    deps.state.set({ needsLogin: true });
    return 'needsLogin';
  }
  if (ans.status === 0) return 'offline';
  if (ans.status !== 200) {
    deps.state.set({ lastError: `Abgleich fehlgeschlagen (HTTP ${ans.status})` });
    return 'error';
  }
  const res = readPullAnswer(ans.body);
  if (!res) {
    deps.state.set({ lastError: 'Ungültige Antwort des Servers beim Abgleich' });
    return 'error';
  }
  await applyPull(db, s.userId, clientId, res);
  const last = (await db.meta.get(LAST_SYNC_KEY))?.value as string | undefined;
  deps.state.set({ lastSyncAt: last ?? null, needsLogin: false });
  return 'ok';
}
