import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsOf, type PatchOp, type PullResponse, WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { buildWorld } from '../../server/stock/world';
import { inbound, newClientId, outbound, pull, push } from './sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ids = (r: PullResponse, entity: string, op: 'put' | 'del' = 'put') =>
  opsOf(r)
    .filter((p) => p.entity === entity && p.op === op)
    .map((p) => p.id);
const find = (r: PullResponse, entity: string, id: number): PatchOp | undefined => opsOf(r).find((p) => p.entity === entity && p.id === id);
/** On real PostgreSQL other test files' transactions can hold the snapshot xmin back, so already-sent rows may come again (harmless). */
const exactDeltas = () => t.handle.kind === 'pglite';

describe('POST /api/sync/pull', () => {
  it('sends the full working set with reset on the first pull', async () => {
    const w = await buildWorld(t.db, t.app);
    await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: w.compartments[0].id, quantity: 3 });
    const res = await pull(t.app, w.worker, newClientId(), null);
    expect(res.statusCode).toBe(200);
    const body: PullResponse = res.json();
    expect(body.reset).toBe(true);
    expect(body.lastMutationId).toBe(0);
    expect(find(body, 'product', w.product.id)?.data).toMatchObject({ ean: w.product.ean, title: w.product.title });
    expect(find(body, 'location', w.compartments[0].id)?.data).toEqual({
      id: w.compartments[0].id,
      barcode: w.compartments[0].barcode,
      path: `${w.building.name} / ${w.room.name} / ${w.compartments[0].barcode}`,
      is_active: true,
      is_blocked: false,
      stocktake: null,
    });
    expect(
      find(body, 'stock', (await t.db.selectFrom('stock').select('id').where('product_id', '=', w.product.id).executeTakeFirstOrThrow()).id)?.data,
    ).toMatchObject({
      product_id: w.product.id,
      customer_id: w.customer.id,
      location_id: w.compartments[0].id,
      quantity: 3,
      reserved_quantity: 0,
    });
    expect(find(body, 'customer', w.customer.id)?.data).toMatchObject({ company_name: w.customer.company_name, is_active: true });
  });

  it('sends only what changed since the cookie, with lastMutationId from the same snapshot', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const place = w.compartments[0].barcode as string;
    const first: PullResponse = (await pull(t.app, w.worker, c, null)).json();
    const pushed = await push(t.app, w.worker, c, [
      inbound(1, w.worker.id, { ean: w.product.ean, quantity: 4, location_barcode: place, customer_id: w.customer.id }),
    ]);
    const stockId =
      pushed.json().results[0].result.movement_id &&
      (await t.db.selectFrom('stock').select('id').where('product_id', '=', w.product.id).executeTakeFirstOrThrow()).id;
    const second: PullResponse = (await pull(t.app, w.worker, c, first.cookie)).json();
    expect(second.reset).toBeUndefined();
    expect(second.lastMutationId).toBe(1);
    expect(find(second, 'stock', stockId)?.data).toMatchObject({ quantity: 4 });
    // The product had no stock before: it enters the device's products with its first stock row (docs/sync.md "Entities").
    expect(ids(second, 'product')).toContain(w.product.id);
    if (exactDeltas()) expect(ids(second, 'location')).toEqual([]);
    // Nothing changed: nothing (or only harmless repeats) to send.
    const third: PullResponse = (await pull(t.app, w.worker, c, second.cookie)).json();
    if (exactDeltas()) expect(opsOf(third).filter((p) => p.entity !== 'notification')).toEqual([]);
    // Stock taken to 0 leaves the working set.
    await push(t.app, w.worker, c, [outbound(2, w.worker.id, { ean: w.product.ean, quantity: 4, location_barcode: place })]);
    const fourth: PullResponse = (await pull(t.app, w.worker, c, third.cookie)).json();
    expect(find(fourth, 'stock', stockId)).toEqual({ op: 'del', entity: 'stock', id: stockId });
    expect(fourth.lastMutationId).toBe(2);
  });

  it('sends tombstones as deletions, respecting the customer scope', async () => {
    const w = await buildWorld(t.db, t.app);
    const hidden = await buildCustomer(t.db);
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] });
    const c = newClientId();
    const first: PullResponse = (await pull(t.app, restricted, c, null)).json();
    await t.db
      .insertInto('sync_tombstones')
      .values([
        { entity: 'location', entity_id: String(w.compartments[2].id), customer_id: null },
        { entity: 'stock', entity_id: '987654', customer_id: hidden.id },
        { entity: 'stock', entity_id: '987655', customer_id: w.customer.id },
      ])
      .execute();
    const second: PullResponse = (await pull(t.app, restricted, c, first.cookie)).json();
    expect(ids(second, 'location', 'del')).toContain(w.compartments[2].id);
    expect(ids(second, 'stock', 'del')).toContain(987655);
    expect(ids(second, 'stock', 'del')).not.toContain(987654);
  });

  it('resends the paths of all places when a building is renamed', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const first: PullResponse = (await pull(t.app, w.worker, c, null)).json();
    await t.db.updateTable('buildings').set({ name: 'Halle Nord' }).where('id', '=', w.building.id).execute();
    const second: PullResponse = (await pull(t.app, w.worker, c, first.cookie)).json();
    expect(ids(second, 'location')).toEqual(expect.arrayContaining(w.compartments.map((p) => p.id)));
    expect((find(second, 'location', w.compartments[0].id)!.data as { path: string }).path).toBe(`Halle Nord / ${w.room.name} / ${w.compartments[0].barcode}`);
  });

  it('answers an unknown, foreign-scope or other-schema cookie with a reset and the full set', async () => {
    const w = await buildWorld(t.db, t.app);
    await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: w.compartments[0].id, quantity: 1 });
    const c = newClientId();
    const first: PullResponse = (await pull(t.app, w.worker, c, null)).json();
    for (const [cookie, schema] of [
      [5, WORKING_SET_SCHEMA_VERSION],
      [first.cookie + 1024 * 10 ** 9, WORKING_SET_SCHEMA_VERSION],
      // a device of the previous working-set shape (its cookie kept over an app update) gets a reset
      [first.cookie, WORKING_SET_SCHEMA_VERSION - 1],
      [first.cookie, WORKING_SET_SCHEMA_VERSION + 1],
    ] as const) {
      const r: PullResponse = (await pull(t.app, w.worker, c, cookie, schema)).json();
      expect(r.reset).toBe(true);
      expect(ids(r, 'product')).toContain(w.product.id);
    }
  });

  it("resets when the user's customer access changes, so newly visible stock arrives and hidden stock leaves", async () => {
    const w = await buildWorld(t.db, t.app);
    const other = await buildCustomer(t.db);
    await buildStock(t.db, { product_id: w.product.id, customer_id: other.id, location_id: w.compartments[0].id, quantity: 2 });
    const u = await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] });
    const c = newClientId();
    const first: PullResponse = (await pull(t.app, u, c, null)).json();
    expect(ids(first, 'customer')).toEqual([w.customer.id]);
    expect(ids(first, 'stock')).toEqual([]);
    await t.db.insertInto('user_customer_access').values({ user_id: u.id, customer_id: other.id }).execute();
    const second: PullResponse = (await pull(t.app, u, c, first.cookie)).json();
    expect(second.reset).toBe(true);
    expect(ids(second, 'customer').sort()).toEqual([w.customer.id, other.id].sort());
    expect(ids(second, 'stock')).toHaveLength(1);
  });

  it('gives customer users their own data only', async () => {
    const w = await buildWorld(t.db, t.app);
    const mine = await buildProduct(t.db);
    await buildStock(t.db, { product_id: mine.id, customer_id: w.customer.id, location_id: w.compartments[1].id, quantity: 5 });
    const foreign = await buildCustomer(t.db);
    await buildStock(t.db, { product_id: w.product.id, customer_id: foreign.id, location_id: w.compartments[0].id, quantity: 5 });
    const cu = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    const c = newClientId();
    const r: PullResponse = (await pull(t.app, cu, c, null)).json();
    expect(ids(r, 'customer')).toEqual([w.customer.id]);
    expect(ids(r, 'product')).toEqual([mine.id]);
    expect(ids(r, 'location')).toEqual([w.compartments[1].id]);
    expect(
      opsOf(r)
        .filter((p) => p.entity === 'stock')
        .map((p) => (p.data as { customer_id: number }).customer_id),
    ).toEqual([w.customer.id]);
    // A product newly stocked for the customer arrives with its stock, though the product row itself did not change.
    const later = await buildProduct(t.db);
    const r1: PullResponse = (await pull(t.app, cu, c, r.cookie)).json();
    await buildStock(t.db, { product_id: later.id, customer_id: w.customer.id, location_id: w.compartments[2].id, quantity: 1 });
    const r2: PullResponse = (await pull(t.app, cu, c, r1.cookie)).json();
    expect(ids(r2, 'product')).toContain(later.id);
    expect(ids(r2, 'location')).toContain(w.compartments[2].id);
  });

  it('refuses a device id that belongs to another user', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    await push(t.app, w.worker, c, []);
    const other = await buildUser(t.db, 'warehouse_worker');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: auth(t.app, other),
      payload: { clientId: c, cookie: null, schemaVersion: WORKING_SET_SCHEMA_VERSION },
    });
    expect(res.statusCode).toBe(403);
  });

  it.runIf(process.env.TEST_DB === 'pg')('never loses a row whose transaction commits after a pull that saw a higher change_version', async () => {
    const w = await buildWorld(t.db, t.app);
    const late = await buildProduct(t.db, { title: 'Alt' });
    const early = await buildProduct(t.db, { title: 'Alt' });
    // Stocked, so both are on the worker's device (docs/sync.md "Entities").
    for (const p of [late, early]) await buildStock(t.db, { product_id: p.id, customer_id: w.customer.id, location_id: w.compartments[0].id, quantity: 1 });
    const c = newClientId();
    const base: PullResponse = (await pull(t.app, w.worker, c, null)).json();
    const slow = new pg.Client({ connectionString: (t.handle as { url?: string }).url });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      await slow.query(`UPDATE products SET title = 'Spät' WHERE id = $1`, [late.id]);
      const lateVersion = Number((await slow.query('SELECT change_version FROM products WHERE id = $1', [late.id])).rows[0].change_version);
      await t.db.updateTable('products').set({ title: 'Früh' }).where('id', '=', early.id).execute();
      const earlyVersion = (await t.db.selectFrom('products').select('change_version').where('id', '=', early.id).executeTakeFirstOrThrow()).change_version;
      // The trap: the late row got the LOWER version, yet becomes visible only after this pull.
      expect(lateVersion).toBeLessThan(earlyVersion);
      const during: PullResponse = (await pull(t.app, w.worker, c, base.cookie)).json();
      expect((find(during, 'product', early.id)!.data as { title: string }).title).toBe('Früh');
      expect((find(during, 'product', late.id)?.data as { title: string } | undefined)?.title ?? 'Alt').toBe('Alt');
      await slow.query('COMMIT');
      const after: PullResponse = (await pull(t.app, w.worker, c, during.cookie)).json();
      expect((find(after, 'product', late.id)!.data as { title: string }).title).toBe('Spät');
    } finally {
      await slow.end();
    }
  });
});
