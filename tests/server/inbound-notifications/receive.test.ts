import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsOf, PROTOCOL_VERSION, WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildUser } from '../../helpers/factories';
import { announce, announcement, confirm, receive, stockOf } from './fixtures';

let t: TestApp;
let customer: { id: number };
let cust: { id: number; role: string };
let worker: { id: number; role: string };
let places: Array<{ id: number; barcode: string | null }>;

beforeAll(async () => {
  t = await createTestApp();
  customer = await buildCustomer(t.db);
  cust = await buildUser(t.db, 'customer_user', { customer_id: customer.id });
  worker = await buildUser(t.db, 'warehouse_worker');
  places = await buildCompartments(t.db, 3);
});
afterAll(async () => t?.close());

async function confirmedAnnouncement(items: Array<{ ean: string; quantity: number; title?: string }>) {
  const n = await announce(t.app, cust, announcement(items));
  expect((await confirm(t.app, worker, n.id)).statusCode).toBe(200);
  return n;
}

describe('goods receipt booking', () => {
  it('books stock for the announcement customer with movements carrying the announcement id; partial → receiving', async () => {
    const a = await buildProduct(t.db);
    const b = await buildProduct(t.db);
    const n = await confirmedAnnouncement([
      { ean: a.ean, quantity: 10 },
      { ean: b.ean, quantity: 4 },
    ]);
    const res = await receive(t.app, worker, n.id, [
      {
        ean: a.ean,
        quantity: 6,
        location_id: places[0].id,
        batch_number: 'CH-1',
        expiry_date: '2027-05-31',
        packaging_level1: { quantity_per_unit: 3, total_units: 2 },
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.notification.status).toBe('receiving');
    expect(body.receipts[0]).toMatchObject({ expected_quantity: 10, received_quantity: 6, discrepancy: -4, item_received_quantity: 6 });
    expect(await stockOf(t.db, a.id, customer.id)).toBe(6);
    const moves = await t.db.selectFrom('stock_movements').selectAll().where('inbound_notification_id', '=', n.id).execute();
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      movement_type: 'inbound',
      quantity: 6,
      customer_id: customer.id,
      location_id: places[0].id,
      batch_number: 'CH-1',
      expiry_date: '2027-05-31',
      user_id: worker.id,
    });
    const stock = await t.db.selectFrom('stock').selectAll().where('product_id', '=', a.id).executeTakeFirstOrThrow();
    expect(stock).toMatchObject({ batch_number: 'CH-1', expiry_date: '2027-05-31', quantity: 6 });
    const receipt = await t.db.selectFrom('inbound_receipts').selectAll().where('notification_id', '=', n.id).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ movement_id: moves[0].id, expected_quantity: 10, received_quantity: 6, discrepancy: -4 });
    expect(receipt.packaging_level1).toEqual({ quantity_per_unit: 3, total_units: 2 });
    expect(receipt.packaging_level2).toBeNull();
  });

  it('all items fully received → completed; over-delivery recorded as positive discrepancy (cumulative per item)', async () => {
    const a = await buildProduct(t.db);
    const b = await buildProduct(t.db);
    const n = await confirmedAnnouncement([
      { ean: a.ean, quantity: 10 },
      { ean: b.ean, quantity: 4 },
    ]);
    let res = await receive(t.app, worker, n.id, [{ ean: a.ean, quantity: 4, location_id: places[0].id }]);
    expect(res.json().notification.status).toBe('receiving');
    res = await receive(t.app, worker, n.id, [
      { ean: a.ean, quantity: 8, location_id: places[1].id },
      { ean: b.ean, quantity: 4, location_id: places[1].id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notification.status).toBe('completed');
    expect(res.json().receipts.map((r: { discrepancy: number }) => r.discrepancy)).toEqual([2, 0]);
    const details = await t.app.inject({ method: 'GET', url: `/api/inbound-notifications/${n.id}/movements`, headers: auth(t.app, cust) });
    expect(details.statusCode).toBe(200);
    expect(details.json().map((d: { received_quantity: number; discrepancy: number }) => [d.received_quantity, d.discrepancy])).toEqual([
      [4, -6],
      [8, 2],
      [4, 0],
    ]);
    expect(details.json()[0]).toMatchObject({ product_ean: a.ean, expected_quantity: 10, unit: 'piece' });
    expect(await stockOf(t.db, a.id, customer.id)).toBe(12);
    const completed = await t.db
      .selectFrom('inbound_notifications')
      .select(['completed_at', 'receiving_started_at'])
      .where('id', '=', n.id)
      .executeTakeFirstOrThrow();
    expect(completed.completed_at).not.toBeNull();
    expect(completed.receiving_started_at).not.toBeNull();
  });

  it('under-delivery + "Fertig" → completed with the shortfall kept', async () => {
    const a = await buildProduct(t.db);
    const n = await confirmedAnnouncement([{ ean: a.ean, quantity: 10 }]);
    await receive(t.app, worker, n.id, [{ ean: a.ean, quantity: 7, location_id: places[0].id }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/inbound-notifications/${n.id}/complete`, headers: auth(t.app, worker) });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('completed');
    const r = await t.db.selectFrom('inbound_receipts').select('discrepancy').where('notification_id', '=', n.id).executeTakeFirstOrThrow();
    expect(r.discrepancy).toBe(-3);
  });

  it('creates the product by EAN and title when it does not exist yet (products are global)', async () => {
    const ean = '4006381333931';
    const n = await confirmedAnnouncement([{ ean, quantity: 2, title: 'Neuer Artikel aus Avis' }]);
    const res = await receive(t.app, worker, n.id, [{ ean, quantity: 2, location_id: places[2].id }]);
    expect(res.statusCode, res.body).toBe(200);
    const p = await t.db.selectFrom('products').selectAll().where('ean', '=', ean).executeTakeFirstOrThrow();
    expect(p.title).toBe('Neuer Artikel aus Avis');
    expect(await stockOf(t.db, p.id, customer.id)).toBe(2);
    const item = await t.db.selectFrom('inbound_notification_items').select('product_id').where('notification_id', '=', n.id).executeTakeFirstOrThrow();
    expect(item.product_id).toBe(p.id);
  });

  it('refuses an EAN that is not in the announcement, with the spec text, and books nothing', async () => {
    const a = await buildProduct(t.db);
    const other = await buildProduct(t.db);
    const n = await confirmedAnnouncement([{ ean: a.ean, quantity: 2 }]);
    const res = await receive(t.app, worker, n.id, [
      { ean: a.ean, quantity: 1, location_id: places[0].id },
      { ean: other.ean, quantity: 1, location_id: places[0].id },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(`Artikel mit EAN ${other.ean} nicht in dieser Avisierung gefunden`);
    expect(await stockOf(t.db, a.id, customer.id)).toBe(0);
  });

  it('validates quantity and location', async () => {
    const a = await buildProduct(t.db);
    const n = await confirmedAnnouncement([{ ean: a.ean, quantity: 1 }]);
    let res = await receive(t.app, worker, n.id, [{ ean: a.ean, quantity: 0, location_id: places[0].id }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Menge muss größer als 0 sein');
    res = await t.app.inject({
      method: 'POST',
      url: `/api/inbound-notifications/${n.id}/receive`,
      headers: auth(t.app, worker),
      payload: { items: [{ ean: a.ean, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Bitte einen Lagerplatz auswählen');
    const rack = await t.db.selectFrom('locations').select('id').where('kind', '=', 'rack').executeTakeFirstOrThrow();
    res = await receive(t.app, worker, n.id, [{ ean: a.ean, quantity: 1, location_id: rack.id }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LOCATION_NOT_STORABLE');
  });

  it('the REST receive with the same Idempotency-Key books once', async () => {
    const a = await buildProduct(t.db);
    const n = await confirmedAnnouncement([{ ean: a.ean, quantity: 5 }]);
    const line = [{ ean: a.ean, quantity: 2, location_id: places[0].id }];
    const r1 = await receive(t.app, worker, n.id, line, { 'idempotency-key': 'dock-1-abc' });
    const r2 = await receive(t.app, worker, n.id, line, { 'idempotency-key': 'dock-1-abc' });
    expect(r1.statusCode).toBe(200);
    expect(r2.statusCode).toBe(200);
    expect(r2.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(t.db, a.id, customer.id)).toBe(2);
  });
});

describe('announcement validation', () => {
  it('start date required, end not before start, at least one item, quantity > 0', async () => {
    const a = await buildProduct(t.db);
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/inbound-notifications/', headers: auth(t.app, cust), payload: payload as object });
    let res = await post({ ...announcement([{ ean: a.ean, quantity: 1 }]), expected_date: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().params.field).toBe('Anlieferdatum');
    res = await post(announcement([{ ean: a.ean, quantity: 1 }], { expected_date: '2026-12-05', expected_date_to: '2026-12-04' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Das Enddatum darf nicht vor dem Anlieferdatum liegen');
    res = await post(announcement([]));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Bitte mindestens einen Artikel hinzufügen');
    res = await post(announcement([{ ean: a.ean, quantity: 0 }]));
    expect(res.statusCode).toBe(400);
    res = await post(announcement([{ ean: a.ean, quantity: 2 }], { expected_date_to: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().expected_date_to).toBeNull();
    expect(res.json().notification_number).toMatch(/^AV-\d{4}-\d{6}$/);
  });

  it('notification numbers are unique and sort by creation', async () => {
    const a = await buildProduct(t.db);
    const n1 = await announce(t.app, cust, announcement([{ ean: a.ean, quantity: 1 }]));
    const n2 = await announce(t.app, cust, announcement([{ ean: a.ean, quantity: 1 }]));
    expect(n1.notification_number < n2.notification_number).toBe(true);
  });

  it('staff create for a named customer; without one it is refused', async () => {
    const a = await buildProduct(t.db);
    let res = await t.app.inject({
      method: 'POST',
      url: '/api/inbound-notifications/',
      headers: auth(t.app, worker),
      payload: announcement([{ ean: a.ean, quantity: 1 }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CUSTOMER_REQUIRED');
    res = await t.app.inject({
      method: 'POST',
      url: '/api/inbound-notifications/',
      headers: auth(t.app, worker),
      payload: announcement([{ ean: a.ean, quantity: 1 }], { customer_id: customer.id }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().customer_id).toBe(customer.id);
  });
});

describe('offline receipt through the sync engine', () => {
  const push = (clientId: string, mutations: Array<{ id: number; name: string; args: unknown }>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: auth(t.app, worker),
      payload: {
        protocolVersion: PROTOCOL_VERSION,
        schemaVersion: WORKING_SET_SCHEMA_VERSION,
        clientId,
        mutations: mutations.map((m) => ({ ...m, userId: worker.id })),
      },
    });

  it('the same receipt mutation pushed twice books once and answers the stored outcome', async () => {
    const a = await buildProduct(t.db);
    const n = await confirmedAnnouncement([{ ean: a.ean, quantity: 5 }]);
    const m = { id: 1, name: 'receipt.receiveItem', args: { notification_id: n.id, item: { ean: a.ean, quantity: 3, location_id: places[0].id } } };
    const r1 = await push('dock-device-0001', [m]);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().results[0]).toMatchObject({ id: 1, status: 'applied' });
    const r2 = await push('dock-device-0001', [m]);
    expect(r2.json().results[0]).toMatchObject({ id: 1, status: 'duplicate', original: 'applied' });
    expect(r2.json().results[0].result).toEqual(r1.json().results[0].result);
    const [p1, p2] = await Promise.all([push('dock-device-0001', [m]), push('dock-device-0001', [m])]);
    expect([p1.statusCode, p2.statusCode]).toEqual([200, 200]);
    expect(await stockOf(t.db, a.id, customer.id)).toBe(3);
    const moves = await t.db.selectFrom('stock_movements').selectAll().where('inbound_notification_id', '=', n.id).execute();
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ client_id: 'dock-device-0001', mutation_id: 1 });
    const receipts = await t.db.selectFrom('inbound_receipts').select('id').where('notification_id', '=', n.id).execute();
    expect(receipts).toHaveLength(1);
  });

  it('a receipt for an announcement cancelled meanwhile is rejected with a German reason, and the queue moves on', async () => {
    const a = await buildProduct(t.db);
    const n = await announce(t.app, cust, announcement([{ ean: a.ean, quantity: 5 }]));
    // cancelled by the customer while the device was offline (it had it as confirmed before)
    await t.app.inject({ method: 'DELETE', url: `/api/inbound-notifications/${n.id}`, headers: auth(t.app, cust) });
    const n2 = await confirmedAnnouncement([{ ean: a.ean, quantity: 5 }]);
    const res = await push('dock-device-0002', [
      { id: 1, name: 'receipt.receiveItem', args: { notification_id: n.id, item: { ean: a.ean, quantity: 5, location_id: places[0].id } } },
      { id: 2, name: 'receipt.receiveItem', args: { notification_id: n2.id, item: { ean: a.ean, quantity: 5, location_id: places[0].id } } },
      { id: 3, name: 'receipt.complete', args: { notification_id: n2.id } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [r1, r2, r3] = res.json().results;
    expect(r1).toMatchObject({ status: 'rejected', code: 'NOTIFICATION_CANCELLED', params: { number: n.notification_number } });
    expect(r2).toMatchObject({ status: 'applied', result: { notification_status: 'completed' } });
    expect(r3).toMatchObject({ status: 'applied', result: { notification_status: 'completed' } });
    expect(await t.db.selectFrom('stock_movements').select('id').where('inbound_notification_id', '=', n.id).execute()).toHaveLength(0);
  });

  it('the working set carries confirmed/receiving announcements for staff and drops completed ones', async () => {
    const a = await buildProduct(t.db);
    const n = await confirmedAnnouncement([{ ean: a.ean, quantity: 2 }]);
    const pull = (cookie: number | null, user = worker) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sync/pull',
        headers: auth(t.app, user),
        payload: { clientId: 'dock-device-0003', cookie, schemaVersion: WORKING_SET_SCHEMA_VERSION },
      });
    const first = await pull(null);
    expect(first.statusCode, first.body).toBe(200);
    const put = opsOf(first.json()).find((p: { entity: string; id: number }) => p.entity === 'notification' && p.id === n.id);
    expect(put?.data).toMatchObject({
      notification_number: n.notification_number,
      status: 'confirmed',
      customer_id: customer.id,
      items: [{ ean: a.ean, quantity: 2, received_quantity: 0 }],
    });
    await receive(t.app, worker, n.id, [{ ean: a.ean, quantity: 2, location_id: places[0].id }]);
    const next = await pull(first.json().cookie);
    const ops = opsOf(next.json()).filter((p: { entity: string; id: number }) => p.entity === 'notification' && p.id === n.id);
    expect(ops).toEqual([{ op: 'del', entity: 'notification', id: n.id }]);
    // customer users' devices receive no announcements to book
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: auth(t.app, cust),
      payload: { clientId: 'cust-device-0001', cookie: null, schemaVersion: WORKING_SET_SCHEMA_VERSION },
    });
    expect(opsOf(c.json()).filter((p: { entity: string }) => p.entity === 'notification')).toEqual([]);
  });
});
