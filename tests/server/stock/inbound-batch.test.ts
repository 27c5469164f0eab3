import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../server/auth/actor';
import { loadActor } from '../../../server/auth/users';
import { AppError } from '../../../server/errors';
import { InboundBatcher, statementUndone } from '../../../server/features/stock/inbound-batch';
import type { InboundRequest } from '../../../shared/schemas/stock';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { buildWorld, stockOf } from './world';

/**
 * Group commit of online Einlagern (server/features/stock/inbound-batch.ts): bookings that arrive
 * while the statements are busy are booked together in one statement, with exactly the answers,
 * movements and refusals they would get one after another.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const actorOf = async (id: number): Promise<Actor> => (await loadActor(t.db, id)) as Actor;
/** The answers' stock quantities of one row, in order: the running sums when each booking saw the one before. */
const runningSums = (quantities: number[]) => quantities.map((_, i) => quantities.slice(0, i + 1).reduce((s, q) => s + q, 0));

describe('InboundBatcher', () => {
  it('books bookings that wait together in one statement, each with its own answer, user and movement', async () => {
    const w = await buildWorld(t.db, t.app, 2);
    const admin = await buildUser(t.db, 'admin');
    const [worker, boss] = [await actorOf(w.worker.id), await actorOf(admin.id)];
    const batcher = new InboundBatcher(t.db, 1);
    const scans = Array.from({ length: 21 }, (_, i) => ({
      actor: i % 3 === 0 ? boss : worker,
      input: {
        ean: w.product.ean,
        quantity: i + 1,
        location_barcode: w.compartments[i % 2].barcode as string,
        customer_id: w.customer.id,
        notes: `Scan ${i}`,
        batch_number: null,
      } satisfies InboundRequest,
    }));
    const answers = await Promise.all(scans.map((s) => batcher.book(s.actor, s.input)));
    // The first found the slot free and ran alone; the other 20 waited and went as one statement.
    expect(batcher.stats).toEqual({ statements: 2, bookings: 21, fallbacks: 0 });
    for (const place of [0, 1]) {
      const mine = scans.map((s, i) => ({ s, a: answers[i] })).filter(({ s }) => s.input.location_barcode === w.compartments[place].barcode);
      expect(mine.map(({ a }) => a.stock_quantity)).toEqual(runningSums(mine.map(({ s }) => s.input.quantity)));
      expect(await stockOf(t.db, w.product.id, w.compartments[place].id)).toBe(mine.reduce((n, { s }) => n + s.input.quantity, 0));
    }
    const movements = await t.db
      .selectFrom('stock_movements')
      .select(['id', 'user_id', 'quantity', 'notes', 'client_id'])
      .where(
        'id',
        'in',
        answers.map((a) => a.movement_id),
      )
      .orderBy('id')
      .execute();
    // One movement per booking, in arrival order, by the booking's own user.
    expect(movements.map((m) => [m.quantity, m.user_id, m.notes, m.client_id])).toEqual(scans.map((s, i) => [s.input.quantity, s.actor.id, `Scan ${i}`, null]));
    expect(answers.map((a) => a.movement_id)).toEqual(movements.map((m) => m.id));
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('gives a refused booking of a batch its own refusal and books the others once', async () => {
    const w = await buildWorld(t.db, t.app, 1);
    const worker = await actorOf(w.worker.id);
    const batcher = new InboundBatcher(t.db, 1);
    const place = w.compartments[0].barcode as string;
    const scan = (over: Partial<InboundRequest>): InboundRequest => ({
      ean: w.product.ean,
      quantity: 1,
      location_barcode: place,
      customer_id: w.customer.id,
      notes: null,
      batch_number: null,
      ...over,
    });
    const good = (quantity: number) => batcher.book(worker, scan({ quantity }));
    const results = await Promise.allSettled([
      good(1),
      good(2),
      batcher.book(worker, scan({ ean: '4006381333948', quantity: 5 })),
      good(3),
      batcher.book(worker, scan({ quantity: 5, location_barcode: 'KEIN-PLATZ' })),
      good(4),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect([(results[2] as PromiseRejectedResult).reason, (results[4] as PromiseRejectedResult).reason].map((e) => (e as AppError).code)).toEqual([
      'PRODUCT_NOT_FOUND',
      'LOCATION_NOT_FOUND',
    ]);
    expect(batcher.stats.fallbacks).toBe(1);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(10);
    expect(await t.db.selectFrom('stock_movements').select('id').where('product_id', '=', w.product.id).execute()).toHaveLength(4);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('books again one by one only when the statement certainly wrote nothing', () => {
    expect(statementUndone(new AppError('PRODUCT_NOT_FOUND', { ean: '1' }))).toBe(true);
    expect(statementUndone(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true);
    expect(statementUndone(Object.assign(new Error('integer out of range'), { code: '22003' }))).toBe(true);
    // The connection broke: the commit may have happened.
    expect(statementUndone(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(false);
    expect(statementUndone(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(false);
    expect(statementUndone(new Error('Connection terminated unexpectedly'))).toBe(false);
  });

  it('refuses what needs no database before queueing', async () => {
    const w = await buildWorld(t.db, t.app, 1);
    const batcher = new InboundBatcher(t.db, 1);
    const input: InboundRequest = {
      ean: w.product.ean,
      quantity: 1,
      location_barcode: w.compartments[0].barcode as string,
      customer_id: w.customer.id,
      notes: null,
      batch_number: null,
    };
    const limited = await actorOf((await buildUser(t.db, 'warehouse_worker', { access: [(await buildWorld(t.db, t.app, 1)).customer.id] })).id);
    expect(() => batcher.book(limited, input)).toThrow(AppError);
    expect(batcher.stats.statements).toBe(0);
  });
});

describe('POST /api/inbound under concurrent load', () => {
  it('answers every booking as if they came one after another, and refuses only the bad one', async () => {
    const w = await buildWorld(t.db, t.app, 3);
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/inbound', headers: w.headers, payload });
    const scans = Array.from({ length: 30 }, (_, i) => ({
      ean: w.product.ean,
      quantity: 1 + (i % 4),
      location_barcode: w.compartments[i % 3].barcode as string,
      customer_id: w.customer.id,
    }));
    const bad = { ...scans[0], ean: '4006381333948' };
    const replies = await Promise.all([...scans, bad].map(post));
    expect(replies.map((r) => r.statusCode)).toEqual([...scans.map(() => 200), 404]);
    expect(replies[30].json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', detail: expect.stringContaining('Produkt nicht gefunden') });
    for (const place of w.compartments) {
      const mine = scans.flatMap((s, i) => (s.location_barcode === place.barcode ? [{ s, a: replies[i].json() }] : []));
      // Whatever order they were booked in, each answer saw a distinct running total, the last one the row's stock.
      const seen = mine.map(({ a }) => a.stock_quantity as number).sort((x, y) => x - y);
      expect(new Set(seen).size).toBe(mine.length);
      expect(seen.at(-1)).toBe(await stockOf(t.db, w.product.id, place.id));
      expect(seen.at(-1)).toBe(mine.reduce((n, { s }) => n + s.quantity, 0));
    }
    expect(new Set(replies.slice(0, 30).map((r) => r.json().movement_id)).size).toBe(30);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
