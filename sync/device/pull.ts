import type { DeviceDb } from './types';
import { type PatchOp, PullResponse, WORKING_SET_SCHEMA_VERSION } from '../protocol';
import { clientIdFor, getClientMeta, putClientMeta } from './outbox';
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

export async function applyPull(db: DeviceDb, userId: number, clientId: string, res: PullResponse, now = new Date()): Promise<void> {
  await db.transaction('rw', [db.meta, db.outbox, ...db.workingSetTables()], async () => {
    if (res.reset) await Promise.all(db.workingSetTables().map((t) => t.clear()));
    // Ops on the same row keep their order: a put after a del wins and vice versa.
    const byEntity = new Map<string, PatchOp[]>();
    for (const op of res.patch) byEntity.set(op.entity, [...(byEntity.get(op.entity) ?? []), op]);
    for (const [entity, ops] of byEntity) {
      // An entity a newer server sends that this app version does not register is skipped.
      const table = db.entityTable(entity);
      if (!table) continue;
      let puts: unknown[] = [];
      let dels: number[] = [];
      const flush = async () => {
        if (puts.length) await table.bulkPut(puts);
        if (dels.length) await table.bulkDelete(dels);
        puts = [];
        dels = [];
      };
      for (const op of ops) {
        if (op.op === 'put') {
          if (dels.length) await flush();
          puts.push(op.data);
        } else {
          if (puts.length) await flush();
          dels.push(op.id);
        }
      }
      await flush();
    }
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

/** The pull answer checked for its shape; null when the server sent something else. */
export function readPullAnswer(body: unknown): PullResponse | null {
  const parsed = PullResponse.safeParse(body);
  return parsed.success ? parsed.data : null;
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
