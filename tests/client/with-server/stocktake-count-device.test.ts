import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { relocateLocally } from '../../../client/features/relocation/offline';
import {
  countCustomer,
  countLocally,
  countsAt,
  localStocktakePlaces,
  placeDoneLocally,
  stocktakeCount,
  stocktakePlace,
} from '../../../client/features/stocktakes/offline';
import { errorText } from '../../../shared/i18n/errors/index';
import { pull } from '../../../sync/device/pull';
import { push } from '../../../sync/device/replay';
import { auth, buildCustomer, buildPlacedCompartments, buildStock, buildUser } from '../../helpers/factories';
import { buildSyncWorld, deviceSuite, realTransport, serverLog, START_STOCK, TestDevice } from '../../helpers/sync-device';
import { bookIn, placeOnDevice } from './local-bookings';

/** Counting a stocktake on the device (client/features/stocktakes/offline.ts) against the real /api/sync handlers. */

const s = deviceSuite({ ledger: true });

/** A manager's blind stocktake of place A (5 units) and B (empty), pulled by the worker's device. */
async function setup() {
  const w = await buildSyncWorld(s.t);
  const manager = await buildUser(s.t.db, 'warehouse_manager');
  const res = await s.t.app.inject({
    method: 'POST',
    url: '/api/stocktakes',
    headers: auth(s.t.app, manager),
    payload: { name: 'Regal A', location_ids: [w.placeA.id, w.placeB.id] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const st = res.json() as { id: number; number: string };
  const net = realTransport(s.t);
  const device = new TestDevice({ transport: net, session: { userId: w.worker.id, token: w.token(w.worker) } });
  s.devices.push(device);
  expect(await pull(device.deps)).toBe('ok');
  const detail = () => s.t.app.inject({ method: 'GET', url: `/api/stocktakes/${st.id}`, headers: auth(s.t.app, manager) }).then((r) => r.json());
  return { w, st, net, device, manager, detail };
}

describe('stocktake counting on the device', () => {
  it('holds the places without expected quantities, and refuses Einlagern and Umlagern on a frozen place offline with the server text', async () => {
    const { w, st, device } = await setup();
    const places = await localStocktakePlaces(device.db, st.id);
    expect(places.map((p) => [p.location_barcode, p.done, p.counts])).toEqual([
      [w.placeA.barcode, false, []],
      [w.placeB.barcode, false, []],
    ]);
    expect(JSON.stringify(places)).not.toMatch(/expected/);

    const a = await placeOnDevice(device.db, w.placeA.barcode);
    const b = await placeOnDevice(device.db, w.placeB.barcode);
    expect(a.stocktake).toBe(st.number);
    const frozen = { code: 'LOCATION_IN_STOCKTAKE', params: { barcode: w.placeA.barcode, number: st.number } };
    expect(errorText(frozen.code, frozen.params)).toBe(
      `Lagerplatz ${w.placeA.barcode} wird gerade gezählt (Inventur ${st.number}) – Buchungen dort erst nach Abschluss der Inventur`,
    );
    await expect(bookIn(device.db, { userId: w.worker.id, product: w.product, quantity: 1, location: a, customerId: w.customer.id })).rejects.toMatchObject(
      frozen,
    );
    const move = { userId: w.worker.id, ean: w.product.ean, customerId: w.customer.id, batchNumber: '', quantity: 1 };
    await expect(relocateLocally(device.db, { ...move, from: a, to: b })).rejects.toMatchObject(frozen);
    await expect(relocateLocally(device.db, { ...move, from: b, to: a })).rejects.toMatchObject({ code: 'LOCATION_IN_STOCKTAKE' });
    // A place outside the stocktake is refused at the scan with the server's code.
    const { compartments } = await buildPlacedCompartments(s.t.db, 1);
    expect(await pull(device.deps)).toBe('ok');
    await expect(stocktakePlace(device.db, st.id, (compartments[0].barcode as string).toLowerCase())).rejects.toMatchObject({
      code: 'STOCKTAKE_PLACE_NOT_IN',
      params: { barcode: compartments[0].barcode, number: st.number },
    });
    await expect(stocktakePlace(device.db, st.id, 'X-99-99')).rejects.toMatchObject({ code: 'LOCATION_NOT_FOUND' });
    expect(await device.db.outbox.count()).toBe(0);
  });

  it('queues counts and "Platz fertig" offline, shows them at once, and the server books each once after sync', async () => {
    const { w, st, net, device, detail } = await setup();
    const [a, b] = await localStocktakePlaces(device.db, st.id);
    const customerId = await countCustomer(device.db, a, w.product.ean, '');
    expect(customerId).toBe(w.customer.id);
    const count = (place: typeof a, quantity: number) =>
      countLocally(device.db, { userId: w.worker.id, place, ean: w.product.ean, quantity, batchNumber: '', customerId: w.customer.id });

    net.failNext(0); // offline
    await count(a, 4);
    await count(a, 3); // the same product again replaces the count
    await placeDoneLocally(device.db, w.worker.id, a);
    await placeDoneLocally(device.db, w.worker.id, b);
    expect(await push(device.deps)).not.toBe('done');
    expect((await countsAt(device.db, a)).map((c) => [c.ean, c.counted, c.pending])).toEqual([[w.product.ean, 3, true]]);
    expect((await localStocktakePlaces(device.db, st.id)).map((p) => p.done)).toEqual([true, true]);

    // Online: the answer is lost once; the retry is a duplicate, nothing is counted twice.
    net.dropResponseNext();
    expect(await push(device.deps)).not.toBe('done');
    expect(await push(device.deps)).toBe('done');
    const clientId = await device.clientId(w.worker.id);
    expect((await serverLog(s.t.db, clientId)).map((m) => [m.id, m.name, m.status])).toEqual([
      [1, 'stocktake.count', 'applied'],
      [2, 'stocktake.count', 'applied'],
      [3, 'stocktake.place_done', 'applied'],
      [4, 'stocktake.place_done', 'applied'],
    ]);
    const review = await detail();
    expect(
      review.places.map((p: { location_barcode: string; done: boolean; lines: Array<{ expected: number; counted: number; difference: number }> }) => [
        p.location_barcode,
        p.done,
        p.lines.map((l) => [l.expected, l.counted, l.difference]),
      ]),
    ).toEqual([
      [w.placeA.barcode, true, [[START_STOCK, 3, 3 - START_STOCK]]],
      [w.placeB.barcode, true, []],
    ]);

    // After the pull the counts come from the server's data, the outbox is empty.
    expect(await pull(device.deps)).toBe('ok');
    expect(await device.db.outbox.count()).toBe(0);
    const [a2] = await localStocktakePlaces(device.db, st.id);
    expect((await countsAt(device.db, a2)).map((c) => [c.counted, c.pending])).toEqual([[3, false]]);
  });

  it('asks for the customer when several own the product and none has stock at the place', async () => {
    const { w, st, device } = await setup();
    const second = await buildCustomer(s.t.db);
    const { compartments } = await buildPlacedCompartments(s.t.db, 1);
    await buildStock(s.t.db, { product_id: w.product.id, customer_id: second.id, location_id: compartments[0].id, quantity: 2 });
    expect(await pull(device.deps)).toBe('ok');
    const [, b] = await localStocktakePlaces(device.db, st.id);
    expect(await countCustomer(device.db, b, w.product.ean, '')).toBeNull();
    await expect(
      stocktakeCount.enqueue(device.db, w.worker.id, { stocktake_id: st.id, location_barcode: b.location_barcode, ean: w.product.ean, quantity: 1 }),
    ).rejects.toMatchObject({ code: 'STOCKTAKE_CUSTOMER_REQUIRED' });
    expect(await device.db.outbox.count()).toBe(0);
  });
});
