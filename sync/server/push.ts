import type { ZodError } from 'zod';
import { fieldLabel } from '../../shared/i18n/fields';
import { hasAccess } from '../../shared/domain/roles';
import type { Actor } from '../../server/auth/actor';
import type { AppConfig } from '../../server/config';
import type { Db, DbOrTrx, Trx } from '../../server/db/index';
import { AppError, isAppError, pgErrorCode } from '../../server/errors';
import { type Mutation, type MutationResult, PROTOCOL_VERSION, type PushRequest, type PushResponse } from '../protocol';
import type { OfflineCommand } from './registry';

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
 * (AppError) rolls the effect back; a second transaction re-takes the lock,
 * re-checks the counter and stores {rejected, code, params}, so a refused
 * booking never blocks the queue. Anything else (database down) stops the
 * batch without bumping the counter: the device retries later and nothing is
 * lost or doubled.
 */

export interface PushDeps {
  db: Db;
  config: AppConfig;
  commands: ReadonlyMap<string, OfflineCommand>;
}

export type PushOutcome =
  | { kind: 'ok'; body: PushResponse }
  | { kind: 'outOfOrder'; body: PushResponse & { expectedId: number } }
  | { kind: 'unavailable'; body: PushResponse; error: unknown };

type Step =
  | { type: 'done'; last: number; result: MutationResult }
  | { type: 'gap'; last: number };

/** Serialization failures and deadlocks are retried before they count as an outage. */
const TRANSIENT = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 3;

/** The stable code a failed mutation is stored with, or null when the failure is not the mutation's fault. */
export function rejectionOf(e: unknown): { code: string; params: Record<string, unknown> } | null {
  if (isAppError(e)) return { code: e.code, params: e.params };
  const pg = pgErrorCode(e);
  // Integrity and data errors are deterministic: retrying would fail forever and block the queue.
  if (pg?.startsWith('23')) return { code: 'CONFLICT', params: { reason: 'Die Daten passen nicht zum aktuellen Stand' } };
  if (pg?.startsWith('22')) return { code: 'BAD_REQUEST', params: {} };
  return null;
}

function validationError(err: ZodError): AppError {
  const issue = err.issues[0];
  const field = fieldLabel(issue?.path ?? []);
  return new AppError('VALIDATION', { field, reason: issue?.message ?? 'ungültig', path: (issue?.path ?? []).join('.') });
}

async function lockClient(trx: Trx, clientId: string): Promise<number> {
  const row = await trx
    .selectFrom('sync_clients')
    .select('last_mutation_id')
    .where('client_id', '=', clientId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.last_mutation_id;
}

async function storedOutcome(db: DbOrTrx, clientId: string, m: Mutation): Promise<MutationResult> {
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

/** Logs the outcome and advances the counter in one statement (one round trip per mutation saved). */
async function record(trx: Trx, clientId: string, actor: Actor, m: Mutation, outcome: Omit<MutationResult, 'id'>): Promise<void> {
  await trx
    .with('logged', (db) =>
      db.insertInto('sync_mutations').values({
        client_id: clientId,
        mutation_id: m.id,
        name: m.name,
        args: JSON.stringify(m.args ?? null),
        user_id: actor.id,
        status: outcome.status === 'applied' ? 'applied' : 'rejected',
        result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
        code: outcome.code ?? null,
        params: outcome.params ? JSON.stringify(outcome.params) : null,
      }),
    )
    .updateTable('sync_clients')
    .set({ last_mutation_id: m.id, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .execute();
}

async function runCommand(deps: PushDeps, trx: Trx, actor: Actor, clientId: string, m: Mutation): Promise<unknown> {
  const cmd = deps.commands.get(m.name);
  if (!cmd) throw new AppError('UNKNOWN_COMMAND', { name: m.name });
  if (!hasAccess(actor, cmd.access)) throw new AppError('FORBIDDEN');
  const parsed = cmd.args.safeParse(m.args);
  if (!parsed.success) throw validationError(parsed.error);
  const result = await cmd.run({ trx, actor, config: deps.config, clientId, mutationId: m.id }, parsed.data);
  // Stored and answered as JSON, so the first answer and every duplicate look the same.
  return JSON.parse(JSON.stringify(result ?? null));
}

async function applyOnce(deps: PushDeps, actor: Actor, clientId: string, m: Mutation): Promise<Step> {
  try {
    return await deps.db.transaction().execute(async (trx): Promise<Step> => {
      const last = await lockClient(trx, clientId);
      if (m.id <= last) return { type: 'done', last, result: await storedOutcome(trx, clientId, m) };
      if (m.id > last + 1) return { type: 'gap', last };
      const result = await runCommand(deps, trx, actor, clientId, m);
      await record(trx, clientId, actor, m, { status: 'applied', result });
      return { type: 'done', last: m.id, result: { id: m.id, status: 'applied', result } };
    });
  } catch (e) {
    const rejection = rejectionOf(e);
    if (!rejection) throw e;
    // The effect is rolled back; store the refusal under the lock so the queue moves on.
    return deps.db.transaction().execute(async (trx): Promise<Step> => {
      const last = await lockClient(trx, clientId);
      if (m.id <= last) return { type: 'done', last, result: await storedOutcome(trx, clientId, m) };
      if (m.id > last + 1) return { type: 'gap', last };
      await record(trx, clientId, actor, m, { status: 'rejected', ...rejection });
      return { type: 'done', last: m.id, result: { id: m.id, status: 'rejected', ...rejection } };
    });
  }
}

async function apply(deps: PushDeps, actor: Actor, clientId: string, m: Mutation): Promise<Step> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await applyOnce(deps, actor, clientId, m);
    } catch (e) {
      if (attempt >= MAX_ATTEMPTS || !TRANSIENT.has(pgErrorCode(e) ?? '')) throw e;
    }
  }
}

/** Checks that need no lock; any failure here refuses the whole push before anything is applied. */
async function admit(db: Db, actor: Actor, req: PushRequest): Promise<number> {
  if (req.protocolVersion !== PROTOCOL_VERSION) {
    throw new AppError('SYNC_CLIENT_OUTDATED', { clientVersion: req.protocolVersion, serverVersion: PROTOCOL_VERSION });
  }
  for (const m of req.mutations) {
    // A queue written by another user waits for that user; it is never booked under this one.
    if (m.userId !== undefined && m.userId !== actor.id) throw new AppError('SYNC_AUTHOR_MISMATCH', { userId: m.userId });
  }
  for (let i = 1; i < req.mutations.length; i++) {
    if (req.mutations[i].id !== req.mutations[i - 1].id + 1) throw new AppError('SYNC_BATCH_INVALID');
  }
  await db
    .insertInto('sync_clients')
    .values({ client_id: req.clientId, user_id: actor.id })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  const owner = await db
    .selectFrom('sync_clients')
    .select(['user_id', 'last_mutation_id'])
    .where('client_id', '=', req.clientId)
    .executeTakeFirstOrThrow();
  if (owner.user_id !== actor.id) throw new AppError('SYNC_CLIENT_FOREIGN');
  return owner.last_mutation_id;
}

export async function handlePush(deps: PushDeps, actor: Actor, req: PushRequest): Promise<PushOutcome> {
  let last = await admit(deps.db, actor, req);
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
