import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '../../../server/auth/users';
import { pullDeps } from '../../../server/features/sync/service';
import { defineSource } from '../../../server/offline';
import { StockEntity } from '../../../shared/schemas/stock';
import { opsOf, PullResponse, WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';
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
 * A worker's first pull of a large warehouse (200,000 stock rows)
 * answered 500: the rows were appended with push(...rows), one call argument
 * per row, which overflows the stack. The source here hands back that many;
 * they go out as one column group, which the answer's schema accepts.
 */
describe('pull with a source of hundreds of thousands of rows', () => {
  it('sends every row', async () => {
    const user = await buildUser(t.db, 'warehouse_worker');
    const actor = await loadActor(t.db, user.id);
    if (!actor) throw new Error('no actor');
    const rows = 300_000;
    const row = (id: number) => ({
      id,
      product_id: 1,
      customer_id: 1,
      location_id: 1,
      batch_number: '',
      expiry_date: null,
      quantity: 1,
      reserved_quantity: 0,
    });
    const big = defineSource(StockEntity, async () => Array.from({ length: rows }, (_, i) => row(i + 1)));
    const res = await handlePull(pullDeps(t.db, [big]), actor, { clientId: newClientId(), cookie: null, schemaVersion: WORKING_SET_SCHEMA_VERSION });
    expect(res.reset).toBe(true);
    expect(res.patch).toHaveLength(1);
    expect(PullResponse.safeParse(res).success).toBe(true);
    const ops = opsOf(res);
    expect(ops).toHaveLength(rows);
    expect(ops[rows - 1]).toEqual({ op: 'put', entity: 'stock', id: rows, data: row(rows) });
  });
});
