import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { buildWorld, stockOf } from './world';

/**
 * POST /api/inbound with an Idempotency-Key in the group commit (server/features/stock/inbound-batch.ts):
 * the answers, replays and refusals a client sees are those of the booking one by one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let keyCounter = 0;
const newKey = () => `kh-${Date.now()}-${++keyCounter}`;
const post = (url: string, headers: Record<string, string>, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url, headers: key ? { ...headers, 'idempotency-key': key } : headers, payload });
const storedKeys = async (keys: string[]) =>
  (await t.db.selectFrom('idempotency_keys').select('key').where('key', 'in', keys).execute()).map((r) => r.key).sort();

describe('POST /api/inbound with Idempotency-Key under concurrent load', () => {
  it('books N concurrent requests with one key once, with N equal answers, beside unkeyed bookings', async () => {
    const w = await buildWorld(t.db, t.app, 2);
    const body = { ean: w.product.ean, quantity: 3, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id };
    const other = { ...body, quantity: 1, location_barcode: w.compartments[1].barcode };
    const key = newKey();
    const replies = await Promise.all([
      ...Array.from({ length: 8 }, () => post('/api/inbound', w.headers, body, key)),
      ...Array.from({ length: 8 }, () => post('/api/inbound', w.headers, other)),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    const same = replies.slice(0, 8);
    expect(new Set(same.map((r) => r.body)).size).toBe(1);
    expect(same.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(3);
    expect(await stockOf(t.db, w.product.id, w.compartments[1].id)).toBe(8);
    // Later: the stored answer, and a reuse with another body is refused.
    const again = await post('/api/inbound', w.headers, body, key);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([200, same[0].body, 'true']);
    const reused = await post('/api/inbound', w.headers, { ...body, quantity: 4 }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_MISMATCH', detail: expect.stringMatching(/Idempotency-Key/) });
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(3);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('answers refused keyed bookings of a batch as before and leaves their keys free; a blocked place still takes goods', async () => {
    const w = await buildWorld(t.db, t.app, 4);
    const manager = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
    const [open, blocked, frozen, spare] = w.compartments;
    expect((await t.app.inject({ method: 'PATCH', url: `/api/locations/${blocked.id}`, headers: manager, payload: { is_blocked: true } })).statusCode).toBe(
      200,
    );
    const stocktake = await post('/api/stocktakes', manager, { name: 'Inventur Keyed', location_ids: [frozen.id] });
    expect(stocktake.statusCode).toBe(201);
    const hidden = await buildCustomer(t.db);
    const limited = auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] }));
    const body = (place: { barcode: string | null }, over: object = {}) => ({
      ean: w.product.ean,
      quantity: 2,
      location_barcode: place.barcode as string,
      customer_id: w.customer.id,
      ...over,
    });
    const keys = Array.from({ length: 6 }, newKey);
    const replies = await Promise.all([
      post('/api/inbound', w.headers, body(open), keys[0]),
      post('/api/inbound', w.headers, body(open, { ean: '4006381333948' }), keys[1]),
      post('/api/inbound', w.headers, body(frozen), keys[2]),
      post('/api/inbound', w.headers, body(blocked), keys[3]),
      post('/api/inbound', limited, body(open, { customer_id: hidden.id }), keys[4]),
      post('/api/inbound', w.headers, body(spare, { location_barcode: 'KEIN-PLATZ' }), keys[5]),
      post('/api/inbound', w.headers, body(spare)),
    ]);
    expect(replies.map((r) => [r.statusCode, r.statusCode === 200 ? 'OK' : r.json().code])).toEqual([
      [200, 'OK'],
      [404, 'PRODUCT_NOT_FOUND'],
      [409, 'LOCATION_IN_STOCKTAKE'],
      [200, 'OK'],
      [404, 'CUSTOMER_NOT_FOUND'],
      [404, 'LOCATION_NOT_FOUND'],
      [200, 'OK'],
    ]);
    expect(replies[2].json().detail).toContain(stocktake.json().number);
    expect(await storedKeys(keys)).toEqual([keys[0], keys[3]].sort());
    for (const [place, n] of [
      [open, 2],
      [blocked, 2],
      [frozen, 0],
      [spare, 2],
    ] as const)
      expect(await stockOf(t.db, w.product.id, place.id)).toBe(n);
    // A refused request did not take its key: the corrected request books under it.
    const retry = await post('/api/inbound', w.headers, body(open, { quantity: 5 }), keys[1]);
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect(retry.json().stock_quantity).toBe(7);
    const replayed = await post('/api/inbound', w.headers, body(blocked), keys[3]);
    expect([replayed.statusCode, replayed.body, replayed.headers['idempotent-replayed']]).toEqual([200, replies[3].body, 'true']);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('refuses a key that another route already used (422), inside a batch too', async () => {
    const w = await buildWorld(t.db, t.app, 1);
    const place = w.compartments[0].barcode as string;
    const body = { ean: w.product.ean, quantity: 5, location_barcode: place, customer_id: w.customer.id };
    await post('/api/inbound', w.headers, body);
    const key = newKey();
    expect((await post('/api/outbound', w.headers, { ean: w.product.ean, quantity: 1, location_barcode: place }, key)).statusCode).toBe(200);
    const replies = await Promise.all([
      post('/api/inbound', w.headers, body, key),
      post('/api/inbound', w.headers, body),
      post('/api/inbound', w.headers, body),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([422, 200, 200]);
    expect(replies[0].json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(5 - 1 + 10);
  });
});
