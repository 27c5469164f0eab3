import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { api, insertOrder } from '../outbound-orders/world';
import { buildReturnWorld, type ReturnWorld } from './world';

/** Announcing, listing, looking up, cancelling returns (docs/operations.md "Returns"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const announce = (w: ReturnWorld, headers: Record<string, string>, items: object[], orderId = w.order.id) =>
  api(t).post('/api/returns', headers, { outbound_order_id: orderId, items, note: 'Karton kommt per DHL' });

describe('POST /api/returns', () => {
  it('a customer announces a return of its shipped order: R-YYYY-NNNNNN, announced, lines with reasons', async () => {
    const w = await buildReturnWorld(t);
    const res = await announce(w, w.h.customer, [
      { product_ean: w.shirt.ean, quantity: 2, reason: 'not_wanted' },
      { product_ean: w.mug.ean, quantity: 1, reason: 'damaged' },
    ]);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.return_number).toMatch(new RegExp(`^R-${new Date().getFullYear()}-\\d{6}$`));
    expect(r).toMatchObject({ status: 'announced', customer_id: w.customer.id, outbound_order_id: w.order.id, announced_quantity: 3, received_quantity: 0 });
    expect(r.lines.map((l: { product_ean: string; quantity: number; reason: string }) => [l.product_ean, l.quantity, l.reason])).toEqual(
      expect.arrayContaining([
        [w.shirt.ean, 2, 'not_wanted'],
        [w.mug.ean, 1, 'damaged'],
      ]),
    );
  });

  it('limits each line to shipped minus what open returns claim; a cancelled return frees its units', async () => {
    const w = await buildReturnWorld(t);
    const first = await announce(w, w.h.customer, [{ product_ean: w.shirt.ean, quantity: 4, reason: 'not_wanted' }]);
    expect(first.statusCode).toBe(200);
    const tooMany = await announce(w, w.h.customer, [{ product_ean: w.shirt.ean, quantity: 2, reason: 'not_wanted' }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'RETURN_TOO_MANY', params: { returnable: 1 } });
    expect(tooMany.json().detail).toContain('höchstens 1 Stück');
    // The same EAN twice in one request counts as one line with the sum.
    const twice = await announce(w, w.h.customer, [
      { product_ean: w.mug.ean, quantity: 1, reason: 'other' },
      { product_ean: w.mug.ean, quantity: 2, reason: 'other' },
    ]);
    expect(twice.json()).toMatchObject({ code: 'RETURN_TOO_MANY', params: { returnable: 2, requested: 3 } });
    const cancel = await api(t).post(`/api/returns/${first.json().id}/cancel`, w.h.customer);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    expect((await announce(w, w.h.customer, [{ product_ean: w.shirt.ean, quantity: 5, reason: 'not_wanted' }])).statusCode).toBe(200);
  });

  it('refuses orders not shipped (409), products not in the order (409), another customer’s order (404), bad bodies (400)', async () => {
    const w = await buildReturnWorld(t);
    const open = await insertOrder(t.db, w.customer.id, 'picking');
    const notShipped = await announce(w, w.h.customer, [{ product_ean: w.shirt.ean, quantity: 1, reason: 'other' }], open.id);
    expect(notShipped.statusCode).toBe(409);
    expect(notShipped.json()).toMatchObject({ code: 'RETURN_ORDER_NOT_SHIPPED', params: { status: 'In Kommissionierung', status_code: 'picking' } });
    expect(notShipped.json().detail).toContain('In Kommissionierung');
    const foreign = await announce(w, w.h.customer, [{ product_ean: w.shirt.ean, quantity: 1, reason: 'other' }], w.otherOrder.id);
    expect(foreign.statusCode).toBe(404);
    const notInOrder = await announce(w, w.h.customer, [{ product_ean: '4006381333931', quantity: 1, reason: 'other' }]);
    expect(notInOrder.statusCode).toBe(409);
    expect(notInOrder.json()).toMatchObject({ code: 'RETURN_ITEM_NOT_IN_ORDER' });
    for (const bad of [
      { outbound_order_id: w.order.id, items: [] },
      { outbound_order_id: w.order.id, items: [{ product_ean: w.shirt.ean, quantity: 0, reason: 'other' }] },
      { outbound_order_id: w.order.id, items: [{ product_ean: w.shirt.ean, quantity: 1, reason: 'kaputt' }] },
      { items: [{ product_ean: w.shirt.ean, quantity: 1, reason: 'other' }] },
    ]) {
      const res = await api(t).post('/api/returns', w.h.customer, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await api(t).post('/api/returns', {}, { outbound_order_id: w.order.id, items: [] })).statusCode).toBe(401);
  });

  it('staff announce for any customer in scope', async () => {
    const w = await buildReturnWorld(t);
    const res = await announce(w, w.h.worker, [{ product_ean: w.mug.ean, quantity: 2, reason: 'wrong_item' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().created_at).toBeTruthy();
  });
});

describe('GET /api/returns, /api/returns/{id}, /api/returns/lookup', () => {
  it('a customer sees only its own returns; staff see all and filter by status and customer', async () => {
    const w = await buildReturnWorld(t);
    const mine = (await announce(w, w.h.customer, [{ product_ean: w.shirt.ean, quantity: 1, reason: 'other' }])).json();
    const theirs = (await announce(w, w.h.other, [{ product_ean: w.shirt.ean, quantity: 1, reason: 'other' }], w.otherOrder.id)).json();
    const listed = (await api(t).get('/api/returns', w.h.customer)).json().map((r: { id: number }) => r.id);
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
    expect((await api(t).get(`/api/returns/${theirs.id}`, w.h.customer)).statusCode).toBe(404);
    expect((await api(t).post(`/api/returns/${theirs.id}/cancel`, w.h.customer)).statusCode).toBe(404);
    const staff = (await api(t).get(`/api/returns?customer_id=${w.other.id}&status=announced`, w.h.worker)).json();
    expect(staff.map((r: { id: number }) => r.id)).toEqual([theirs.id]);
    expect((await api(t).get('/api/returns?status=unterwegs', w.h.worker)).statusCode).toBe(400);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const ids = async (q: string) => (await api(t).get(`/api/returns?customer_id=${w.customer.id}&${q}`, w.h.worker)).json().map((r: { id: number }) => r.id);
    expect(await ids(`from_date=${yesterday}&to_date=${today}`)).toEqual([mine.id]);
    expect(await ids(`to_date=${yesterday}`)).toEqual([]);
  });

  it('finds the shipped order by order number or by one of its tracking numbers (staff only)', async () => {
    const w = await buildReturnWorld(t);
    await announce(w, w.h.customer, [{ product_ean: w.shirt.ean, quantity: 2, reason: 'other' }]);
    for (const code of [w.order.order_number, w.order.order_number.toLowerCase(), '00340434161094042564']) {
      const res = await api(t).get(`/api/returns/lookup?code=${encodeURIComponent(code)}`, w.h.worker);
      expect(res.statusCode, code).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ outbound_order_id: w.order.id, customer_id: w.customer.id });
      expect(body.lines.find((l: { product_ean: string }) => l.product_ean === w.shirt.ean)).toMatchObject({ shipped: 5, returned: 2, returnable: 3 });
      expect(body.open_returns).toHaveLength(1);
    }
    const unknown = await api(t).get('/api/returns/lookup?code=0034043416109404', w.h.worker);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Kein versendeter Auftrag zu „0034043416109404“ gefunden');
    expect((await api(t).get(`/api/returns/lookup?code=${w.order.order_number}`, w.h.customer)).statusCode).toBe(403);
  });

  it('tells a customer what its order may still send back; another customer’s order is 404, an open order 409', async () => {
    const w = await buildReturnWorld(t);
    await announce(w, w.h.customer, [{ product_ean: w.mug.ean, quantity: 1, reason: 'other' }]);
    const res = await api(t).get(`/api/returns/returnable?outbound_order_id=${w.order.id}`, w.h.customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines.map((l: { product_ean: string; returnable: number }) => [l.product_ean, l.returnable])).toEqual(
      expect.arrayContaining([
        [w.shirt.ean, 5],
        [w.mug.ean, 1],
      ]),
    );
    expect((await api(t).get(`/api/returns/returnable?outbound_order_id=${w.otherOrder.id}`, w.h.customer)).statusCode).toBe(404);
    const open = await insertOrder(t.db, w.customer.id, 'confirmed');
    expect((await api(t).get(`/api/returns/returnable?outbound_order_id=${open.id}`, w.h.customer)).statusCode).toBe(409);
  });

  it('leaves the ledger equal to the stock', async () => {
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe('GET /api/returns/waiting', () => {
  it('counts the returns announced and not yet received, in the staff user’s customer scope; customers get 403', async () => {
    const w = await buildReturnWorld(t);
    const scoped = auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id] }));
    const waiting = async (headers: Record<string, string>): Promise<number> => {
      const res = await api(t).get('/api/returns/waiting', headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count;
    };
    const before = await waiting(w.h.manager);
    expect(await waiting(scoped)).toBe(0);
    const received = (await announce(w, w.h.customer, [{ product_ean: w.shirt.ean, quantity: 1, reason: 'other' }])).json();
    const cancelled = (await announce(w, w.h.customer, [{ product_ean: w.mug.ean, quantity: 1, reason: 'other' }])).json();
    await announce(w, w.h.other, [{ product_ean: w.shirt.ean, quantity: 1, reason: 'other' }], w.otherOrder.id);
    expect(await waiting(scoped)).toBe(2);
    expect(await waiting(w.h.manager)).toBe(before + 3);

    // Received (first item in) or cancelled: no longer waiting.
    const item = { product_ean: w.shirt.ean, quantity: 1, condition: 'new', disposition: 'restock', location_barcode: w.shelf.barcode };
    expect((await api(t).post(`/api/returns/${received.id}/receive-item`, w.h.worker, item)).statusCode).toBe(200);
    expect((await api(t).post(`/api/returns/${cancelled.id}/cancel`, w.h.customer)).statusCode).toBe(200);
    expect(await waiting(scoped)).toBe(0);
    expect(await waiting(w.h.manager)).toBe(before + 1);
    expect((await api(t).get('/api/returns/waiting', w.h.customer)).statusCode).toBe(403);
  });
});
