import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { buildPackingWorld, packingUrls as u } from './world';

/** GET packing/pallet, GET packing-info, POST mark-packed (docs/fulfilment.md "Packing and parcel shipping", "Pallets after picking"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, h: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: Record<string, string>, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: h, payload: payload as object });
const palletRow = (barcode: string) =>
  t.db.selectFrom('pallets').select(['status', 'packer_user_id', 'current_wave_id']).where('barcode', '=', barcode).executeTakeFirstOrThrow();

describe('GET /outbound-orders/packing/pallet/:barcode', () => {
  it('lists the orders in corner order with items_preview; the first scan moves ready_for_packing → packing', async () => {
    const w = await buildPackingWorld(t);
    expect((await palletRow(w.barcode)).status).toBe('ready_for_packing');
    const res = await get(u.pallet(w.barcode), w.h);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      pallet_barcode: w.barcode,
      pallet_kind: 'reusable',
      pallet_status: 'packing',
      total: 2,
      message: '2 Aufträge auf dieser Palette',
    });
    expect(body.orders.map((o: { id: number }) => o.id)).toEqual([w.order.id, w.otherOrder.id]);
    expect(body.orders[0]).toMatchObject({
      order_number: w.order.order_number,
      delivery_name: 'Erika Mustermann',
      total_items: 3,
      all_items_picked: true,
      ready_to_pack: true,
      status: 'picking',
    });
    expect(body.orders[0].items_preview.map((i: { product_ean: string }) => i.product_ean).sort()).toEqual([w.towel.ean, w.soap.ean, w.candle.ean].sort());
    expect(body.orders[0].items_preview[0]).toEqual({
      product_ean: expect.any(String),
      product_title: expect.any(String),
      quantity: expect.any(Number),
      picked_quantity: expect.any(Number),
    });
    expect(await palletRow(w.barcode)).toMatchObject({ status: 'packing', packer_user_id: w.worker.id });
    // A second scan keeps it packing.
    expect((await get(u.pallet(w.barcode), w.h)).json().pallet_status).toBe('packing');
  });

  it('a free pallet answers total 0 with the spec text; unknown is 404; a pallet still being picked is a German 409', async () => {
    const w = await buildPackingWorld(t, { complete: false });
    await t.db.insertInto('pallets').values({ barcode: 'PAL-FREE1' }).execute();
    const free = await get(u.pallet('PAL-FREE1'), w.h);
    expect(free.statusCode).toBe(200);
    expect(free.json()).toMatchObject({ total: 0, orders: [], message: 'Keine Aufträge auf dieser Palette' });
    const unknown = await get(u.pallet('PAL-NIX'), w.h);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PALLET_NOT_FOUND', detail: 'Palette nicht gefunden' });
    const busy = await get(u.pallet(w.barcode), w.h);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      code: 'PACKING_PALLET_NOT_READY',
      detail: `Palette ${w.barcode} ist nicht bereit zum Verpacken (Status: In Benutzung)`,
    });
    expect((await palletRow(w.barcode)).status).toBe('in_use');
  });

  it('a pallet whose orders all left another way (cancelled) goes back to the pool on the scan', async () => {
    const w = await buildPackingWorld(t);
    for (const id of [w.order.id, w.otherOrder.id]) expect((await post(`/api/outbound-orders/${id}/cancel`, w.h)).statusCode).toBe(200);
    const res = await get(u.pallet(w.barcode), w.h);
    expect(res.json()).toMatchObject({ total: 0, pallet_status: 'available', message: 'Keine Aufträge auf dieser Palette' });
    expect(await palletRow(w.barcode)).toMatchObject({ status: 'available', current_wave_id: null });
  });

  it('a DISP- label finds the orders of the wave it was used for', async () => {
    const w = await buildPackingWorld(t, { disposable: true });
    const res = await get(u.pallet(w.barcode.toLowerCase()), w.h);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pallet_kind: 'disposable', pallet_status: null, total: 2 });
  });

  it('scope: a worker limited to one customer sees only that order; customers are 403', async () => {
    const w = await buildPackingWorld(t);
    const limited = await get(u.pallet(w.barcode), auth(t.app, w.restricted));
    expect(limited.statusCode).toBe(200);
    expect(limited.json().orders.map((o: { id: number }) => o.id)).toEqual([w.order.id]);
    const onlyOther = await buildUser(t.db, 'warehouse_worker', { access: [w.otherCustomer.id] });
    const w2 = await buildPackingWorld(t);
    await t.db.updateTable('outbound_orders').set({ status: 'cancelled' }).where('id', '=', w2.otherOrder.id).execute();
    expect((await get(u.pallet(w2.barcode), auth(t.app, onlyOther))).statusCode).toBe(404);
    const customer = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    expect((await get(u.pallet(w.barcode), auth(t.app, customer))).statusCode).toBe(403);
  });
});

describe('GET /outbound-orders/:id/packing-info', () => {
  it('answers items with picked/ordered and shortage, carrier and the delivery address', async () => {
    const w = await buildPackingWorld(t, { skipCandle: true });
    const res = await get(u.info(w.order.id), w.h);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      id: w.order.id,
      status: 'picking',
      carrier: null,
      carrier_type: null,
      delivery_name: 'Erika Mustermann',
      delivery_address: 'Hauptstraße 5',
      delivery_postal_code: '10117',
      delivery_city: 'Berlin',
      delivery_country: 'DE',
      freight_quote_requested_at: null,
      all_items_picked: false,
      ready_to_pack: true,
    });
    const candle = info.items.find((i: { product_id: number }) => i.product_id === w.candle.id);
    expect(candle).toMatchObject({ quantity: 1, picked_quantity: 0, shortage_quantity: 1, product_ean: w.candle.ean });
    expect(info.items.find((i: { product_id: number }) => i.product_id === w.soap.id)).toMatchObject({ quantity: 3, picked_quantity: 3, shortage_quantity: 0 });
  });

  it('says whether each piece is verified (setting packing_verify_each_piece, default off; only admins set it, to true/false)', async () => {
    const w = await buildPackingWorld(t);
    const mode = async () => (await get(u.info(w.order.id), w.h)).json().verify_each_piece;
    const put = (h: Record<string, string>, value: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/settings/packing_verify_each_piece', headers: h, payload: { value } as object });
    expect(await mode()).toBe(false);
    const listed = (await get('/api/settings/', auth(t.app, w.admin))).json().find((s: { key: string }) => s.key === 'packing_verify_each_piece');
    expect(listed).toMatchObject({ value: 'false', category: 'warehouse', is_encrypted: false });
    expect((await put(w.h, 'true')).statusCode).toBe(403);
    const wrong = await put(auth(t.app, w.admin), 'ja');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'SETTING_INVALID', detail: expect.stringContaining('erlaubt: false, true') });
    expect(await mode()).toBe(false);
    expect((await put(auth(t.app, w.admin), 'true')).statusCode).toBe(200);
    expect(await mode()).toBe(true);
    expect((await put(auth(t.app, w.admin), 'false')).statusCode).toBe(200);
    expect(await mode()).toBe(false);
  });

  it('is 404 outside the scope and 403 for customers', async () => {
    const w = await buildPackingWorld(t);
    expect((await get(u.info(w.otherOrder.id), auth(t.app, w.restricted))).statusCode).toBe(404);
    const customer = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    expect((await get(u.info(w.order.id), auth(t.app, customer))).statusCode).toBe(403);
  });
});

describe('POST /outbound-orders/:id/mark-packed', () => {
  it('picking → packed with packages and weight; order_packed logged in the same change with the lines that leave short', async () => {
    const w = await buildPackingWorld(t, { skipCandle: true });
    const res = await post(u.packed(w.order.id), w.h, { num_packages: 2, total_weight_grams: 2400 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: w.order.id,
      status: 'packed',
      num_packages: 2,
      total_weight_grams: 2400,
      message: `Auftrag ${w.order.order_number} verpackt`,
    });
    expect(res.json().packed_at).toBeTruthy();
    const logs = await t.db.selectFrom('status_logs').selectAll().where('order_id', '=', w.order.id).where('log_type', '=', 'packing').orderBy('id').execute();
    expect(logs.map((l) => l.event_type)).toEqual(['order_packed']);
    expect(logs[0]).toMatchObject({ old_status: 'picking', new_status: 'packed', wave_id: w.waveId, user_id: w.worker.id });
    expect(logs[0]?.event_data).toMatchObject({ num_packages: 2, short_lines: [{ product_ean: w.candle.ean, quantity_ordered: 1, picked_quantity: 0 }] });
    const again = await post(u.packed(w.order.id), w.h, { num_packages: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_STATUS_CONFLICT');
  });

  it('is refused with a German 409 while a line is neither picked nor a recorded shortage', async () => {
    const w = await buildPackingWorld(t, { skipCandle: true, complete: false });
    const info = (await get(u.info(w.order.id), w.h)).json();
    expect(info).toMatchObject({ all_items_picked: false, ready_to_pack: false });
    const res = await post(u.packed(w.order.id), w.h, { num_packages: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PACKING_ITEMS_OPEN' });
    expect(res.json().detail).toContain('Kerze Weiß');
    const o = await t.db.selectFrom('outbound_orders').select('status').where('id', '=', w.order.id).executeTakeFirstOrThrow();
    expect(o.status).toBe('picking');
    // The fully picked order of the same wave may be packed.
    expect((await post(u.packed(w.otherOrder.id), w.h, { num_packages: 1 })).statusCode).toBe(200);
  });

  it('validates the body in German and checks scope and role', async () => {
    const w = await buildPackingWorld(t);
    for (const body of [{}, { num_packages: 0 }, { num_packages: 'x' }, { num_packages: 1.5 }]) {
      const res = await post(u.packed(w.order.id), w.h, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toContain('Bitte Anzahl der Pakete/Paletten eingeben');
    }
    const negative = await post(u.packed(w.order.id), w.h, { num_packages: 1, total_weight_grams: -5 });
    expect(negative.statusCode).toBe(400);
    expect((await post(u.packed(w.otherOrder.id), auth(t.app, w.restricted), { num_packages: 1 })).statusCode).toBe(404);
    const customer = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    expect((await post(u.packed(w.order.id), auth(t.app, customer), { num_packages: 1 })).statusCode).toBe(403);
    expect((await post(u.packed(999999), w.h, { num_packages: 1 })).statusCode).toBe(404);
  });
});
