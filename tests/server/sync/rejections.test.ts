import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../shared/i18n/errors/index';
import { OFFLINE_COMMAND_LABELS } from '../../../shared/i18n/sync';
import type { SyncRejection } from '../../../shared/schemas/sync-rejections';
import { offlineCommands } from '../../../server/offline-registry';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildUser } from '../../helpers/factories';
import { mutation, newClientId, push } from '../../sync/server/sync-helpers';
import { announce, announcement } from '../inbound-notifications/fixtures';
import { insertOrder } from '../outbound-orders/world';
import { insertWave } from '../status-logs/world';

/**
 * GET /sync/rejections (docs/operations.md "Alerts"): refusals of two devices pushed through
 * the real sync route, one back-dated out of the default window, one applied
 * booking that must not show; scope by what the args name.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let manager: User;
let worker: User;
let limitedA: User;
let exceptB: User;
const devA = newClientId();
const devB = newClientId();
const devC = newClientId();

const list = (q = '', user: { id: number; role: string } = manager) =>
  t.app.inject({ method: 'GET', url: `/api/sync/rejections${q}`, headers: auth(t.app, user) });
const rows = async (q = '', user: { id: number; role: string } = manager) => {
  const res = await list(q, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SyncRejection[];
};
const keys = (rs: SyncRejection[]) => rs.map((r) => `${r.command}#${r.mutation_id}`);

beforeAll(async () => {
  t = await createTestApp();
  const custA = await buildCustomer(t.db);
  const custB = await buildCustomer(t.db);
  const product = await buildProduct(t.db);
  const [place] = await buildCompartments(t.db, 1);
  const barcode = place?.barcode ?? '';
  manager = await buildUser(t.db, 'warehouse_manager');
  worker = await buildUser(t.db, 'warehouse_worker');
  limitedA = await buildUser(t.db, 'warehouse_manager', { access: [custA.id] });
  exceptB = await buildUser(t.db, 'warehouse_worker', { access: [custB.id], is_exclude: true });
  const orderA = await insertOrder(t.db, custA.id, 'picking');
  const waveA = await insertWave(t.db, [orderA.id]);
  const noticeA = await announce(t.app, await buildUser(t.db, 'customer_user', { customer_id: custA.id }), announcement([{ ean: product.ean, quantity: 4 }]));

  // Device A (worker): 1 applied inbound for B, 2 outbound for A without stock (refused), 3 a pick
  // in a wave that does not exist (refused; its order is A's), 4 an inbound whose customer_id is
  // no number (VALIDATION: args as the device sent them).
  const a = await push(t.app, worker, devA, [
    mutation(1, 'stock.inbound', { ean: product.ean, quantity: 5, location_barcode: barcode, customer_id: custB.id }, worker.id),
    mutation(2, 'stock.outbound', { ean: product.ean, quantity: 3, location_barcode: barcode, customer_id: custA.id }, worker.id),
    mutation(3, 'picking.pick', { wave_id: 999_999, order_id: orderA.id, product_ean: product.ean, location_barcode: barcode, quantity: 2 }, worker.id),
    mutation(4, 'stock.inbound', { ean: product.ean, quantity: 1, location_barcode: barcode, customer_id: 'abc' }, worker.id),
  ]);
  expect(a.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'rejected']);
  // Device B (manager): 1 an inbound for B at an unknown place, 2 a product without title (no
  // customer to judge by), 3 another unknown place, back-dated 30 h below.
  const b = await push(t.app, manager, devB, [
    mutation(1, 'stock.inbound', { ean: product.ean, quantity: 7, location_barcode: 'GIBT-ES-NICHT', customer_id: custB.id }, manager.id),
    mutation(2, 'products.createManual', { ean: product.ean, title: '' }, manager.id),
    mutation(3, 'stock.inbound', { ean: product.ean, quantity: 9, location_barcode: 'ALT-01', customer_id: custB.id }, manager.id),
  ]);
  expect(b.json().results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  // Device C (manager): A's announcement is not confirmed yet (a line and "Fertig" refused), A's
  // wave is a draft, a cart for A's order without pallet barcode (VALIDATION), an unknown announcement.
  const c = await push(t.app, manager, devC, [
    mutation(1, 'receipt.receiveItem', { notification_id: noticeA.id, item: { ean: product.ean, quantity: 4, location_id: place?.id } }, manager.id),
    mutation(2, 'picking.complete', { wave_id: waveA.id }, manager.id),
    mutation(3, 'picking.createCart', { pallet_barcode: '', order_ids: [orderA.id], assignments: {} }, manager.id),
    mutation(4, 'receipt.complete', { notification_id: 999_999 }, manager.id),
  ]);
  expect(c.json().results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
  const at = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
  // Distinct times, so "newest first" is decided by created_at alone.
  const times: Array<[string, number, number]> = [
    [devA, 2, 5],
    [devA, 3, 4],
    [devA, 4, 3],
    [devB, 1, 2],
    [devB, 2, 1],
    [devB, 3, 30],
    [devC, 1, 6],
    [devC, 2, 7],
    [devC, 3, 8],
    [devC, 4, 9],
  ];
  for (const [client, id, h] of times) {
    await t.db
      .updateTable('sync_mutations')
      .set({ created_at: at(h) })
      .where('client_id', '=', client)
      .where('mutation_id', '=', id)
      .execute();
  }
});
afterAll(async () => t.close());

describe('GET /api/sync/rejections', () => {
  it('lists the refusals of every device in the last 24 h, newest first, with German texts and key facts', async () => {
    const rs = await rows();
    expect(keys(rs)).toEqual([
      'products.createManual#2',
      'stock.inbound#1',
      'stock.inbound#4',
      'picking.pick#3',
      'stock.outbound#2',
      'receipt.receiveItem#1',
      'picking.complete#2',
      'picking.createCart#3',
      'receipt.complete#4',
    ]);
    expect(new Set(rs.map((r) => r.client_id))).toEqual(new Set([devA, devB, devC]));
    const outbound = rs.find((r) => r.command === 'stock.outbound');
    expect(outbound).toMatchObject({ client_id: devA, user_id: worker.id, user_name: worker.full_name, command_label: 'Auslagern' });
    expect(outbound?.message).toBe(errorText(outbound?.code ?? '', outbound?.params));
    expect(outbound?.message).not.toBe('Unbekannter Fehler');
    expect(outbound?.facts).toMatchObject({ quantity: 3, order_ids: [], wave_id: null });
    const pick = rs.find((r) => r.command === 'picking.pick');
    expect(pick?.command_label).toBe('Kommissionieren');
    expect(pick?.facts).toMatchObject({ quantity: 2, wave_id: 999_999 });
    expect(pick?.facts.order_ids).toHaveLength(1);
    const unknownPlace = rs.find((r) => r.client_id === devB && r.mutation_id === 1);
    expect(unknownPlace?.facts).toMatchObject({ location_barcode: 'GIBT-ES-NICHT', quantity: 7 });
    expect(unknownPlace?.user_name).toBe(manager.full_name);
    const validation = rs.find((r) => r.client_id === devA && r.mutation_id === 4);
    expect(validation?.code).toBe('VALIDATION');
    expect(validation?.message).toContain('Kunde');
    // a receipt line names its place by id: the list shows its barcode
    const line = rs.find((r) => r.command === 'receipt.receiveItem');
    expect(line?.command_label).toBe('Wareneingang buchen');
    expect(line?.facts).toMatchObject({
      ean: expect.any(String),
      quantity: 4,
      location_barcode: expect.stringMatching(/-01-01$/),
      notification_id: expect.any(Number),
    });
  });

  it('widens the window with hours_back and cuts with limit', async () => {
    expect(keys(await rows('?hours_back=48'))).toContain('stock.inbound#3');
    expect(keys(await rows('?hours_back=3'))).toEqual(['products.createManual#2', 'stock.inbound#1']);
    expect(keys(await rows('?limit=2'))).toEqual(['products.createManual#2', 'stock.inbound#1']);
  });

  it('shows a staff user limited to some customers only the refusals whose args name theirs', async () => {
    // A's outbound, the pick on A's order, the line of A's announcement, A's wave, the cart with A's order;
    // not B's inbound, not the product (no customer), not the unreadable customer_id, not the unknown announcement.
    const ofA = ['picking.pick#3', 'stock.outbound#2', 'receipt.receiveItem#1', 'picking.complete#2', 'picking.createCart#3'];
    expect(keys(await rows('?hours_back=48', limitedA))).toEqual(ofA);
    // "all but B" is the same here
    expect(keys(await rows('?hours_back=48', exceptB))).toEqual(ofA);
  });

  it('is for staff: workers see it like the alert, customers 403', async () => {
    expect(await rows('', worker)).toHaveLength(9);
    const customer = await buildUser(t.db, 'customer_user');
    expect((await list('', customer)).statusCode).toBe(403);
  });

  it('answers a bad query with a German 400', async () => {
    for (const q of ['?hours_back=0', '?hours_back=abc', '?hours_back=721']) {
      const res = await list(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('Zeitraum muss zwischen 1 und 720 Stunden liegen');
    }
    for (const q of ['?limit=0', '?limit=501', '?limit=zehn', '?limit=1.5']) {
      const res = await list(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('Anzahl muss zwischen 1 und 500 liegen');
    }
  });

  it('names every registered offline command in German', () => {
    expect(offlineCommands.filter((c) => !OFFLINE_COMMAND_LABELS[c.name]).map((c) => c.name)).toEqual([]);
  });
});
