import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeReservation } from '../../../server/features/outbound-orders/reservations';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildStock, buildUser } from '../../helpers/factories';
import { api, buildOrderWorld, expectReservationInvariant, orderBody, stockTotals } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const reservationsOf = async (orderId: number) =>
  t.db
    .selectFrom('order_reservations as r')
    .innerJoin('outbound_order_items as i', 'i.id', 'r.order_item_id')
    .select(['r.stock_id', 'r.quantity', 'i.product_id'])
    .where('i.order_id', '=', orderId)
    .orderBy('r.stock_id')
    .execute();

describe('reservations', () => {
  it('create reserves VE (count × unit size) and loose lines; available falls by exactly that', async () => {
    const w = await buildOrderWorld(t, { ve: 48, loose: 20 });
    const res = await api(t).post(
      '/api/outbound-orders/',
      w.h.customer,
      orderBody([
        { product_id: w.veProduct.id, selected_ve_type: 'box', selected_ve_quantity: 3, selected_ve_unit_size: 999, quantity: 1 },
        { product_id: w.looseProduct.id, quantity: 5, unit: 'piece' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json();
    expect(o.order_number).toMatch(/^A-\d{4}-\d{6}$/);
    expect(o.items).toMatchObject([
      {
        product_id: w.veProduct.id,
        quantity: 18,
        selected_ve_type: 'box',
        selected_ve_quantity: 3,
        selected_ve_unit_size: 6,
        reserved_quantity: 18,
        unit: 'piece',
      },
      { product_id: w.looseProduct.id, quantity: 5, selected_ve_type: null, reserved_quantity: 5 },
    ]);
    expect(o).toMatchObject({ item_count: 2, total_items: 2, total_quantity: 23, status: 'new' });
    expect(await stockTotals(t.db, w.customer.id, w.veProduct.id)).toEqual({ quantity: 48, reserved: 18, available: 30 });
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toEqual({ quantity: 20, reserved: 5, available: 15 });
    await expectReservationInvariant(t.db);
  });

  it('a pallet is units_per_box × boxes_per_pallet', async () => {
    const w = await buildOrderWorld(t, { ve: 50 });
    const res = await api(t).post(
      '/api/outbound-orders/',
      w.h.customer,
      orderBody([{ product_id: w.veProduct.id, selected_ve_type: 'pallet', selected_ve_quantity: 2 }]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().items[0]).toMatchObject({ quantity: 48, selected_ve_unit_size: 24 });
  });

  it('allocates FEFO across stock rows: earliest expiry first, rows without expiry last', async () => {
    const w = await buildOrderWorld(t);
    const p = w.looseProduct.id;
    const none = await buildStock(t.db, { product_id: p, customer_id: w.customer.id, location_id: w.comps[0].id, quantity: 10 });
    const late = await buildStock(t.db, { product_id: p, customer_id: w.customer.id, location_id: w.comps[1].id, quantity: 4, expiry_date: '2031-01-01' });
    const early = await buildStock(t.db, { product_id: p, customer_id: w.customer.id, location_id: w.comps[2].id, quantity: 3, expiry_date: '2029-06-30' });
    const res = await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: p, quantity: 9 }]));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await reservationsOf(res.json().id);
    const by = new Map(rows.map((r) => [r.stock_id, r.quantity]));
    expect(by.get(early.stock_id)).toBe(3);
    expect(by.get(late.stock_id)).toBe(4);
    expect(by.get(none.stock_id)).toBe(2);
    await expectReservationInvariant(t.db);
  });

  it('refuses more than available with the German texts and reserves nothing (rollback)', async () => {
    const w = await buildOrderWorld(t, { ve: 20, loose: 7 });
    // Another order holds 2 of the loose product first.
    expect((await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 2 }]))).statusCode).toBe(201);
    const loose = await api(t).post(
      '/api/outbound-orders/',
      w.h.customer,
      orderBody([
        { product_id: w.veProduct.id, selected_ve_type: 'box', selected_ve_quantity: 1 },
        { product_id: w.looseProduct.id, quantity: 6 },
      ]),
    );
    expect(loose.statusCode).toBe(409);
    expect(loose.json()).toMatchObject({ code: 'ORDER_STOCK_INSUFFICIENT', detail: 'Nur 5 Stück verfügbar (2 reserviert)' });
    const ve = await api(t).post(
      '/api/outbound-orders/',
      w.h.customer,
      orderBody([{ product_id: w.veProduct.id, selected_ve_type: 'box', selected_ve_quantity: 4 }]),
    );
    expect(ve.statusCode).toBe(409);
    expect(ve.json()).toMatchObject({ code: 'ORDER_VE_INSUFFICIENT', detail: 'Nur 3 Karton verfügbar' });
    // The refused orders left nothing behind: only the first order's 2 are reserved, the VE product is untouched.
    expect(await stockTotals(t.db, w.customer.id, w.veProduct.id)).toMatchObject({ reserved: 0 });
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 2, available: 5 });
    const count = await t.db
      .selectFrom('outbound_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', w.customer.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    await expectReservationInvariant(t.db);
  });

  it("only the customer's own stock counts", async () => {
    const w = await buildOrderWorld(t);
    const other = await buildOrderWorld(t);
    await buildStock(t.db, { product_id: w.looseProduct.id, customer_id: w.customer.id, location_id: w.comps[2].id, quantity: 2 });
    await buildStock(t.db, { product_id: w.looseProduct.id, customer_id: other.customer.id, location_id: w.comps[3].id, quantity: 50 });
    const res = await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 3 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Nur 2 Stück verfügbar (0 reserviert)');
  });

  it("edit releases and re-reserves in one step; the order's own units count as available", async () => {
    const w = await buildOrderWorld(t, { ve: 12, loose: 10 });
    const created = (await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 10 }]))).json();
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ available: 0 });
    // Same 10 again plus a VE line: fine, because the edit first gives back its own 10.
    const edited = await api(t).patch(
      `/api/outbound-orders/${created.id}`,
      w.h.customer,
      orderBody(
        [
          { product_id: w.looseProduct.id, quantity: 8 },
          { product_id: w.veProduct.id, selected_ve_type: 'box', selected_ve_quantity: 2 },
        ],
        { delivery_city: 'Köln', delivery_postal_code: '50667' },
      ),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ delivery_city: 'Köln', total_quantity: 20, item_count: 2 });
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 8, available: 2 });
    expect(await stockTotals(t.db, w.customer.id, w.veProduct.id)).toMatchObject({ reserved: 12, available: 0 });
    // A refused edit keeps the order as it was (lines and reservations).
    const refused = await api(t).patch(`/api/outbound-orders/${created.id}`, w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 11 }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Nur 10 Stück verfügbar (0 reserviert)');
    const after = (await api(t).get(`/api/outbound-orders/${created.id}`, w.h.customer)).json();
    expect(after).toMatchObject({ delivery_city: 'Köln', total_quantity: 20 });
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 8 });
    await expectReservationInvariant(t.db);
  });

  it('cancel releases every reservation; staff cancel in picking too', async () => {
    const w = await buildOrderWorld(t, { ve: 30, loose: 10 });
    const a = (
      await api(t).post(
        '/api/outbound-orders/',
        w.h.customer,
        orderBody([
          { product_id: w.looseProduct.id, quantity: 4 },
          { product_id: w.veProduct.id, selected_ve_type: 'box', selected_ve_quantity: 5 },
        ]),
      )
    ).json();
    const b = (await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 6 }]))).json();
    expect((await api(t).post(`/api/outbound-orders/${a.id}/cancel`, w.h.customer)).statusCode).toBe(200);
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 6, available: 4 });
    expect(await stockTotals(t.db, w.customer.id, w.veProduct.id)).toMatchObject({ reserved: 0, available: 30 });
    expect(await reservationsOf(a.id)).toEqual([]);
    await api(t).post(`/api/outbound-orders/${b.id}/confirm`, w.h.worker);
    await api(t).post(`/api/outbound-orders/${b.id}/start-picking`, w.h.worker);
    const cancelled = await api(t).post(`/api/outbound-orders/${b.id}/cancel`, w.h.worker);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', items: [{ reserved_quantity: 0 }] });
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 0, available: 10 });
    await expectReservationInvariant(t.db);
  });

  it('concurrent orders for the last units: exactly one wins, the other gets the German 409', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const second = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    const bodies = [w.h.customer, auth(t.app, second)].map((h) =>
      api(t).post('/api/outbound-orders/', h, orderBody([{ product_id: w.looseProduct.id, quantity: 10 }])),
    );
    const results = await Promise.all(bodies);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().detail).toBe('Nur 0 Stück verfügbar (10 reserviert)');
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 10, available: 0 });
    await expectReservationInvariant(t.db);
  });

  it('many concurrent small orders never oversell (stock spread over rows)', async () => {
    const w = await buildOrderWorld(t);
    for (const [i, q] of [4, 3, 3].entries()) {
      await buildStock(t.db, { product_id: w.looseProduct.id, customer_id: w.customer.id, location_id: w.comps[i].id, quantity: q });
    }
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 3 }]))),
    );
    const ok = results.filter((r) => r.statusCode === 201).length;
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    // 10 units, 3 per order: at most 3 orders fit (9 units); FEFO splits across rows so all 3 do.
    expect(ok).toBe(3);
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toMatchObject({ reserved: 9, available: 1 });
    await expectReservationInvariant(t.db);
  });

  it('consumeReservation (picking API): quantity and reservation fall together, movement booked, picked_quantity rises', async () => {
    const w = await buildOrderWorld(t, { loose: 10 });
    const o = (await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 4 }]))).json();
    const [r] = await reservationsOf(o.id);
    await t.db
      .transaction()
      .execute((trx) => consumeReservation(trx, { order_item_id: o.items[0].id, stock_id: r.stock_id, quantity: 3, meta: { user_id: w.worker.id } }));
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toEqual({ quantity: 7, reserved: 1, available: 6 });
    const item = (await api(t).get(`/api/outbound-orders/${o.id}`, w.h.customer)).json().items[0];
    expect(item).toMatchObject({ picked_quantity: 3, reserved_quantity: 1 });
    const mv = await t.db.selectFrom('stock_movements').selectAll().where('order_id', '=', o.id).execute();
    expect(mv).toMatchObject([{ movement_type: 'order_pick', quantity: -3 }]);
    await expect(
      t.db
        .transaction()
        .execute((trx) => consumeReservation(trx, { order_item_id: o.items[0].id, stock_id: r.stock_id, quantity: 2, meta: { user_id: w.worker.id } })),
    ).rejects.toMatchObject({ code: 'RESERVATION_INSUFFICIENT' });
    await t.db
      .transaction()
      .execute((trx) => consumeReservation(trx, { order_item_id: o.items[0].id, stock_id: r.stock_id, quantity: 1, meta: { user_id: w.worker.id } }));
    expect(await reservationsOf(o.id)).toEqual([]);
    // Cancelling after picking releases only what is still reserved (nothing here).
    await api(t).post(`/api/outbound-orders/${o.id}/confirm`, w.h.worker);
    expect((await api(t).post(`/api/outbound-orders/${o.id}/cancel`, w.h.worker)).statusCode).toBe(200);
    expect(await stockTotals(t.db, w.customer.id, w.looseProduct.id)).toEqual({ quantity: 6, reserved: 0, available: 6 });
    await expectReservationInvariant(t.db);
  });
});
