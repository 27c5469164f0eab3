import { hasAccess } from '../../../shared/domain/roles';
import type { ErrorCode } from '../../../shared/i18n/errors/index';
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

/** Serialization failures and deadlocks are retried before they count as an outage. */
const TRANSIENT = new Set(['40001', '40P01']);

/** The stable code a failed mutation is stored with, or null when the failure is not the mutation's fault. */
export function rejectionOf(e: unknown): Rejection | null {
  if (isAppError(e)) return { code: e.code, params: e.params };
  const pg = pgErrorCode(e);
  // Integrity and data errors are deterministic: retrying would fail forever and block the queue.
  if (pg?.startsWith('23')) return { code: 'CONFLICT', params: { reason: 'Die Daten passen nicht zum aktuellen Stand' } };
  if (pg?.startsWith('22')) return { code: 'BAD_REQUEST', params: {} };
  return null;
}

export function pushDeps(db: Db, config: AppConfig, commands: readonly OfflineCommand[] = offlineCommands): PushDeps<Database, Actor> {
  const byName = new Map(commands.map((c) => [c.name, c]));
  return {
    db,
    rejectionOf,
    isTransient: (e) => TRANSIENT.has(pgErrorCode(e) ?? ''),
    async execute(trx: Trx, actor: Actor, clientId: string, m: Mutation) {
      const cmd = byName.get(m.name);
      if (!cmd) throw new AppError('UNKNOWN_COMMAND', { name: m.name });
      if (!hasAccess(actor, cmd.access)) throw new AppError('FORBIDDEN');
      const nul = nulRejection(m.args);
      if (nul) throw new AppError('VALIDATION', nul.params);
      const parsed = cmd.args.safeParse(m.args);
      if (!parsed.success) {
        const r = validationRejection(parsed.error);
        throw new AppError('VALIDATION', r.params);
      }
      return cmd.run({ trx, actor, config, clientId, mutationId: m.id }, parsed.data);
    },
  };
}

export function pullDeps(db: Db, sources: readonly Source[] = workingSetSources): PullDeps<Database, Actor> {
  return {
    db,
    sources,
    scopeFingerprint: (actor) => JSON.stringify([actor.role, actor.is_admin, actor.customer_id, actor.scope]),
    canSeeCustomer: (actor, customerId) => canSeeCustomer(actor.scope, customerId),
  };
}

/** A whole push or pull refused by the sync layer, as the API's error. */
export function asAppError(e: unknown): unknown {
  return e instanceof SyncRefusal ? new AppError(e.code as ErrorCode, e.params) : e;
}
