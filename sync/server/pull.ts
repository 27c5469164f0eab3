import { sql } from 'kysely';
import type { Actor } from '../../server/auth/actor';
import { canSeeCustomer } from '../../server/auth/scope';
import type { Db, Trx } from '../../server/db/index';
import { AppError } from '../../server/errors';
import { ENTITY_NAMES, type EntityName, type PatchOp, type PullRequest, type PullResponse, WORKING_SET_SCHEMA_VERSION } from '../protocol';
import { ChangeWindow, decodeCookie, encodeCookie, MAX_SPAN, scopeTag } from './change-window';
import { type WorkingSetSource, workingSetSources } from './working-set';

/**
 * Server side of POST /api/sync/pull (../shared/handbook/SYNC.md).
 *
 * Everything — the snapshot's xid bounds, the device's lastMutationId and the
 * data — is read in ONE REPEATABLE READ transaction, so a device never gets
 * data that lacks its own acknowledged mutation, nor a lastMutationId that
 * claims a mutation whose effect is missing from the data.
 *
 * The cookie is opaque to the device: the pull snapshot's xmin (see
 * change-window.ts for why not change_version) times 1024 plus a 10-bit tag of
 * the user's role and customer scope. A first pull, an unknown, too old or
 * foreign cookie, a scope change or another working-set schemaVersion get
 * `reset: true` and the full working set.
 */

export interface PullDeps {
  db: Db;
  sources?: readonly WorkingSetSource[];
}

function scopeFingerprint(actor: Actor): string {
  return JSON.stringify([WORKING_SET_SCHEMA_VERSION, actor.role, actor.is_admin, actor.customer_id, actor.scope]);
}

async function snapshotBounds(trx: Trx): Promise<{ xmin: number; xmax: number }> {
  // First statement of the transaction: it fixes the REPEATABLE READ snapshot these bounds describe.
  const { rows } = await sql<{ xmin: string; xmax: string }>`
    SELECT pg_snapshot_xmin(s)::text AS xmin, pg_snapshot_xmax(s)::text AS xmax
    FROM pg_current_snapshot() AS s`.execute(trx);
  return { xmin: Number(rows[0].xmin), xmax: Number(rows[0].xmax) };
}

async function tombstones(trx: Trx, actor: Actor, since: ChangeWindow, entities: EntityName[]): Promise<PatchOp[]> {
  if (entities.length === 0) return [];
  const rows = await trx
    .selectFrom('sync_tombstones')
    .select(['entity', 'entity_id', 'customer_id'])
    .where('entity', 'in', entities)
    .where(since.changed('sync_tombstones'))
    .orderBy('id')
    .execute();
  const out: PatchOp[] = [];
  for (const t of rows) {
    const id = Number(t.entity_id);
    if (!Number.isFinite(id)) continue;
    if (t.customer_id !== null && !canSeeCustomer(actor.scope, t.customer_id)) continue;
    out.push({ op: 'del', entity: t.entity as EntityName, id });
  }
  return out;
}

export async function handlePull(deps: PullDeps, actor: Actor, req: PullRequest): Promise<PullResponse> {
  const sources = deps.sources ?? workingSetSources;
  const tag = scopeTag(scopeFingerprint(actor));
  return deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { xmin, xmax } = await snapshotBounds(trx);
      const client = await trx
        .selectFrom('sync_clients')
        .select(['user_id', 'last_mutation_id'])
        .where('client_id', '=', req.clientId)
        .executeTakeFirst();
      // A device id belongs to the user who first pushed with it (see push.ts).
      if (client && client.user_id !== actor.id) throw new AppError('SYNC_CLIENT_FOREIGN');

      let since: ChangeWindow | null = null;
      if (req.cookie !== null && req.schemaVersion === WORKING_SET_SCHEMA_VERSION) {
        const c = decodeCookie(req.cookie);
        const usable = c.tag === tag && c.xid > 0 && c.xid <= xmax && xmax - c.xid < MAX_SPAN;
        if (usable) since = new ChangeWindow(c.xid, xmax);
      }
      const patch: PatchOp[] = [];
      for (const source of sources) patch.push(...(await source.load(trx, actor, since)));
      if (since) {
        const known = sources.map((s) => s.entity).filter((e) => (ENTITY_NAMES as readonly string[]).includes(e));
        patch.push(...(await tombstones(trx, actor, since, known)));
      }
      return {
        cookie: encodeCookie(xmin, tag),
        lastMutationId: client?.last_mutation_id ?? 0,
        ...(since ? {} : { reset: true }),
        patch,
      };
    });
}
