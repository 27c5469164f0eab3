import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, migrateToLatest, openDatabase } from '../../server/db/index';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the server of TEST_DATABASE_URL when TEST_DB=pg
 * (created here, dropped on close; nothing relies on leftovers).
 */
export async function createTestDb(): Promise<DbHandle & { url?: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'pg') {
    if (!base) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    const name = `lw_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 30 });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      url: url.toString(),
      close: async () => {
        await handle.close();
        const a = new pg.Client({ connectionString: base });
        await a.connect();
        // pg-pool's end() resolves before its sockets are closed; FORCE would kill them mid-close
        // (unhandled FATAL 57P01 in the test run), so wait briefly for them to go.
        for (let i = 0; i < 100; i++) {
          const open = await a.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (open.rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  return handle;
}
