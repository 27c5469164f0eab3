import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '../../../server/auth/users';
import { pullDeps } from '../../../server/features/sync/service';
import { WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';
import { handlePull } from '../../../sync/server/pull';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildUser } from '../../helpers/factories';
import { newClientId } from './sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * A worker's first pull of a large warehouse (issue #17: 200,000 stock rows)
 * answered 500: the rows were appended with push(...rows), one call argument
 * per row, which overflows the stack. The source here hands back that many.
 */
describe('pull with a source of hundreds of thousands of rows', () => {
  it('sends every row', async () => {
    const user = await buildUser(t.db, 'warehouse_worker');
    const actor = await loadActor(t.db, user.id);
    if (!actor) throw new Error('no actor');
    const rows = 300_000;
    const big = {
      entity: 'stock',
      load: async () => Array.from({ length: rows }, (_, i) => ({ op: 'put' as const, entity: 'stock', id: i + 1, data: { id: i + 1 } })),
    };
    const res = await handlePull(pullDeps(t.db, [big]), actor, { clientId: newClientId(), cookie: null, schemaVersion: WORKING_SET_SCHEMA_VERSION });
    expect(res.reset).toBe(true);
    expect(res.patch).toHaveLength(rows);
    expect(res.patch[rows - 1]).toMatchObject({ op: 'put', id: rows });
  });
});
