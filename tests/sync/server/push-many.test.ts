import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '../../../server/auth/users';
import { pushDeps } from '../../../server/features/sync/service';
import type { Actor } from '../../../server/auth/actor';
import type { Database } from '../../../server/db/schema';
import { type Mutation, PROTOCOL_VERSION, WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';
import { handlePush, type PushDeps } from '../../../sync/server/push';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildProduct } from '../../helpers/factories';
import { buildWorld } from '../../server/stock/world';
import { inbound, newClientId, outbound } from './sync-helpers';

/**
 * The set-based replay: a run of queued stock.inbound mutations is
 * booked in one statement (server/features/stock/inbound-many.ts). It must
 * answer and book exactly what the mutations one after another would, and a
 * refused one must still be refused alone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The app's push dependencies, counting set-based steps; `sets: false` runs every mutation alone. */
function countingDeps(sets: boolean) {
  const base = pushDeps(t.db, t.config);
  const calls: number[] = [];
  const deps: PushDeps<Database, Actor> = sets
    ? {
        ...base,
        executeMany: async (trx, actor, clientId, ms) => {
          calls.push(ms.length);
          return (base.executeMany as NonNullable<typeof base.executeMany>)(trx, actor, clientId, ms);
        },
      }
    : { ...base, batchable: () => false };
  return { deps, calls };
}

async function scenario() {
  const w = await buildWorld(t.db, t.app);
  const other = await buildProduct(t.db);
  const [p1, p2] = w.compartments.map((c) => c.barcode as string);
  const args = (ean: string, quantity: number, place: string, extra: Record<string, unknown> = {}) => ({
    ean,
    quantity,
    location_barcode: place,
    customer_id: w.customer.id,
    ...extra,
  });
  const list = [
    args(w.product.ean, 4, p1),
    args(other.ean, 2, p1),
    args(w.product.ean, 3, p1),
    args(w.product.ean, 5, p1, { batch_number: 'L1' }),
    args(w.product.ean, 1, p2.toLowerCase()),
    args(w.product.ean, 7, p1),
  ];
  return { w, other, list, actor: (await loadActor(t.db, w.worker.id)) as Actor };
}

/** The scenario's scans pushed as one batch of stock.inbound mutations (1, 2, …) by its worker. */
function pushScenario(deps: PushDeps<Database, Actor>, world: Awaited<ReturnType<typeof scenario>>, clientId: string) {
  return handlePush(deps, world.actor, {
    protocolVersion: PROTOCOL_VERSION,
    schemaVersion: WORKING_SET_SCHEMA_VERSION,
    clientId,
    mutations: world.list.map((a, i) => inbound(i + 1, world.w.worker.id, a)),
  });
}

/** An answer with this world's names and ids replaced by what they stand for. */
function normalised(a: Record<string, unknown>, w: Awaited<ReturnType<typeof scenario>>) {
  const places = w.w.compartments.map((c) => c.barcode as string);
  return {
    keys: Object.keys(a).sort(),
    product: a.product_id === w.w.product.id ? 'product' : a.product_id === w.other.id ? 'other' : a.product_id,
    ean: a.ean === w.w.product.ean || a.ean === w.other.ean,
    title: a.product_title === w.w.product.title || a.product_title === w.other.title,
    place: places.indexOf(a.location_barcode as string),
    path: (a.location_path as string).endsWith(a.location_barcode as string),
    customer: a.customer_id === w.w.customer.id,
    quantity: a.quantity,
    stock_quantity: a.stock_quantity,
  };
}

async function ledgerMatchesStock(productId: number) {
  const stock = await t.db
    .selectFrom('stock')
    .select((eb) => eb.fn.sum<string>('quantity').as('q'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const ledger = await t.db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.sum<string>('quantity').as('q'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  expect(Number(stock?.q)).toBe(Number(ledger?.q));
}

describe('set-based replay of stock.inbound', () => {
  it('books a run in one step with the answers and movements of one-by-one booking', async () => {
    const results = [];
    for (const sets of [true, false]) {
      const world = await scenario();
      const { w, other } = world;
      const { deps, calls } = countingDeps(sets);
      const c = newClientId();
      const out = await pushScenario(deps, world, c);
      expect(out.kind).toBe('ok');
      expect(calls).toEqual(sets ? [6] : []);
      const body = out.body;
      expect(body.results.map((r) => r.status)).toEqual(Array(6).fill('applied'));
      const answers = body.results.map((r) => r.result as Record<string, unknown>);
      // Running quantities per stock row, in scan order.
      expect(answers.map((a) => a.stock_quantity)).toEqual([4, 2, 7, 5, 1, 14]);
      // One movement per mutation, in mutation order, tagged with it, ids as answered.
      const mv = await t.db
        .selectFrom('stock_movements')
        .select(['id', 'mutation_id', 'quantity', 'batch_number', 'movement_type'])
        .where('client_id', '=', c)
        .orderBy('id')
        .execute();
      expect(mv.map((m) => Number(m.mutation_id))).toEqual([1, 2, 3, 4, 5, 6]);
      expect(mv.map((m) => m.quantity)).toEqual([4, 2, 3, 5, 1, 7]);
      expect(mv.map((m) => m.id)).toEqual(answers.map((a) => a.movement_id));
      expect(mv[3].batch_number).toBe('L1');
      await ledgerMatchesStock(w.product.id);
      await ledgerMatchesStock(other.id);
      results.push(answers.map((a) => normalised(a, world)));
    }
    // Same answers either way (apart from the ids and names of each world's rows).
    expect(results[0]).toEqual(results[1]);
    expect(results[0].map((r) => [r.product, r.place, r.ean, r.title, r.path, r.customer])).toEqual([
      ['product', 0, true, true, true, true],
      ['other', 0, true, true, true, true],
      ['product', 0, true, true, true, true],
      ['product', 0, true, true, true, true],
      ['product', 1, true, true, true, true],
      ['product', 0, true, true, true, true],
    ]);
  });

  it('refuses only the bad scan of a run: the span runs again one by one', async () => {
    const world = await scenario();
    const { w, list } = world;
    list[2] = { ...list[2], ean: '4000000000000' };
    const { deps, calls } = countingDeps(true);
    const c = newClientId();
    const out = await pushScenario(deps, world, c);
    expect(out.kind).toBe('ok');
    expect(calls).toEqual([6]);
    expect(out.body.lastMutationId).toBe(6);
    expect(out.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected', 'applied', 'applied', 'applied']);
    expect(out.body.results[2]).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect(out.body.results.map((r) => (r.result as { stock_quantity?: number } | undefined)?.stock_quantity)).toEqual([4, 2, undefined, 5, 1, 11]);
    const mv = await t.db.selectFrom('stock_movements').select('mutation_id').where('client_id', '=', c).orderBy('id').execute();
    expect(mv.map((m) => Number(m.mutation_id))).toEqual([1, 2, 4, 5, 6]);
    await ledgerMatchesStock(w.product.id);
  });

  it('keeps exactly-once: the same batch again answers the stored outcomes and books nothing', async () => {
    const { w, list } = await scenario();
    const c = newClientId();
    const batch = [
      ...list.map((a, i) => inbound(i + 1, w.worker.id, a)),
      outbound(7, w.worker.id, { ean: w.product.ean, quantity: 2, location_barcode: list[0].location_barcode }),
    ];
    const push = (ms: Mutation[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: w.headers,
        payload: { protocolVersion: PROTOCOL_VERSION, schemaVersion: WORKING_SET_SCHEMA_VERSION, clientId: c, mutations: ms },
      });
    const [a, b] = await Promise.all([push(batch), push(batch)]);
    const again = await push(batch);
    for (const r of [a, b, again]) expect(r.statusCode).toBe(200);
    const applied = [a, b].flatMap((r) => r.json().results).filter((r: { status: string }) => r.status === 'applied');
    expect(applied).toHaveLength(7);
    expect(again.json().results.every((r: { status: string; original?: string }) => r.status === 'duplicate' && r.original === 'applied')).toBe(true);
    const mv = await t.db.selectFrom('stock_movements').select('mutation_id').where('client_id', '=', c).execute();
    expect(mv).toHaveLength(7);
    await ledgerMatchesStock(w.product.id);
  });
});
