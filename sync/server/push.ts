import type { Kysely, Transaction } from 'kysely';
import { jsonForPostgres } from '../../shared/domain/control-characters';
import type { Rejection } from '../../shared/offline';
import { type Mutation, type MutationResult, PROTOCOL_VERSION, type PushRequest, type PushResponse } from '../protocol';
import { argsRejection } from './args-limits';
import { type SyncActor, SyncRefusal, type SyncTables } from './tables';

/**
 * Server side of POST /api/sync/push (../shared/handbook/SYNC.md).
 *
 * Why it is shaped so: each mutation runs in its own transaction that first
 * locks the device's sync_clients row (SELECT … FOR UPDATE). Under that lock
 * the counter decides: id <= last → answer the stored outcome (a retry after a
 * lost response, or a concurrent duplicate push, gets the same answer and no
 * second effect); id > last + 1 → a gap, nothing applied; id = last + 1 → run
 * the command (the REST service function) and store the outcome and the new
 * counter in the same transaction as the effect. A business rejection
 * (deps.rejectionOf) rolls the effect back; a second transaction re-takes the lock,
 * re-checks the counter and stores {rejected, code, params}, so a refused
 * booking never blocks the queue. Only a transient fault (deps.isTransient:
 * connection lost, serialization failure, deadlock, database unavailable)
 * stops the batch without bumping the counter: the device retries later and
 * nothing is lost or doubled. Anything else, a bug in a command included, is
 * a rejection too, since retrying a failure that repeats would block the
 * device's queue forever (issue #16, defect 3). Args over the limits of
 * args-limits.ts are refused before the command runs.
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

type Step = { type: 'done'; last: number; result: MutationResult } | { type: 'gap'; last: number };

const MAX_ATTEMPTS = 3;

type SyncDb = Kysely<SyncTables> | Transaction<SyncTables>;

async function lockClient(trx: SyncDb, clientId: string): Promise<number> {
  const row = await trx.selectFrom('sync_clients').select('last_mutation_id').where('client_id', '=', clientId).forUpdate().executeTakeFirstOrThrow();
  return row.last_mutation_id;
}

async function storedOutcome(db: SyncDb, clientId: string, m: Mutation): Promise<MutationResult> {
  const s = await db
    .selectFrom('sync_mutations')
    .select(['status', 'result', 'code', 'params'])
    .where('client_id', '=', clientId)
    .where('mutation_id', '=', m.id)
    .executeTakeFirst();
  if (!s) return { id: m.id, status: 'duplicate' };
  return s.status === 'applied'
    ? { id: m.id, status: 'duplicate', original: 'applied', result: s.result }
    : { id: m.id, status: 'duplicate', original: 'rejected', code: s.code ?? 'INTERNAL', params: (s.params ?? {}) as Record<string, unknown> };
}

/**
 * text and jsonb cannot hold U+0000, so an outcome that echoes one (an
 * unknown command's name, say) would fail to be stored on every retry and
 * block the queue: it is stored with U+FFFD instead.
 */
const storableText = (s: string) => s.replaceAll('\u0000', '\uFFFD');

/** Logs the outcome and advances the counter in one statement (one round trip per mutation saved). */
async function record(trx: SyncDb, clientId: string, actor: SyncActor, m: Mutation, outcome: Omit<MutationResult, 'id'>): Promise<void> {
  await trx
    .with('logged', (db) =>
      db.insertInto('sync_mutations').values({
        client_id: clientId,
        mutation_id: m.id,
        name: storableText(m.name),
        args: jsonForPostgres(m.args ?? null),
        user_id: actor.id,
        status: outcome.status === 'applied' ? 'applied' : 'rejected',
        result: outcome.result === undefined ? null : jsonForPostgres(outcome.result),
        code: outcome.code ?? null,
        params: outcome.params ? jsonForPostgres(outcome.params) : null,
      }),
    )
    .updateTable('sync_clients')
    .set({ last_mutation_id: m.id, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .execute();
}

async function runCommand<DB extends SyncTables, A extends SyncActor>(
  deps: PushDeps<DB, A>,
  trx: Transaction<DB>,
  actor: A,
  clientId: string,
  m: Mutation,
): Promise<unknown> {
  const result = await deps.execute(trx, actor, clientId, m);
  // Stored and answered as JSON, so the first answer and every duplicate look the same.
  return JSON.parse(JSON.stringify(result ?? null));
}

/** The sync tables of the server's database (DB extends SyncTables; Kysely's types cannot see that through the generic). */
function syncView<DB extends SyncTables>(t: Kysely<DB> | Transaction<DB>): Transaction<SyncTables> {
  return t as unknown as Transaction<SyncTables>;
}

/** Stores a refusal under the lock (in its own transaction: the effect, if any, is rolled back) so the queue moves on. */
async function reject<DB extends SyncTables, A extends SyncActor>(
  deps: PushDeps<DB, A>,
  actor: A,
  clientId: string,
  m: Mutation,
  rejection: Rejection,
): Promise<Step> {
  return deps.db.transaction().execute(async (trx): Promise<Step> => {
    const st = syncView(trx);
    const last = await lockClient(st, clientId);
    if (m.id <= last) return { type: 'done', last, result: await storedOutcome(st, clientId, m) };
    if (m.id > last + 1) return { type: 'gap', last };
    await record(st, clientId, actor, m, { status: 'rejected', ...rejection });
    return { type: 'done', last: m.id, result: { id: m.id, status: 'rejected', ...rejection } };
  });
}

async function applyOnce<DB extends SyncTables, A extends SyncActor>(deps: PushDeps<DB, A>, actor: A, clientId: string, m: Mutation): Promise<Step> {
  const refused = argsRejection(m.args);
  // Args over a limit are not stored either (null): they are what could not be handled.
  if (refused) return reject(deps, actor, clientId, { ...m, args: null }, refused);
  try {
    return await deps.db.transaction().execute(async (trx): Promise<Step> => {
      const st = syncView(trx);
      const last = await lockClient(st, clientId);
      if (m.id <= last) return { type: 'done', last, result: await storedOutcome(st, clientId, m) };
      if (m.id > last + 1) return { type: 'gap', last };
      const result = await runCommand(deps, trx, actor, clientId, m);
      await record(st, clientId, actor, m, { status: 'applied', result });
      return { type: 'done', last: m.id, result: { id: m.id, status: 'applied', result } };
    });
  } catch (e) {
    if (deps.isTransient(e)) throw e;
    return reject(deps, actor, clientId, m, deps.rejectionOf(e, m));
  }
}

async function apply<DB extends SyncTables, A extends SyncActor>(deps: PushDeps<DB, A>, actor: A, clientId: string, m: Mutation): Promise<Step> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await applyOnce(deps, actor, clientId, m);
    } catch (e) {
      if (attempt >= MAX_ATTEMPTS || !deps.isRetryable(e)) throw e;
    }
  }
}

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
  for (const m of req.mutations) {
    let step: Step;
    try {
      step = await apply(deps, actor, req.clientId, m);
    } catch (error) {
      return { kind: 'unavailable', body: { lastMutationId: last, results }, error };
    }
    last = Math.max(last, step.last);
    if (step.type === 'gap') {
      return { kind: 'outOfOrder', body: { lastMutationId: step.last, results, expectedId: step.last + 1 } };
    }
    results.push(step.result);
  }
  return { kind: 'ok', body: { lastMutationId: last, results } };
}
