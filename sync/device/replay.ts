import type { DeviceDb } from './types';
import { type Mutation, PROTOCOL_VERSION, PushErrorResponse, PushResponse, type MutationResult, WORKING_SET_SCHEMA_VERSION } from '../protocol';
import type { LockRunner } from './lock';
import { clientIdFor, markApplied, markRejected, renumberFrom, takeBatch } from './outbox';
import type { Session } from './pull';
import type { SyncStateStore } from './state';
import type { SyncTransport } from './transport';

/**
 * The push loop (docs/sync.md "Push").
 *
 * Why it is shaped so:
 * - It runs under the cross-tab lock (lock.ts); a tab that does not get the
 *   lock skips, because the holder is pushing the very same queue.
 * - It pushes only the CURRENT user's stream (outbox.ts): a queue written by A
 *   waits for A, it is never sent with B's token.
 * - Batches go out in id order and contain only pending entries, which are
 *   always a gapless suffix of the stream (rejected and applied entries are
 *   answered ones, all below the first pending id).
 * - Every answer keeps the queue intact unless the server has given a final
 *   outcome for an id: applied/duplicate-of-applied → "applied" (kept for the
 *   overlay until a pull covers it), rejected → problem list with code+params.
 *   401 stops and asks for a login of the same user (the same ids go out
 *   afterwards), 426 stops until the app is updated, 409 re-aligns the ids
 *   with the server's expectedId, 503 and network errors back off
 *   exponentially. Results that arrived with a 409/503 are still recorded.
 */

export interface ReplayDeps {
  db: DeviceDb;
  transport: SyncTransport;
  lock: LockRunner;
  session: () => Session | null;
  state: SyncStateStore;
  batchSize?: number;
}

export type PushOutcome =
  | 'idle' // nothing to send
  | 'done' // everything sent and answered
  | 'locked' // another tab is pushing
  | 'noSession'
  | 'needsLogin'
  | 'updateRequired'
  | 'retry'; // 503, network or a 409 that needs another round: try again later

const DEFAULT_BATCH = 100;
/** A 409 loop guard: re-align at most this often per run. */
const MAX_REALIGN = 3;

async function recordResults(db: DeviceDb, clientId: string, results: readonly MutationResult[]): Promise<void> {
  for (const r of results) {
    const rejected = r.status === 'rejected' || (r.status === 'duplicate' && r.original === 'rejected');
    if (rejected) await markRejected(db, clientId, r.id, r.code ?? 'INTERNAL', r.params ?? {});
    else await markApplied(db, clientId, r.id, r.result);
  }
}

function toMutation(e: { id: number; name: string; args: unknown; userId: number; createdAt: string }): Mutation {
  return { id: e.id, name: e.name, args: e.args, userId: e.userId, createdAt: e.createdAt };
}

async function pushRun(deps: ReplayDeps, s: Session): Promise<PushOutcome> {
  const { db } = deps;
  const clientId = await clientIdFor(db, s.userId);
  let sentAny = false;
  let realigned = 0;
  for (;;) {
    const batch = await takeBatch(db, clientId, s.userId, deps.batchSize ?? DEFAULT_BATCH);
    if (batch.length === 0) return sentAny ? 'done' : 'idle';
    sentAny = true;
    const ans = await deps.transport.push(
      { protocolVersion: PROTOCOL_VERSION, schemaVersion: WORKING_SET_SCHEMA_VERSION, clientId, mutations: batch.map(toMutation) },
      s.token,
    );
    if (ans.status === 200) {
      const body = PushResponse.safeParse(ans.body);
      if (!body.success) return 'retry';
      await recordResults(db, clientId, body.data.results);
      // A batch answered only in part (should not happen with 200) would loop forever: stop and retry later.
      if (body.data.results.length === 0) return 'retry';
      continue;
    }
    if (ans.status === 401) {
      deps.state.set({ needsLogin: true });
      return 'needsLogin';
    }
    if (ans.status === 426) {
      deps.state.set({ updateRequired: true });
      return 'updateRequired';
    }
    const err = PushErrorResponse.safeParse(ans.body);
    if (err.success && err.data.results) await recordResults(db, clientId, err.data.results);
    if (ans.status === 409 && err.success && err.data.expectedId !== undefined) {
      if (++realigned > MAX_REALIGN) return 'retry';
      await renumberFrom(db, clientId, s.userId, err.data.expectedId);
      continue;
    }
    if (ans.status === 0) {
      deps.state.set({ lastError: 'Keine Verbindung zum Server' });
      return 'retry';
    }
    deps.state.set({ lastError: err.success ? err.data.detail : `Übertragung fehlgeschlagen (HTTP ${ans.status})` });
    return 'retry';
  }
}

/** One push run under the lock. */
export async function push(deps: ReplayDeps): Promise<PushOutcome> {
  const s = deps.session();
  if (!s) return 'noSession';
  if (deps.state.get().updateRequired) return 'updateRequired';
  const r = await deps.lock(() => pushRun(deps, s));
  if (r === null) return 'locked';
  if (r === 'done' || r === 'idle') deps.state.set({ lastError: null, needsLogin: false });
  return r;
}

/** Backoff after a failed run: 1 s, 2 s, 4 s … capped at 60 s, with jitter so that devices do not return in step. */
export function backoffMs(failures: number, random = Math.random): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}
