import { hasAccess, isCustomerUser } from '../../../shared/domain/roles';
import type { ErrorCode } from '../../../shared/i18n/errors/index';
import { CONFLICT_REASONS, reasonParams } from '../../../shared/i18n/errors/refusal-words';
import { nulRejection, type Rejection, validationRejection } from '../../../shared/offline';
import type { Mutation } from '../../../sync/protocol';
import type { PullDeps } from '../../../sync/server/pull';
import type { PushDeps } from '../../../sync/server/push';
import { SyncRefusal } from '../../../sync/server/tables';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer } from '../../auth/scope';
import type { AppConfig } from '../../config';
import type { Db, Trx } from '../../db/index';
import type { Database } from '../../db/schema';
import { AppError, isAppError, pgErrorCode } from '../../errors';
import type { OfflineCommand, Source } from '../../offline';
import { offlineCommands, workingSetSources } from '../../offline-registry';

/**
 * The server's side of the sync layer's interfaces: how a mutation runs
 * (registry lookup, access level, args schema, the feature's command) and
 * which failures are the mutation's fault (stored as a rejection) versus an
 * outage (the device retries later).
 */

/** Where a command's bug is reported (the app's logger; tests pass a spy). */
export interface ErrorLog {
  error(obj: object, msg: string): void;
}

/**
 * SQLSTATEs of faults that are not the mutation's and pass: serialization
 * failure, deadlock, lock timeout, administrator/crash shutdown, cannot
 * connect now. Whole classes: 08 connection exception, 53 insufficient
 * resources (too many connections, disk full), 58 system error (I/O).
 */
/** Lost a race with another transaction: a second attempt at once usually wins. */
const RETRYABLE = new Set(['40001', '40P01']);
const TRANSIENT_CODES = new Set(['40001', '40P01', '55P03', '57P01', '57P02', '57P03']);
const TRANSIENT_CLASSES = new Set(['08', '53', '58']);
/** Node socket errors: the database is unreachable. */
const TRANSIENT_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** Errors without a code thrown by node-postgres and PGlite when the connection is gone or the database closed. */
const TRANSIENT_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * Only these may answer 503 without advancing the device's counter
 * (docs/sync.md "Push"); anything else is stored as a rejection.
 */
export function isTransient(e: unknown): boolean {
  for (let err = e, hops = 0; err !== undefined && err !== null && hops < 3; hops++) {
    const code = pgErrorCode(err) ?? '';
    if (TRANSIENT_CODES.has(code) || TRANSIENT_CLASSES.has(code.slice(0, 2)) || TRANSIENT_ERRNO.has(code)) return true;
    if (err instanceof Error && TRANSIENT_MESSAGE.test(err.message)) return true;
    // A driver may wrap the socket error.
    err = err instanceof Error ? err.cause : undefined;
  }
  return false;
}

/** The stable code a failed (non-transient) mutation is stored with. */
export function rejectionOf(e: unknown, m: Pick<Mutation, 'id' | 'name'>, log?: ErrorLog): Rejection {
  if (isAppError(e)) return { code: e.code, params: e.params };
  const pg = pgErrorCode(e);
  // Integrity and data errors are deterministic: retrying would fail forever and block the queue.
  if (pg?.startsWith('23')) return { code: 'CONFLICT', params: reasonParams(CONFLICT_REASONS, 'stale') };
  if (pg?.startsWith('22')) return { code: 'BAD_REQUEST', params: {} };
  // A bug (TypeError, stack overflow, an unexpected SQL error): the device shows it as a problem, the office finds it in the log.
  log?.error({ err: e, mutationId: m.id, command: m.name }, 'sync command failed; stored as rejection COMMAND_FAILED');
  return { code: 'COMMAND_FAILED', params: {} };
}

export function pushDeps(db: Db, config: AppConfig, commands: readonly OfflineCommand[] = offlineCommands, log?: ErrorLog): PushDeps<Database, Actor> {
  const byName = new Map(commands.map((c) => [c.name, c]));
  return {
    db,
    rejectionOf: (e, m) => rejectionOf(e, m, log),
    isTransient,
    isRetryable: (e) => RETRYABLE.has(pgErrorCode(e) ?? ''),
    async execute(trx: Trx, actor: Actor, clientId: string, m: Mutation) {
      const cmd = commandFor(m.name, actor);
      return cmd.run({ trx, actor, config, clientId, mutationId: m.id }, argsOf(cmd, m));
    },
    batchable: (name) => byName.get(name)?.runMany !== undefined,
    async executeMany(trx: Trx, actor: Actor, clientId: string, ms: Mutation[]) {
      const cmd = commandFor(ms[0].name, actor);
      if (!cmd.runMany || ms.some((m) => m.name !== cmd.name)) throw new Error(`${ms[0].name}: no set-based run for these mutations`);
      return cmd.runMany(
        { trx, actor, config, clientId },
        ms.map((m) => ({ args: argsOf(cmd, m), mutationId: m.id })),
      );
    },
  };

  function commandFor(name: string, actor: Actor): OfflineCommand {
    const cmd = byName.get(name);
    if (!cmd) throw new AppError('UNKNOWN_COMMAND', { name });
    if (!hasAccess(actor, cmd.access)) throw new AppError('FORBIDDEN');
    return cmd;
  }
}

/** The mutation's args as its command's schema parses them; a refusal otherwise. */
function argsOf(cmd: OfflineCommand, m: Mutation): unknown {
  const nul = nulRejection(m.args);
  if (nul) throw new AppError('VALIDATION', nul.params);
  const parsed = cmd.args.safeParse(m.args);
  if (!parsed.success) throw new AppError('VALIDATION', validationRejection(parsed.error).params);
  return parsed.data;
}

export function pullDeps(db: Db, sources: readonly Source[] = workingSetSources): PullDeps<Database, Actor> {
  return {
    db,
    sources,
    // The Arbeitsbereich decides which places, stock and products the device holds: a change resets it.
    scopeFingerprint: (actor) =>
      JSON.stringify([actor.role, actor.is_admin, actor.customer_id, actor.scope, ...(actor.work_rooms?.length ? [actor.work_rooms] : [])]),
    canSeeCustomer: (actor, customerId) => canSeeCustomer(actor.scope, customerId),
    // Staff keep every place of the building; customer users only the places of their stock.
    seesUnscoped: (actor) => !isCustomerUser(actor),
  };
}

/** A whole push or pull refused by the sync layer, as the API's error. */
export function asAppError(e: unknown): unknown {
  return e instanceof SyncRefusal ? new AppError(e.code as ErrorCode, e.params) : e;
}
