import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../server/db/index';
import { createTestDb } from '../../helpers/db';

/** What every connection of the app's PostgreSQL pool runs with (server/db/index.ts). PGlite has no JIT. */
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

describe('database connections', () => {
  it('PostgreSQL: no JIT on any of the pool’s connections', async () => {
    if (handle.kind !== 'pg') return;
    // Several at once, so more than one pooled connection answers.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => handle.db.connection().execute(async (c) => (await sql<{ jit: string }>`SHOW jit`.execute(c)).rows[0].jit)),
    );
    expect(answers).toEqual(['off', 'off', 'off', 'off']);
  });
});
