import { type Kysely, sql, type Transaction } from 'kysely';
import { jsonForPostgres } from '../../shared/domain/control-characters';
import type { Mutation, MutationResult, PushRequest } from '../protocol';
import { argsRejection } from './args-limits';
import type { PushDeps } from './push';
import { RefusedInRun } from './registry';
import type { SyncActor, SyncTables } from './tables';

/**
 * One transaction over (part of) a push batch, see push.ts: the device's
 * counter row locked, each mutation answered, applied or refused under it,
 * the outcomes logged and the counter advanced before the commit.
 */

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

type Outcome = Omit<MutationResult, 'id'>;

function logRow(clientId: string, actor: SyncActor, m: Mutation, outcome: Outcome) {
  return {
    client_id: clientId,
    mutation_id: m.id,
    name: storableText(m.name),
    args: jsonForPostgres(m.args ?? null),
    user_id: actor.id,
    status: outcome.status === 'applied' ? ('applied' as const) : ('rejected' as const),
    result: outcome.result === undefined ? null : jsonForPostgres(outcome.result),
    code: outcome.code ?? null,
    params: outcome.params ? jsonForPostgres(outcome.params) : null,
  };
}

/** Logs one mutation's outcome (the careful path: inside its savepoint). */
async function log(trx: SyncDb, clientId: string, actor: SyncActor, m: Mutation, outcome: Outcome): Promise<void> {
  await trx
    .insertInto('sync_mutations')
    .values(logRow(clientId, actor, m, outcome))
    .execute();
}

/** Logs the span's outcomes (if any) and advances the counter in one statement. */
async function logAndAdvance(trx: SyncDb, clientId: string, rows: Array<ReturnType<typeof logRow>>, last: number): Promise<void> {
  const advance = (db: SyncDb) => db.updateTable('sync_clients').set({ last_mutation_id: last, updated_at: new Date() }).where('client_id', '=', clientId);
  if (rows.length === 0) await advance(trx).execute();
  else
    await trx
      .with('logged', (db) => db.insertInto('sync_mutations').values(rows))
      .updateTable('sync_clients')
      .set({ last_mutation_id: last, updated_at: new Date() })
      .where('client_id', '=', clientId)
      .execute();
}

/** The sync tables of the server's database (DB extends SyncTables; Kysely's types cannot see that through the generic). */
export function syncView<DB extends SyncTables>(t: Kysely<DB> | Transaction<DB>): Transaction<SyncTables> {
  return t as unknown as Transaction<SyncTables>;
}

/**
 * Steps per transaction at most: a step is one mutation, or one set-based run
 * of up to RUN_LIMIT mutations (ServerCommand.runMany). One commit per
 * mutation was the cost the batch transaction removes; but every stock row a
 * span books stays locked until its commit, so with many devices replaying at
 * once a span of a whole push run one by one (up to 500 statements) makes
 * them queue on each other's rows and deadlock. A set-based run is one
 * statement, so it holds its rows about as long as one booking does.
 */
const SPAN_STEPS = 20;
const RUN_LIMIT = 100;

/** How one transaction over part of the batch ended. */
export interface Span {
  /** Index of the first mutation not answered. */
  next: number;
  last: number;
  results: MutationResult[];
  stop: { kind: 'gap' } | { kind: 'fault'; error: unknown } | null;
}

/** The fast path met a failure: its transaction is rolled back and the span is run again carefully. */
export class FastPathFailed extends Error {
  /** index: the mutation whose command failed (null: the closing log statement, or a set-based step of several). */
  constructor(
    readonly error: unknown,
    readonly index: number | null,
  ) {
    super('sync span failed on the fast path');
  }
}

/**
 * How the careful run ends early: a transient fault the fast path met at
 * mutation `index` is answered as such (503 after what went before), as if
 * the careful run had met it — a second try might pass, but the device must
 * learn the database had a fault, as it did before the fast path existed.
 */
export interface KnownFault {
  index: number;
  error: unknown;
}

/**
 * Runs the batch from index `from` in trx until its end, a gap or a transient
 * fault. Fast path (careful = false): no savepoints, outcomes logged in one
 * statement with the counter at the end; any failure throws FastPathFailed
 * (the caller rolls back and runs the span again carefully). Careful path: each
 * mutation in a savepoint, so a refusal undoes only its own effect and a
 * transient fault leaves what went before it to commit.
 */
export async function runSpan<DB extends SyncTables, A extends SyncActor>(
  deps: PushDeps<DB, A>,
  trx: Transaction<DB>,
  actor: A,
  req: PushRequest,
  from: number,
  careful: boolean,
  fault: KnownFault | null = null,
): Promise<Span> {
  const st = syncView(trx);
  const first = await lockClient(st, req.clientId);
  let last = first;
  const results: MutationResult[] = [];
  const rows: Array<ReturnType<typeof logRow>> = [];
  let stop: Span['stop'] = null;
  let i = from;
  const end = req.mutations.length;
  for (let steps = 0; i < end && steps < SPAN_STEPS; i++, steps++) {
    if (careful && fault && i === fault.index) {
      stop = { kind: 'fault', error: fault.error };
      break;
    }
    const m = req.mutations[i];
    if (m.id <= last) {
      results.push(await storedOutcome(st, req.clientId, m));
      continue;
    }
    if (m.id > last + 1) {
      stop = { kind: 'gap' };
      break;
    }
    const refused = argsRejection(m.args);
    if (refused) {
      // Args over a limit are not stored either (null): they are what could not be handled.
      rows.push(logRow(req.clientId, actor, { ...m, args: null }, { status: 'rejected', ...refused }));
      results.push({ id: m.id, status: 'rejected', ...refused });
      last = m.id;
      continue;
    }
    if (!careful) {
      // A run of queued mutations of one command goes as one step where the command offers it (set-based replay).
      const run = sameCommandRun(deps, req.mutations, i, Math.min(end, i + RUN_LIMIT));
      let answers: unknown[];
      try {
        answers =
          run.length > 1 && deps.executeMany
            ? (await deps.executeMany(trx, actor, req.clientId, run)).map((a) => (a instanceof RefusedInRun ? a : asStored([a])[0]))
            : [await runOne(deps, trx, actor, req.clientId, m)];
        if (answers.length !== run.length && run.length > 1) throw new Error(`set-based run answered ${answers.length} of ${run.length} mutations`);
      } catch (e) {
        // A fault of a set-based step cannot be pinned on one of its mutations: the careful run (one by one) finds it, if it recurs.
        throw new FastPathFailed(e, run.length > 1 ? null : i);
      }
      for (const [k, answer] of answers.entries()) {
        const mk = req.mutations[i + k];
        // A refusal the step decided itself: nothing of it was booked, as after the careful path's rollback to its savepoint.
        const outcome: Outcome =
          answer instanceof RefusedInRun ? { status: 'rejected', ...deps.rejectionOf(answer.error, mk) } : { status: 'applied', result: answer };
        rows.push(logRow(req.clientId, actor, mk, outcome));
        results.push({ id: mk.id, ...outcome } as MutationResult);
        last = mk.id;
      }
      i += answers.length - 1;
      continue;
    }
    await sql`SAVEPOINT sync_mutation`.execute(trx);
    try {
      const result = await runOne(deps, trx, actor, req.clientId, m);
      await log(st, req.clientId, actor, m, { status: 'applied', result });
      await sql`RELEASE SAVEPOINT sync_mutation`.execute(trx);
      results.push({ id: m.id, status: 'applied', result });
    } catch (e) {
      // Throws on a lost connection: the whole transaction is gone then, and the caller answers 503.
      await sql`ROLLBACK TO SAVEPOINT sync_mutation`.execute(trx);
      await sql`RELEASE SAVEPOINT sync_mutation`.execute(trx);
      if (deps.isTransient(e)) {
        stop = { kind: 'fault', error: e };
        break;
      }
      const rejection = deps.rejectionOf(e, m);
      await log(st, req.clientId, actor, m, { status: 'rejected', ...rejection });
      results.push({ id: m.id, status: 'rejected', ...rejection });
    }
    last = m.id;
  }
  if (last > first) {
    try {
      await logAndAdvance(st, req.clientId, rows, last);
    } catch (e) {
      if (careful) throw e;
      throw new FastPathFailed(e, null);
    }
  }
  return { next: i, last, results, stop };
}

/**
 * The mutations from `from` on (before `end`) that the command of the first
 * one can run as one step: the same name, args within the limits. (A push's
 * ids are consecutive, checked on admission.) Just the first one otherwise.
 */
function sameCommandRun<DB extends SyncTables, A extends SyncActor>(deps: PushDeps<DB, A>, ms: Mutation[], from: number, end: number): Mutation[] {
  const first = ms[from];
  if (!deps.batchable?.(first.name)) return [first];
  let to = from + 1;
  while (to < end && ms[to].name === first.name && !argsRejection(ms[to].args)) to++;
  return ms.slice(from, to);
}

/** Results as stored and answered (JSON), so the first answer and every duplicate look the same. */
const asStored = (results: unknown[]) => results.map((r) => JSON.parse(JSON.stringify(r ?? null)) as unknown);

/** Runs m's command; its result as stored and answered. */
async function runOne<DB extends SyncTables, A extends SyncActor>(deps: PushDeps<DB, A>, trx: Transaction<DB>, actor: A, clientId: string, m: Mutation) {
  return asStored([await deps.execute(trx, actor, clientId, m)])[0];
}
