import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildProduct, buildUser } from '../../helpers/factories';
import { insertOrder } from '../outbound-orders/world';
import { buildPackingWorld, type PackingWorld, packingUrls as u } from './world';

/**
 * POST /outbound-orders/{id}/item-discrepancy (docs/fulfilment.md "Packing and parcel shipping"): the packing
 * station's verification reports an article not in the order or scanned more
 * often than picked; the server checks the report against the order's lines
 * and logs item_discrepancy through the status-log writer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const url = (id: number) => `/api/outbound-orders/${id}/item-discrepancy`;
const report = (id: number, h: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: url(id), headers: h, payload: payload as object });
const logs = (orderId: number) =>
  t.db.selectFrom('status_logs').selectAll().where('order_id', '=', orderId).where('event_type', '=', 'item_discrepancy').orderBy('id').execute();
const itemAlerts = async (h: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/status-logs/alerts/summary', headers: h })).json().by_type.item_discrepancy as number;

let w: PackingWorld;
beforeAll(async () => {
  w = await buildPackingWorld(t, { skipCandle: true });
});

describe('POST /outbound-orders/:id/item-discrepancy', () => {
  it('an article not in the order: 201, one item_discrepancy with EAN, title, kind, user, wave and pallet; the alert counts it', async () => {
    const foreign = await buildProduct(t.db, { title: 'Fremdartikel Tasse' });
    const before = await itemAlerts(w.h);
    const res = await report(w.order.id, w.h, { product_ean: ` ${foreign.ean} `, kind: 'not_in_order', scanned_quantity: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await logs(w.order.id);
    expect(res.json()).toEqual({ id: row?.id, message: `Artikel-Abweichung für Auftrag ${w.order.order_number} protokolliert` });
    expect(row).toMatchObject({
      log_type: 'packing',
      user_id: w.worker.id,
      wave_id: w.waveId,
      description: `Auftrag ${w.order.order_number}: Artikel nicht im Auftrag (EAN ${foreign.ean})`,
    });
    expect(row?.event_data).toEqual({
      order_number: w.order.order_number,
      product_ean: foreign.ean,
      product_title: 'Fremdartikel Tasse',
      kind: 'not_in_order',
      kind_label: 'Artikel nicht im Auftrag',
      scanned_quantity: 1,
      pallet_barcode: w.barcode,
    });
    expect((await itemAlerts(w.h)) - before).toBe(1);
  });

  it('scanned more often than picked (the EAN written as GTIN-14 too), also a shortage line picked 0 times and a packed order', async () => {
    const res = await report(w.order.id, w.h, { product_ean: `0${w.towel.ean}`, kind: 'over_picked', scanned_quantity: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const row = (await logs(w.order.id)).at(-1);
    expect(row?.event_data).toMatchObject({
      product_ean: `0${w.towel.ean}`,
      product_title: w.towel.title,
      kind: 'over_picked',
      scanned_quantity: 3,
      quantity_ordered: 2,
      picked_quantity: 2,
    });
    // The candle was not picked (shortage): any scan of it is one too many.
    expect((await report(w.order.id, w.h, { product_ean: w.candle.ean, kind: 'over_picked', scanned_quantity: 1 })).statusCode).toBe(201);
    expect((await report(w.order.id, w.h, { product_ean: w.candle.ean, kind: 'over_picked' })).statusCode).toBe(201);
    const packed = await t.app.inject({ method: 'POST', url: u.packed(w.otherOrder.id), headers: w.h, payload: { num_packages: 1 } });
    expect(packed.statusCode, packed.body).toBe(200);
    const unknown = '4000000000006';
    const res2 = await report(w.otherOrder.id, w.h, { product_ean: unknown, kind: 'not_in_order' });
    expect(res2.statusCode, res2.body).toBe(201);
    expect((await logs(w.otherOrder.id))[0]?.event_data).toMatchObject({ product_ean: unknown, product_title: null, scanned_quantity: null });
  });

  it('the same report again (order, article in any GTIN form, kind) answers the first entry: no new event, no second alert', async () => {
    const stray = await buildProduct(t.db, { title: 'Verirrter Becher' });
    const first = await report(w.order.id, w.h, { product_ean: stray.ean, kind: 'not_in_order', scanned_quantity: 1 });
    expect(first.statusCode, first.body).toBe(201);
    const n = (await logs(w.order.id)).length;
    const alerts = await itemAlerts(w.h);
    for (const payload of [
      { product_ean: stray.ean, kind: 'not_in_order', scanned_quantity: 1 },
      { product_ean: `0${stray.ean}`, kind: 'not_in_order', scanned_quantity: 2 },
      { product_ean: stray.ean, kind: 'not_in_order' },
    ]) {
      const again = await report(w.order.id, w.h, payload);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toEqual(first.json());
    }
    expect(await logs(w.order.id)).toHaveLength(n);
    expect(await itemAlerts(w.h)).toBe(alerts);
    // Another article is a report of its own.
    const other = await buildProduct(t.db, { title: 'Zweiter Becher' });
    const second = await report(w.order.id, w.h, { product_ean: other.ean, kind: 'not_in_order' });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);
    expect(await logs(w.order.id)).toHaveLength(n + 1);
    expect(await itemAlerts(w.h)).toBe(alerts + 1);
  });

  it('German 400s: missing EAN, unknown kind, quantity below 1, an EAN with a wrong check digit; nothing logged', async () => {
    const n = (await logs(w.order.id)).length;
    const missing = await report(w.order.id, w.h, { kind: 'not_in_order' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('EAN');
    const kind = await report(w.order.id, w.h, { product_ean: w.towel.ean, kind: 'lost' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().detail).toContain('Art der Abweichung muss');
    const qty = await report(w.order.id, w.h, { product_ean: w.towel.ean, kind: 'over_picked', scanned_quantity: 0 });
    expect(qty.statusCode).toBe(400);
    expect(qty.json().detail).toContain('Gescannte Menge');
    const check = await report(w.order.id, w.h, { product_ean: '4006381333932', kind: 'not_in_order' });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({ code: 'INVALID_EAN' });
    expect(await logs(w.order.id)).toHaveLength(n);
  });

  it('403 for customers, 404 for an unknown order and for an order outside a staff user’s customers', async () => {
    const body = { product_ean: w.towel.ean, kind: 'over_picked', scanned_quantity: 5 };
    const customer = auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: w.customer.id }));
    expect((await report(w.order.id, customer, body)).statusCode).toBe(403);
    expect((await report(99_999_999, w.h, body)).json()).toMatchObject({ code: 'ORDER_NOT_FOUND', detail: 'Bestellung nicht gefunden' });
    const restricted = auth(t.app, w.restricted);
    const other = await report(w.otherOrder.id, restricted, { product_ean: w.soap.ean, kind: 'over_picked', scanned_quantity: 9 });
    expect(other.statusCode).toBe(404);
    expect((await report(w.order.id, restricted, body)).statusCode).toBe(201);
  });

  it('409: an order not at the packing table; a report that contradicts the lines', async () => {
    const confirmed = await insertOrder(t.db, w.customer.id, 'confirmed');
    const notYet = await report(confirmed.id, w.h, { product_ean: w.towel.ean, kind: 'not_in_order' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ code: 'ITEM_DISCREPANCY_NOT_PACKING' });
    expect(notYet.json().detail).toContain('nicht am Packtisch (Status: Bestätigt)');
    const n = (await logs(w.order.id)).length;
    const inOrder = await report(w.order.id, w.h, { product_ean: w.soap.ean, kind: 'not_in_order' });
    expect(inOrder.statusCode).toBe(409);
    expect(inOrder.json().detail).toBe(`Artikel-Abweichung passt nicht zu Auftrag ${w.order.order_number}: Artikel ${w.soap.ean} gehört zum Auftrag`);
    const foreign = await report(w.order.id, w.h, { product_ean: '4000000000006', kind: 'over_picked', scanned_quantity: 2 });
    expect(foreign.json().detail).toContain('gehört nicht zum Auftrag');
    const notOver = await report(w.order.id, w.h, { product_ean: w.soap.ean, kind: 'over_picked', scanned_quantity: 3 });
    expect(notOver.statusCode).toBe(409);
    expect(notOver.json().detail).toContain('3-mal kommissioniert, 3-mal gescannt ist nicht zu viel');
    // the codes a handheld words the reason from
    expect(notOver.json().params).toMatchObject({ reason_code: 'notOver', ean: w.soap.ean, scanned: 3, picked: 3 });
    expect(inOrder.json().params).toMatchObject({ reason_code: 'inOrder', ean: w.soap.ean });
    expect(await logs(w.order.id)).toHaveLength(n);
    // Shipped: the order has left the packing table.
    const ship = await t.app.inject({ method: 'POST', url: u.ship(w.otherOrder.id, { carrier: 'DPD', tracking_number: '0123456789' }), headers: w.h });
    expect(ship.statusCode, ship.body).toBe(200);
    const shipped = await report(w.otherOrder.id, w.h, { product_ean: '4000000000006', kind: 'not_in_order' });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().detail).toContain('Versendet');
  });
});
