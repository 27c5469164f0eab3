import { type Kysely, sql, type Transaction } from 'kysely';
import { type DelGroup, type PatchGroup, type PullRequest, type PullResponse, WORKING_SET_SCHEMA_VERSION } from '../protocol';
import { ChangeWindow, decodeCookie, encodeCookie, MAX_SPAN, scopeTag } from './change-window';
import type { WorkingSetSource } from './registry';
import { type SyncActor, SyncRefusal, type SyncTables } from './tables';

/**
 * Server side of POST /api/sync/pull (docs/sync.md "Pull").
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

/** What the server hands in: its database, its registered sources, and the actor's scope. */
export interface PullDeps<DB extends SyncTables, A extends SyncActor> {
  db: Kysely<DB>;
  sources: readonly WorkingSetSource<Transaction<DB>, A>[];
  /** Everything that decides what the actor's device holds (role, customer scope, work area): a change resets the device. */
  scopeFingerprint(actor: A): string;
  /** May the actor see rows of this customer (tombstones carry the customer of the deleted row)? */
  canSeeCustomer(actor: A, customerId: number): boolean;
  /**
   * Does the actor keep rows that belong to no customer (a tombstone with
   * customer_id null, e.g. a deleted place of the shared building)? Staff do;
   * a customer user keeps only what concerns their own stock, learns of it
   * through tombstones tagged with their customer, and must not learn what
   * else was deleted.
   */
  seesUnscoped(actor: A): boolean;
}

type SyncTrx = Transaction<SyncTables>;

async function snapshotBounds(trx: SyncTrx): Promise<{ xmin: number; xmax: number }> {
  // First statement of the transaction: it fixes the REPEATABLE READ snapshot these bounds describe.
  const { rows } = await sql<{ xmin: string; xmax: string }>`
    SELECT pg_snapshot_xmin(s)::text AS xmin, pg_snapshot_xmax(s)::text AS xmax
    FROM pg_current_snapshot() AS s`.execute(trx);
  return { xmin: Number(rows[0].xmin), xmax: Number(rows[0].xmax) };
}

async function tombstones<A extends SyncActor>(
  trx: SyncTrx,
  actor: A,
  deps: Pick<PullDeps<SyncTables, A>, 'canSeeCustomer' | 'seesUnscoped'>,
  since: ChangeWindow,
  entities: string[],
): Promise<DelGroup[]> {
  if (entities.length === 0) return [];
  const rows = await trx
    .selectFrom('sync_tombstones')
    .select(['entity', 'entity_id', 'customer_id'])
    .where('entity', 'in', entities)
    .where(since.changed('sync_tombstones'))
    .orderBy('id')
    .execute();
  // Consecutive deletions of one entity share a group; the order of the tombstones is kept.
  const out: DelGroup[] = [];
  const unscoped = deps.seesUnscoped(actor);
  const sent = new Set<string>();
  for (const t of rows) {
    const id = Number(t.entity_id);
    if (!Number.isFinite(id)) continue;
    if (t.customer_id === null ? !unscoped : !deps.canSeeCustomer(actor, t.customer_id)) continue;
    // One row may leave an untagged and several customer-tagged tombstones; one deletion is enough.
    const key = `${t.entity}:${id}`;
    if (sent.has(key)) continue;
    sent.add(key);
    const last = out[out.length - 1];
    if (last?.entity === t.entity) last.del.push(id);
    else out.push({ entity: t.entity, del: [id] });
  }
  return out;
}

export async function handlePull<DB extends SyncTables, A extends SyncActor>(deps: PullDeps<DB, A>, actor: A, req: PullRequest): Promise<PullResponse> {
  const { sources } = deps;
  const tag = scopeTag(JSON.stringify([WORKING_SET_SCHEMA_VERSION, deps.scopeFingerprint(actor)]));
  return deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const st = trx as unknown as SyncTrx;
      const { xmin, xmax } = await snapshotBounds(st);
      const client = await st.selectFrom('sync_clients').select(['user_id', 'last_mutation_id']).where('client_id', '=', req.clientId).executeTakeFirst();
      // A device id belongs to the user who first pushed with it (see push.ts).
      if (client && client.user_id !== actor.id) throw new SyncRefusal('SYNC_CLIENT_FOREIGN');

      let since: ChangeWindow | null = null;
      if (req.cookie !== null && req.schemaVersion === WORKING_SET_SCHEMA_VERSION) {
        const c = decodeCookie(req.cookie);
        const usable = c.tag === tag && c.xid > 0 && c.xid <= xmax && xmax - c.xid < MAX_SPAN;
        if (usable) since = new ChangeWindow(c.xid, xmax);
      }
      // Sources first, then deletions: a tombstone after a put of the same row wins.
      const patch: PatchGroup[] = [];
      for (const source of sources) for (const g of await source.load(trx, actor, since)) patch.push(g);
      if (since) {
        const entities = sources.map((s) => s.entity);
        for (const g of await tombstones(st, actor, deps, since, entities)) patch.push(g);
      }
      return {
        cookie: encodeCookie(xmin, tag),
        lastMutationId: client?.last_mutation_id ?? 0,
        ...(since ? {} : { reset: true }),
        patch,
      };
    });
}
