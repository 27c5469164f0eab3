import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildWorld, stockOf } from '../../server/stock/world';
import { inbound, newClientId, push } from './sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // An infrastructure failure on demand: the ledger insert of a booking noted 'CRASH' fails like a broken disk.
  await sql`
    CREATE FUNCTION lw_test_crash() RETURNS trigger AS $$
    BEGIN
      IF NEW.notes = 'CRASH' THEN RAISE EXCEPTION 'simulated disk failure' USING ERRCODE = '58030'; END IF;
      IF NEW.notes LIKE 'SQLSTATE %' THEN RAISE EXCEPTION 'simulated failure' USING ERRCODE = substr(NEW.notes, 10); END IF;
      IF NEW.notes = 'BUG' THEN RAISE EXCEPTION 'a bug in a trigger'; END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`.execute(t.db);
});
afterAll(async () => t.close());

const armCrash = () => sql`CREATE TRIGGER lw_test_crash BEFORE INSERT ON stock_movements FOR EACH ROW EXECUTE FUNCTION lw_test_crash()`.execute(t.db);
const disarmCrash = () => sql`DROP TRIGGER lw_test_crash ON stock_movements`.execute(t.db);

describe('push with an infrastructure failure', () => {
  it('test 3: failure at mutation 3 of 5 → 503, lastMutationId 2; the retry applies 3–5 exactly once', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const place = w.compartments[0].barcode as string;
    const batch = [1, 2, 3, 4, 5].map((id) =>
      inbound(id, w.worker.id, { ean: w.product.ean, quantity: id, location_barcode: place, customer_id: w.customer.id, notes: id === 3 ? 'CRASH' : `m${id}` }),
    );
    await armCrash();
    const failed = await push(t.app, w.worker, c, batch);
    await disarmCrash();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'SYNC_UNAVAILABLE', lastMutationId: 2 });
    expect(failed.json().results.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [1, 'applied'],
      [2, 'applied'],
    ]);
    expect(failed.headers['retry-after']).toBe('5');
    const client = await t.db.selectFrom('sync_clients').select('last_mutation_id').where('client_id', '=', c).executeTakeFirstOrThrow();
    expect(client.last_mutation_id).toBe(2);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(1 + 2);

    const retry = await push(t.app, w.worker, c, batch);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'applied', 'applied', 'applied']);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(1 + 2 + 3 + 4 + 5);
    const mv = await t.db.selectFrom('stock_movements').select('mutation_id').where('client_id', '=', c).orderBy('mutation_id').execute();
    expect(mv.map((m) => m.mutation_id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a failure in the very first mutation applies nothing and leaves the counter alone', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    await armCrash();
    const failed = await push(t.app, w.worker, c, [
      inbound(1, w.worker.id, {
        ean: w.product.ean,
        quantity: 1,
        location_barcode: w.compartments[0].barcode as string,
        customer_id: w.customer.id,
        notes: 'CRASH',
      }),
    ]);
    await disarmCrash();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ lastMutationId: 0, results: [] });
    expect(await t.db.selectFrom('sync_mutations').select('mutation_id').where('client_id', '=', c).execute()).toEqual([]);
  });

  it.each(['40001', '40P01', '57P01', '57P03', '08006'])('a transient fault (%s) answers 503 and does not advance the counter', async (sqlstate) => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const args = { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode as string, customer_id: w.customer.id };
    await armCrash();
    const failed = await push(t.app, w.worker, c, [inbound(1, w.worker.id, args), inbound(2, w.worker.id, { ...args, notes: `SQLSTATE ${sqlstate}` })]);
    await disarmCrash();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'SYNC_UNAVAILABLE', lastMutationId: 1 });
    const client = await t.db.selectFrom('sync_clients').select('last_mutation_id').where('client_id', '=', c).executeTakeFirstOrThrow();
    expect(client.last_mutation_id).toBe(1);
  });

  it('an unknown PostgreSQL error (a bug, not an outage) is a rejection that advances the counter', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const args = { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode as string, customer_id: w.customer.id };
    await armCrash();
    const res = await push(t.app, w.worker, c, [inbound(1, w.worker.id, { ...args, notes: 'BUG' }), inbound(2, w.worker.id, args)]);
    await disarmCrash();
    expect(res.statusCode).toBe(200);
    expect(res.json().lastMutationId).toBe(2);
    expect(res.json().results.map((r: { status: string; code?: string }) => [r.status, r.code])).toEqual([
      ['rejected', 'COMMAND_FAILED'],
      ['applied', undefined],
    ]);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(1);
  });

  it('one transaction per batch: a refusal between two bookings undoes only its own half-written effect', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const args = { ean: w.product.ean, location_barcode: w.compartments[0].barcode as string, customer_id: w.customer.id };
    await armCrash();
    // Mutation 2 upserts the stock row, then its movement insert fails: the savepoint takes the upsert back.
    const res = await push(t.app, w.worker, c, [
      inbound(1, w.worker.id, { ...args, quantity: 1 }),
      inbound(2, w.worker.id, { ...args, quantity: 10, notes: 'BUG' }),
      inbound(3, w.worker.id, { ...args, quantity: 100 }),
    ]);
    await disarmCrash();
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(101);
    const logged = await t.db.selectFrom('sync_mutations').select(['mutation_id', 'status']).where('client_id', '=', c).orderBy('mutation_id').execute();
    expect(logged).toEqual([
      { mutation_id: 1, status: 'applied' },
      { mutation_id: 2, status: 'rejected' },
      { mutation_id: 3, status: 'applied' },
    ]);
    const mv = await t.db.selectFrom('stock_movements').select('mutation_id').where('client_id', '=', c).orderBy('mutation_id').execute();
    expect(mv.map((m) => m.mutation_id)).toEqual([1, 3]);
    const client = await t.db.selectFrom('sync_clients').select('last_mutation_id').where('client_id', '=', c).executeTakeFirstOrThrow();
    expect(client.last_mutation_id).toBe(3);
  });
});
