import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Tells in-memory caches that the tables the request actor is built from
 * (users, user_customer_access, user_rooms, customers) may have changed (docs/architecture.md "The request actor is cached"):
 * - a write through this process's Kysely is seen synchronously, as the
 *   statement is sent and again when it returns (watchActorWrites);
 * - a commit by any process (another app instance, psql) arrives as a
 *   notification on channel lw_actor (migration 0016, server/db/listen.ts).
 * `live` is true only while that notification channel is listened to; a
 * cache must not serve anything while it is false, since a change made
 * meanwhile by someone else would go unseen.
 */
export const ACTOR_CHANNEL = 'lw_actor';
const ACTOR_TABLES = new Set(['users', 'user_customer_access', 'user_rooms', 'customers']);
const RAW_WRITE =
  /\b(?:update|insert\s+into|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?"?(users|user_customer_access|user_rooms|customers)\b/i;

export class ChangeFeed {
  /** Bumped on every change seen; a cache stores a load only if it did not move meanwhile. */
  generation = 0;
  /** Local writes to the actor's tables so far (a request compares it before and after). */
  writes = 0;
  live = false;
  private readonly subscribers = new Set<() => void>();
  private starter: (() => void) | null;

  /** start: begins listening; called once, when the first subscriber arrives. */
  constructor(start: (() => void) | null) {
    this.starter = start;
  }

  subscribe(fn: () => void): () => void {
    this.subscribers.add(fn);
    const start = this.starter;
    this.starter = null;
    start?.();
    return () => this.subscribers.delete(fn);
  }

  /** Something the actor is built from may have changed. */
  changed(): void {
    this.generation++;
    for (const fn of this.subscribers) fn();
  }

  setLive(live: boolean): void {
    this.live = live;
    this.changed();
  }

  localWrite(): void {
    this.writes++;
    this.changed();
  }
}

const rawVerdicts = new WeakMap<readonly string[], boolean>();

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return undefined;
}

/** Whether a statement writes one of the actor's tables (false positives only cost a cache clear). */
export function writesActorTables(node: OperationNode): boolean {
  const n = node as unknown as Record<string, unknown> & { kind: string };
  switch (n.kind) {
    case 'RawNode': {
      const fragments = n.sqlFragments as readonly string[];
      let verdict = rawVerdicts.get(fragments);
      if (verdict === undefined) {
        verdict = RAW_WRITE.test(fragments.join(' '));
        rawVerdicts.set(fragments, verdict);
      }
      return verdict;
    }
    case 'UpdateQueryNode':
      return ACTOR_TABLES.has(tableName(n.table as OperationNode) ?? '') || withWrites(n);
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return ACTOR_TABLES.has(tableName(n.into as OperationNode) ?? '') || withWrites(n);
    case 'DeleteQueryNode': {
      const froms = (n.from as { froms: OperationNode[] }).froms;
      return froms.some((f) => ACTOR_TABLES.has(tableName(f) ?? '')) || withWrites(n);
    }
    case 'SelectQueryNode':
      return withWrites(n);
    default:
      return false;
  }
}

function withWrites(n: Record<string, unknown>): boolean {
  const w = n.with as { expressions: Array<{ expression: OperationNode }> } | undefined;
  return !!w?.expressions.some((e) => writesActorTables(e.expression));
}

/** Reports this process's writes to the actor's tables to the feed, before and after each such statement. */
export function watchActorWrites(feed: ChangeFeed): KyselyPlugin {
  const pending = new WeakSet<object>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (writesActorTables(args.node)) {
        pending.add(args.queryId);
        feed.localWrite();
      }
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (pending.has(args.queryId)) feed.localWrite();
      return args.result;
    },
  };
}

const feeds = new WeakMap<object, ChangeFeed>();

export function registerChangeFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/** The feed of a database opened by openDatabase; undefined otherwise (then nothing may be cached). */
export function changeFeedOf(db: object): ChangeFeed | undefined {
  return feeds.get(db);
}
