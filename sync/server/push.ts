import type { Kysely, Transaction } from 'kysely';
import type { Rejection } from '../../shared/offline';
import { type Mutation, type MutationResult, PROTOCOL_VERSION, type PushRequest, type PushResponse } from '../protocol';
import { FastPathFailed, type KnownFault, runSpan, type Span, syncView } from './push-span';
import { type SyncActor, SyncRefusal, type SyncTables } from './tables';

/**
 * Server side of POST /api/sync/push (docs/sync.md "Push").
 *
 * Why it is shaped so: a push batch runs in ONE transaction that first locks
 * the device's sync_clients row (SELECT … FOR UPDATE), so the batch pays one
 * commit instead of one per mutation. Under that lock the counter
 * decides per mutation: id <= last → answer the stored outcome (a retry after
 * a lost response, or a concurrent duplicate push, gets the same answer and no
 * second effect); id > last + 1 → a gap, nothing applied; id = last + 1 → run
 * the command (the REST service function) inside a SAVEPOINT and log the
 * outcome; the counter is written once, before the commit, so effects,
 * outcomes and counter commit together or not at all. A business rejection
 * (deps.rejectionOf) rolls back to the savepoint — only that mutation's effect
 * — and is logged as {rejected, code, params}, so a refused booking never
 * blocks the queue. Only a transient fault (deps.isTransient: connection
 * lost, serialization failure, deadlock, database unavailable) stops the
 * batch without bumping the counter past it: the mutations before it commit
 * when the connection still can, the device retries the rest later and
 * nothing is lost or doubled. Serialization failures and deadlocks are
 * retried at once in a fresh transaction (after committing what went before,
 * which releases the locks the other transaction waits for). Anything else,
 * a bug in a command included, is a rejection too, since retrying a failure
 * that repeats would block the device's queue forever.
 * Args over the limits of args-limits.ts are refused before the command runs.
 *
 * The savepoints cost two round trips per mutation, so a span first runs
 * without them (push-span.ts, fast path: outcomes and counter written in one
 * statement at its end); when anything in it fails, its transaction is rolled
 * back — nothing of it committed — and the span runs again with a savepoint
 * per mutation, which gives each failure the treatment above (a transient
 * fault of the fast path ends the careful run at that mutation: answered 503).
 * On the fast path a run of consecutive mutations of one command that offers
 * a set-based step (PushDeps.executeMany, e.g. stock.inbound) is applied in
 * one statement; when that step fails, the span runs carefully, one by one,
 * so each refusal and each fault is still pinned on its own mutation. A step
 * that decides its refusals itself (RefusedInRun, e.g. picking.pick) answers
 * them without that second run.
 */

/**
 * What the server hands in (sync/ imports nothing from server/): its
 * database, how to run one mutation's command, and how to tell a business
 * rejection from an outage.
 */
export interface PushDeps<DB extends SyncTables, A extends SyncActor> {
  db: Kysely<DB>;
  /**
   * Runs mutation m inside trx: registry lookup, access check, args
   * validation, the service function. Throws to refuse (see rejectionOf).
   * Returns the result to store and answer.
   */
  execute(trx: Transaction<DB>, actor: A, clientId: string, m: Mutation): Promise<unknown>;
  /**
   * Optional, for speed: whether consecutive mutations of this name may run
   * as one step, and that step (results in order, exactly what `execute` one
   * after another would return; a mutation `execute` would refuse is either
   * answered with RefusedInRun, registry.ts, holding that refusal, or the step throws).
   */
  batchable?(name: string): boolean;
  executeMany?(trx: Transaction<DB>, actor: A, clientId: string, ms: Mutation[]): Promise<unknown[]>;
  /**
   * The stable code + params a non-transient failure of m is stored with
   * (a business refusal, or a generic code for a bug, which the server logs).
   */
  rejectionOf(e: unknown, m: Mutation): Rejection;
  /**
   * Faults that are not the mutation's (connection lost, serialization
   * failure, deadlock, database unavailable): answered 503 without
   * advancing the counter. Nothing else may be.
   */
  isTransient(e: unknown): boolean;
  /** Serialization failures and deadlocks: retried at once before they count as an outage (a database that is down is not). */
  isRetryable(e: unknown): boolean;
}

export type PushOutcome =
  | { kind: 'ok'; body: PushResponse }
  | { kind: 'outOfOrder'; body: PushResponse & { expectedId: number } }
  | { kind: 'unavailable'; body: PushResponse; error: unknown };

const MAX_ATTEMPTS = 3;

/** Checks that need no lock; any failure here refuses the whole push before anything is applied. */
async function admit(db: Kysely<SyncTables>, actor: SyncActor, req: PushRequest): Promise<number> {
  if (req.protocolVersion !== PROTOCOL_VERSION) {
    throw new SyncRefusal('SYNC_CLIENT_OUTDATED', { clientVersion: req.protocolVersion, serverVersion: PROTOCOL_VERSION });
  }
  for (const m of req.mutations) {
    // A queue written by another user waits for that user; it is never booked under this one.
    if (m.userId !== undefined && m.userId !== actor.id) throw new SyncRefusal('SYNC_AUTHOR_MISMATCH', { userId: m.userId });
  }
  for (let i = 1; i < req.mutations.length; i++) {
    if (req.mutations[i].id !== req.mutations[i - 1].id + 1) throw new SyncRefusal('SYNC_BATCH_INVALID');
  }
  await db
    .insertInto('sync_clients')
    .values({ client_id: req.clientId, user_id: actor.id })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  const owner = await db.selectFrom('sync_clients').select(['user_id', 'last_mutation_id']).where('client_id', '=', req.clientId).executeTakeFirstOrThrow();
  if (owner.user_id !== actor.id) throw new SyncRefusal('SYNC_CLIENT_FOREIGN');
  return owner.last_mutation_id;
}

export async function handlePush<DB extends SyncTables, A extends SyncActor>(deps: PushDeps<DB, A>, actor: A, req: PushRequest): Promise<PushOutcome> {
  let last = await admit(syncView(deps.db), actor, req);
  const results: MutationResult[] = [];
  let next = 0;
  let careful = false;
  let fault: KnownFault | null = null;
  for (let attempt = 1; next < req.mutations.length; ) {
    let span: Span;
    try {
      span = await deps.db.transaction().execute((trx) => runSpan(deps, trx, actor, req, next, careful, fault));
    } catch (error) {
      // Nothing of this span committed.
      if (error instanceof FastPathFailed) {
        careful = true;
        fault = error.index !== null && deps.isTransient(error.error) ? { index: error.index, error: error.error } : null;
        continue;
      }
      if (attempt < MAX_ATTEMPTS && deps.isRetryable(error)) {
        attempt++;
        continue;
      }
      return { kind: 'unavailable', body: { lastMutationId: last, results }, error };
    }
    careful = false;
    fault = null;
    last = Math.max(last, span.last);
    results.push(...span.results);
    // A span that got somewhere earns the next one fresh attempts.
    if (span.next > next) attempt = 1;
    next = span.next;
    if (span.stop?.kind === 'gap') {
      return { kind: 'outOfOrder', body: { lastMutationId: last, results, expectedId: last + 1 } };
    }
    if (span.stop?.kind === 'fault') {
      if (attempt < MAX_ATTEMPTS && deps.isRetryable(span.stop.error)) {
        attempt++;
        continue;
      }
      return { kind: 'unavailable', body: { lastMutationId: last, results }, error: span.stop.error };
    }
  }
  return { kind: 'ok', body: { lastMutationId: last, results } };
}
