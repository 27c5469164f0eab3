import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { LagerwerkDb } from '../../../client/db';
import { ProductEntity } from '../../../shared/schemas/products';
import type { PatchGroup, PullResponse } from '../../../sync/protocol';
import { applyPull, COOKIE_KEY, pull, readPullAnswer } from '../../../sync/device/pull';
import { SyncStateStore } from '../../../sync/device/state';

/**
 * The device applies the pull's column groups (sync/protocol.ts PatchGroup) in order, in one
 * transaction, and refuses an answer whose envelope or rows do not fit, without touching its data.
 */

const dbs: LagerwerkDb[] = [];
let n = 0;
async function freshDb(): Promise<LagerwerkDb> {
  const db = new LagerwerkDb(`pull-apply-${++n}-${Date.now()}`);
  await db.open();
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const cols = ProductEntity.columns;
const product = (id: number, title = `P${id}`) => cols.map((c) => ({ id, ean: `400${id}`, title, image_url: null })[c as 'id']);
const puts = (...rows: unknown[][]): PatchGroup => ({ entity: 'product', columns: [...cols], rows });
const answer = (patch: PatchGroup[], reset = false): PullResponse => ({ cookie: 2048, lastMutationId: 0, ...(reset ? { reset } : {}), patch });

describe('applyPull with column groups', () => {
  it('rebuilds rows from the entity columns and keeps the order of groups', async () => {
    const db = await freshDb();
    await applyPull(db, 1, 'device-0001', answer([puts(product(99, 'stale'))], true));
    await applyPull(
      db,
      1,
      'device-0001',
      answer(
        [
          puts(product(1), product(2), product(3), product(4)),
          { entity: 'product', del: [2, 4] },
          puts(product(2, 'wieder da')),
          { entity: 'unknown-entity', del: [1] },
        ],
        true,
      ),
    );
    expect(await db.products.get(99)).toBeUndefined();
    expect(await db.products.get(1)).toEqual({ id: 1, ean: '4001', title: 'P1', image_url: null });
    expect((await db.products.get(2))?.title).toBe('wieder da');
    expect(await db.products.get(4)).toBeUndefined();
    expect(await db.products.count()).toBe(3);
    expect((await db.meta.get(COOKIE_KEY))?.value).toEqual({ userId: 1, cookie: 2048 });
  });

  it('writes a group larger than one chunk completely', async () => {
    const db = await freshDb();
    const rows = Array.from({ length: 12_345 }, (_, i) => product(i + 1));
    await applyPull(db, 1, 'device-0001', answer([puts(...rows)], true));
    expect(await db.products.count()).toBe(12_345);
    expect((await db.products.get(12_345))?.ean).toBe('40012345');
  });
});

describe('readPullAnswer', () => {
  it('accepts the column groups and refuses rows that do not fit their columns or the old op list', () => {
    expect(readPullAnswer(answer([puts(product(1)), { entity: 'stock', del: [3] }]))).not.toBeNull();
    expect(readPullAnswer(answer([puts([1, '4001', 'kurz'])]))).toBeNull();
    expect(readPullAnswer(answer([puts(['1', '4001', 'P1', null])]))).toBeNull();
    expect(readPullAnswer(answer([puts({ id: 1 } as unknown as unknown[])]))).toBeNull();
    expect(readPullAnswer(answer([{ entity: 'product', columns: ['ean'], rows: [['4001']] }]))).toBeNull();
    expect(readPullAnswer({ cookie: 1, lastMutationId: 0, patch: [{ op: 'put', entity: 'product', id: 1, data: { id: 1 } }] })).toBeNull();
  });

  it('an invalid answer is refused with a German message and changes nothing', async () => {
    const db = await freshDb();
    await applyPull(db, 1, 'device-0001', answer([puts(product(5, 'bleibt'))], true));
    const state = new SyncStateStore();
    const transport = {
      push: async () => ({ status: 500, body: null }),
      pull: async () => ({ status: 200, body: answer([puts([7, 'kaputt'])], true) }),
    };
    const outcome = await pull({ db, transport, session: () => ({ userId: 1, token: 't' }), state });
    expect(outcome).toBe('error');
    expect(state.get().lastError).toBe('Ungültige Antwort des Servers beim Abgleich');
    expect(await db.products.all()).toEqual([{ id: 5, ean: '4005', title: 'bleibt', image_url: null }]);
    expect((await db.meta.get(COOKIE_KEY))?.value).toEqual({ userId: 1, cookie: 2048 });
  });
});
