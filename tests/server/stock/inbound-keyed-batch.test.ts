import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../server/auth/actor';
import { loadActor } from '../../../server/auth/users';
import type { AppError } from '../../../server/errors';
import { InboundBatcher } from '../../../server/features/stock/inbound-batch';
import { bookInbound } from '../../../server/features/stock/service';
import { requestHash } from '../../../server/http-idempotency';
import type { InboundRequest, InboundResponse } from '../../../shared/schemas/stock';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { buildWorld, stockOf } from './world';

/**
 * Group commit of online Einlagern with an Idempotency-Key (server/features/stock/inbound-batch.ts,
 * inbound-many.ts): keyed bookings share the batch statement, which writes each key row with its
 * booking; a known key answers its stored response, a key reused for another body is refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const actorOf = async (id: number): Promise<Actor> => (await loadActor(t.db, id)) as Actor;
const runningSums = (quantities: number[]) => quantities.map((_, i) => quantities.slice(0, i + 1).reduce((s, q) => s + q, 0));
let keyCounter = 0;
const newKey = () => `kb-${Date.now()}-${++keyCounter}`;
const keyed = (key: string, body: InboundRequest) => ({ key, request: { route: 'POST /inbound', body } });

async function scenario(places = 2) {
  const w = await buildWorld(t.db, t.app, places);
  const worker = await actorOf(w.worker.id);
  const boss = await actorOf((await buildUser(t.db, 'admin')).id);
  const scan = (i: number, over: Partial<InboundRequest> = {}): InboundRequest => ({
    ean: w.product.ean,
    quantity: i + 1,
    location_barcode: w.compartments[i % places].barcode as string,
    customer_id: w.customer.id,
    notes: `Scan ${i}`,
    batch_number: null,
    ...over,
  });
  return { w, worker, boss, scan };
}

async function storedRows(keys: string[]) {
  return t.db.selectFrom('idempotency_keys').select(['key', 'user_id', 'route', 'request_hash', 'response']).where('key', 'in', keys).execute();
}

describe('InboundBatcher with Idempotency-Key', () => {
  it('books keyed bookings together with the answers of one by one and stores each answer with its key', async () => {
    const answersOf = async (together: boolean) => {
      const { w, worker, boss, scan } = await scenario();
      const batcher = new InboundBatcher(t.db, 1);
      const scans = Array.from({ length: 21 }, (_, i) => ({ actor: i % 3 === 0 ? boss : worker, input: scan(i), key: newKey() }));
      const book = (s: (typeof scans)[number]) => batcher.bookKeyed(s.actor, s.input, keyed(s.key, s.input));
      const answers = together ? await Promise.all(scans.map(book)) : [];
      if (!together) for (const s of scans) answers.push(await book(s));
      expect(answers.every((a) => !a.replayed)).toBe(true);
      const stored = new Map((await storedRows(scans.map((s) => s.key))).map((r) => [r.key, r]));
      for (const [i, s] of scans.entries()) {
        expect(stored.get(s.key)).toEqual({
          key: s.key,
          user_id: s.actor.id,
          route: 'POST /inbound',
          request_hash: requestHash(keyed(s.key, s.input).request),
          response: answers[i].body,
        });
      }
      for (const place of w.compartments) {
        const mine = scans.flatMap((s, i) => (s.input.location_barcode === place.barcode ? [answers[i].body] : []));
        expect(mine.map((a) => a.stock_quantity)).toEqual(runningSums(mine.map((a) => a.quantity)));
        expect(await stockOf(t.db, w.product.id, place.id)).toBe(mine.reduce((n, a) => n + a.quantity, 0));
      }
      return { answers: answers.map((a) => a.body), stats: batcher.stats };
    };
    const together = await answersOf(true);
    // The first ran alone (its own statement, key included), the other 20 waited and went as one.
    expect(together.stats).toEqual({ statements: 2, bookings: 21, fallbacks: 0 });
    const oneByOne = await answersOf(false);
    expect(oneByOne.stats).toEqual({ statements: 21, bookings: 21, fallbacks: 0 });
    const shape = (a: InboundResponse) => [a.quantity, a.stock_quantity, a.location_barcode.length > 0, Object.keys(a).sort()];
    expect(together.answers.map(shape)).toEqual(oneByOne.answers.map(shape));
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('replays known keys inside a batch, refuses a key reused with another body, and books the rest once', async () => {
    const { w, worker, scan } = await scenario(1);
    const batcher = new InboundBatcher(t.db, 1);
    const first = Array.from({ length: 3 }, (_, i) => ({ input: scan(i), key: newKey() }));
    const booked = await Promise.all(first.map((s) => batcher.bookKeyed(worker, s.input, keyed(s.key, s.input))));
    const before = batcher.stats.statements;
    const results = await Promise.allSettled([
      batcher.bookKeyed(worker, scan(9), keyed(newKey(), scan(9))), // finds the slot free, runs alone
      ...first.map((s) => batcher.bookKeyed(worker, s.input, keyed(s.key, s.input))),
      batcher.bookKeyed(worker, scan(0, { quantity: 7 }), keyed(first[0].key, scan(0, { quantity: 7 }))),
      batcher.book(worker, scan(4)).then((body) => ({ body, replayed: false })),
      batcher.bookKeyed(worker, scan(5), keyed(newKey(), scan(5))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const ok = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(ok.slice(1, 4)).toEqual(booked.map((b) => ({ body: b.body, replayed: true })));
    expect(((results[4] as PromiseRejectedResult).reason as AppError).code).toBe('IDEMPOTENCY_KEY_MISMATCH');
    // scan(9) alone; then the rest together, but the reuse of first[0]'s key waits for that key's replay.
    expect(batcher.stats.statements - before).toBe(3);
    expect(batcher.stats.fallbacks).toBe(0);
    // Booked: 1 + 2 + 3 first, then 10, 5 and 6; the replays and the refused reuse booked nothing.
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(27);
    expect(ok[6]?.body.stock_quantity).toBe(27);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('books one key once when two servers take it at the same time, with equal answers', async () => {
    const { w, worker, scan } = await scenario(1);
    const [a, b] = [new InboundBatcher(t.db, 1), new InboundBatcher(t.db, 1)];
    const key = newKey();
    const input = scan(3);
    const others = (batcher: InboundBatcher, from: number) => Array.from({ length: 3 }, (_, i) => batcher.book(worker, scan(from + i, { quantity: 1 })));
    const [answers] = await Promise.all([
      Promise.all([a, b, a, b].map((batcher) => batcher.bookKeyed(worker, input, keyed(key, input)))),
      ...others(a, 0),
      ...others(b, 3),
    ]);
    for (const r of answers) expect(r.body).toEqual(answers[0].body);
    expect(answers.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(4 + 6);
    expect(await storedRows([key])).toHaveLength(1);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  // Two transactions at once need real connections: PGlite runs one after the other.
  it.skipIf(process.env.TEST_DB !== 'pg')('runs a batch again one by one when another server took one of its keys meanwhile', async () => {
    const { w, worker, scan } = await scenario(2);
    const batcher = new InboundBatcher(t.db, 1);
    const key = newKey();
    const input = scan(0, { quantity: 4 });
    // The unkeyed bookings go to the second place, whose stock row the other server does not lock.
    const elsewhere = (quantity: number) => scan(1, { quantity, location_barcode: w.compartments[1].barcode as string });
    const request = keyed(key, input).request;
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let written = () => {};
    const isWritten = new Promise<void>((r) => {
      written = r;
    });
    // The other server: its key row and booking written, not yet committed.
    const other = t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('idempotency_keys')
        .values({ user_id: worker.id, key, route: request.route, request_hash: requestHash(request), status_code: 200, response: null })
        .execute();
      const body = await bookInbound(trx, worker, input);
      await trx
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify(body) })
        .where('key', '=', key)
        .execute();
      written();
      await held;
      return body;
    });
    await isWritten;
    const first = batcher.book(worker, elsewhere(1));
    const waiting = Promise.all([batcher.bookKeyed(worker, input, keyed(key, input)), batcher.book(worker, elsewhere(2))]);
    await first;
    // The batch statement waits on the other server's rows; then that server commits.
    for (let n = 0; n === 0; ) {
      n = (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db)
      ).rows[0].n;
    }
    release();
    const [[replayed, second], stored] = await Promise.all([waiting, other]);
    expect(replayed).toEqual({ body: stored, replayed: true });
    expect(second.stock_quantity).toBe(1 + 2);
    expect(batcher.stats.fallbacks).toBe(1);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(4);
    expect(await stockOf(t.db, w.product.id, w.compartments[1].id)).toBe(3);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
