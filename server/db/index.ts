import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { type Db as BossDb, fromPglite } from 'pg-boss';
import { ChangeFeed, registerChangeFeed, watchActorWrites } from './change-feed';
import { type Listener, listenWithPg, listenWithPglite } from './listen';
import { migrations } from './migrations/index';
import { nameMarkedStatements } from './prepared';
import type { Database } from './schema';
import { timePoolWaits } from '../diagnostics/latency';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Query functions take either the pool or a running transaction. */
export type DbOrTrx = Db | Trx;

export interface DbHandle {
  db: Db;
  kind: 'pg' | 'pglite';
  close(): Promise<void>;
}

// int8 (20) and numeric (1700) as JS numbers; date (1082) stays 'YYYY-MM-DD'.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const parseNumber = (v: string) => (v === null ? null : Number(v));

let pgTypesSet = false;
function setPgTypeParsers(): void {
  if (pgTypesSet) return;
  pg.types.setTypeParser(INT8, parseNumber);
  pg.types.setTypeParser(NUMERIC, parseNumber);
  pg.types.setTypeParser(DATE, (v: string) => v);
  pgTypesSet = true;
}

/** How the job queue (pg-boss, server/jobs/queue.ts) reaches the same database. */
export type QueueConnection = { backend: 'pglite'; db: BossDb } | { backend: 'postgres'; connectionString: string };
const queueConnections = new WeakMap<object, QueueConnection>();

/** The queue connection of a database opened by openDatabase; undefined otherwise. */
export function queueConnectionOf(db: object): QueueConnection | undefined {
  return queueConnections.get(db);
}

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    setPgTypeParsers();
    // No JIT: the app's statements are short, and a read whose estimate passes jit_above_cost (an
    // overestimated join, a walk over a large table) spent 25–30 ms compiling for 25–30 ms of work
    // (Mein Bestand's sums at 1,000,000 products: 81 → 24 ms; docs/performance.md).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, options: '-c jit=off' });
    nameMarkedStatements(pool);
    timePoolWaits(pool);
    const url = opts.databaseUrl;
    let listener: Listener | null = null;
    const feed = new ChangeFeed(() => {
      listener = listenWithPg(url, feed);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [watchActorWrites(feed)] });
    registerChangeFeed(db, feed);
    queueConnections.set(db, { backend: 'postgres', connectionString: url });
    return {
      db,
      kind: 'pg',
      close: async () => {
        await listener?.close();
        await db.destroy();
      },
    };
  }
  const dir = opts.dataDir ?? './data';
  let target = dir;
  if (!dir.startsWith('memory://')) {
    mkdirSync(`${dir}/pglite`, { recursive: true });
    target = `${dir}/pglite`;
  }
  const pglite = new PGlite(target, {
    // The search's trigram indexes (migration 0015) need pg_trgm, which PGlite ships as a contrib extension.
    extensions: { pg_trgm },
    parsers: {
      [INT8]: parseNumber,
      [NUMERIC]: parseNumber,
      [DATE]: (v: string) => v,
    },
  });
  await pglite.waitReady;
  let listener: Listener | null = null;
  const feed = new ChangeFeed(() => {
    listener = listenWithPglite(pglite, feed);
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [watchActorWrites(feed)] });
  registerChangeFeed(db, feed);
  // The one PGlite connection is shared: pg-boss's statements wait while a Kysely transaction holds it.
  queueConnections.set(db, { backend: 'pglite', db: fromPglite(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await listener?.close();
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') throw new Error(`Migration ${r.migrationName} fehlgeschlagen`);
  }
  if (error) throw error;
}
