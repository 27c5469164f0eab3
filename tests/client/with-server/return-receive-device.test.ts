import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { findReturnsByCode, receiveReturnLocally, returnOnDevice } from '../../../client/features/returns/offline';
import { findLocation, stockOfProduct } from '../../../client/features/stock/local-stock';
import { PlaceLookupResponse } from '../../../shared/schemas/locations';
import type { ReceiveReturnItemArgs } from '../../../shared/schemas/returns';
import { pull } from '../../../sync/device/pull';
import { push } from '../../../sync/device/replay';
import { buildPlacedCompartments, tokenFor } from '../../helpers/factories';
import { deviceSuite, realTransport, serverLog, serverLookup, stockAt, TestDevice } from '../../helpers/sync-device';
import { api } from '../../server/outbound-orders/world';
import { buildReturnWorld, type ReturnWorld } from '../../server/returns/world';

/** Retoure annehmen on the device (client/features/returns/offline.ts) against the real /api/sync handlers. */

const s = deviceSuite({ ledger: true });

/** A return of 3 shirts and 1 mug announced by the customer, and a worker's device that pulled it. */
async function setup() {
  const w = await buildReturnWorld(s.t);
  const res = await api(s.t).post('/api/returns', w.h.customer, {
    outbound_order_id: w.order.id,
    items: [
      { product_ean: w.shirt.ean, quantity: 3, reason: 'not_wanted' },
      { product_ean: w.mug.ean, quantity: 1, reason: 'damaged' },
    ],
  });
  expect(res.statusCode).toBe(200);
  const ret = res.json() as { id: number; return_number: string };
  const net = realTransport(s.t);
  const device = new TestDevice({ transport: net, session: { userId: w.worker.id, token: tokenFor(s.t.app, w.worker) } });
  s.devices.push(device);
  expect(await pull(device.deps)).toBe('ok');
  return { w, ret, net, device };
}

const args = (w: ReturnWorld, returnId: number, over: Partial<ReceiveReturnItemArgs> = {}): ReceiveReturnItemArgs => ({
  return_id: returnId,
  product_ean: w.shirt.ean,
  quantity: 1,
  condition: 'new',
  disposition: 'restock',
  location_barcode: w.shelf.barcode ?? '',
  ...over,
});

/** Units of the product at the place as the device shows them (blocked places included). */
const onDevice = async (device: TestDevice, ean: string, locationId: number) =>
  (await stockOfProduct(device.db, ean)).filter((r) => r.location_id === locationId).reduce((s, r) => s + r.quantity, 0);

describe('returns.receiveItem on the device', () => {
  it('finds the return by tracking number offline, receives restock and quarantine at once, and the server books each once', async () => {
    const { w, ret, net, device } = await setup();
    // The second of the order's two tracking numbers, and the order number in lower case.
    const [found] = await findReturnsByCode(device.db, '00340434161094042564');
    expect(found).toMatchObject({ id: ret.id, return_number: ret.return_number, status: 'announced', customer_id: w.customer.id });
    expect((await findReturnsByCode(device.db, w.order.order_number.toLowerCase())).map((r) => r.id)).toEqual([ret.id]);
    expect(await findReturnsByCode(device.db, '0034043416109404255')).toEqual([]);

    net.failNext(0); // no network from here
    await receiveReturnLocally(device.db, w.worker.id, args(w, ret.id, { quantity: 2 }));
    const q = await receiveReturnLocally(
      device.db,
      w.worker.id,
      args(w, ret.id, { condition: 'damaged', disposition: 'quarantine', location_barcode: w.quarantine.barcode ?? '' }),
    );
    expect(q.label).toBe(`Retoure ${ret.return_number}: 1 × ${w.shirt.title} – Sperrlager → ${w.quarantine.barcode}`);
    expect(await onDevice(device, w.shirt.ean, w.shelf.id)).toBe(2);
    expect(await onDevice(device, w.shirt.ean, w.quarantine.id)).toBe(1);
    expect(await returnOnDevice(device.db, ret.id)).toMatchObject({
      status: 'received',
      lines: expect.arrayContaining([expect.objectContaining({ received_quantity: 3 })]),
    });
    expect(await push(device.deps)).not.toBe('done');
    expect(await stockAt(s.t.db, w.shirt.id, w.shelf.id)).toBe(0);

    // Online: the answer of the first push is lost; the retry is a duplicate, not a second receipt.
    net.dropResponseNext();
    expect(await push(device.deps)).not.toBe('done');
    expect(await push(device.deps)).toBe('done');
    const clientId = await device.clientId(w.worker.id);
    expect((await serverLog(s.t.db, clientId)).map((m) => [m.id, m.name, m.status])).toEqual([
      [1, 'returns.receiveItem', 'applied'],
      [2, 'returns.receiveItem', 'applied'],
    ]);
    const moves = await s.t.db
      .selectFrom('stock_movements')
      .select(['movement_type', 'location_id', 'quantity', 'mutation_id'])
      .where('return_id', '=', ret.id)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => [m.movement_type, m.location_id, m.quantity, Number(m.mutation_id)])).toEqual([
      ['return', w.shelf.id, 2, 1],
      ['return', w.quarantine.id, 1, 2],
    ]);
    const server = await s.t.db.selectFrom('returns').select('status').where('id', '=', ret.id).executeTakeFirstOrThrow();
    expect(server.status).toBe('received');

    // After the pull the server's rows carry the numbers alone.
    expect(await pull(device.deps)).toBe('ok');
    expect(await device.db.outbox.count()).toBe(0);
    expect(await onDevice(device, w.shirt.ean, w.shelf.id)).toBe(2);
    expect(await onDevice(device, w.shirt.ean, w.quarantine.id)).toBe(1);
    expect((await device.db.returns.get(ret.id))?.lines.find((l) => l.product_ean === w.shirt.ean)?.received_quantity).toBe(3);

    // Completed at the staff screen: the return leaves the device on the next pull.
    expect((await api(s.t).post(`/api/returns/${ret.id}/complete`, w.h.worker)).statusCode).toBe(200);
    expect(await pull(device.deps)).toBe('ok');
    expect(await device.db.returns.get(ret.id)).toBeUndefined();
  });

  it('refuses offline what the server would refuse, with its codes, and queues nothing', async () => {
    const { w, ret, device } = await setup();
    const refused = (over: Partial<ReceiveReturnItemArgs>) => receiveReturnLocally(device.db, w.worker.id, args(w, ret.id, over));
    await expect(refused({ disposition: 'quarantine' })).rejects.toMatchObject({ code: 'RETURN_QUARANTINE_NOT_BLOCKED', params: { barcode: w.shelf.barcode } });
    await expect(refused({ location_barcode: w.quarantine.barcode ?? '' })).rejects.toMatchObject({ code: 'RETURN_RESTOCK_BLOCKED' });
    await expect(refused({ product_ean: '4006381333931' })).rejects.toMatchObject({
      code: 'RETURN_ITEM_NOT_IN_ORDER',
      params: { order_number: w.order.order_number },
    });
    // 5 shirts shipped; a pending receipt of 4 leaves 1.
    await expect(refused({ quantity: 6 })).rejects.toMatchObject({ code: 'RETURN_TOO_MANY', params: { returnable: 5, requested: 6 } });
    await receiveReturnLocally(device.db, w.worker.id, args(w, ret.id, { quantity: 4 }));
    await expect(refused({ quantity: 2, disposition: 'dispose', location_barcode: undefined })).rejects.toMatchObject({
      code: 'RETURN_TOO_MANY',
      params: { returnable: 1 },
    });
    expect(await device.db.outbox.count()).toBe(1);
  });

  it('a worker with an Arbeitsbereich: a place outside it is fetched online and kept; offline it is refused as not on this device', async () => {
    const { w, ret, device } = await setup();
    // The worker's area is a room elsewhere: neither the shelf nor the quarantine place is on the device after a reset.
    const area = await buildPlacedCompartments(s.t.db, 1);
    await s.t.db.insertInto('user_rooms').values({ user_id: w.worker.id, room_id: area.room.id }).execute();
    // The area changes the scope's fingerprint: the next pull resets the device's working set.
    expect(await pull(device.deps)).toBe('ok');
    expect(await findLocation(device.db, w.shelf.barcode ?? '')).toBeNull();
    const { online, offline, calls } = serverLookup(s.t, w.worker, (code) => `/api/locations/lookup/${encodeURIComponent(code)}`, PlaceLookupResponse);

    await receiveReturnLocally(device.db, w.worker.id, args(w, ret.id, { quantity: 2 }), online);
    expect(calls).toEqual([w.shelf.barcode]);
    expect(await findLocation(device.db, w.shelf.barcode ?? '')).toMatchObject({ id: w.shelf.id });
    expect(await onDevice(device, w.shirt.ean, w.shelf.id)).toBeGreaterThanOrEqual(2);
    // Kept: the next unit to the shelf needs no lookup, offline too.
    await receiveReturnLocally(device.db, w.worker.id, args(w, ret.id, { quantity: 1 }), offline);
    expect(calls).toHaveLength(1);

    await expect(
      receiveReturnLocally(device.db, w.worker.id, args(w, ret.id, { disposition: 'quarantine', location_barcode: w.quarantine.barcode ?? '' }), offline),
    ).rejects.toMatchObject({ code: 'PLACE_NOT_ON_DEVICE', params: { barcode: w.quarantine.barcode } });
    expect(await device.db.outbox.count()).toBe(2);
  });
});
