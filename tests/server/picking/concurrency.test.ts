import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { expectReservationInvariant } from '../outbound-orders/world';
import { mutation, newClientId, outbound, push } from '../../sync/server/sync-helpers';
import { buildPickWorld, orderOf, pickingWave, rackAt, stockAt } from './world';

/**
 * Two pickers on two devices take the last units of one place for two
 * orders at the same time, while someone at the ramp tries to book the same
 * units out: each order gets exactly its reserved units, nobody else gets
 * any, nothing goes below zero, and a batch replayed many times at once
 * books once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const picked = async (orderId: number) =>
  (await t.db.selectFrom('outbound_order_items').select('picked_quantity').where('order_id', '=', orderId).executeTakeFirstOrThrow()).picked_quantity;

describe('picks under concurrency', () => {
  it('two devices picking the last units of one place for two orders: both booked, no unit twice, the ramp gets nothing', async () => {
    const w = await buildPickWorld(t);
    const [place] = await rackAt(t.db, 40, 30, 1);
    const stock = await stockAt(t, w, w.loose.id, place.id, 5);
    const a = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 3 }]);
    const b = await orderOf(t, w, [{ product_id: w.loose.id, quantity: 2 }]);
    const waveA = await pickingWave(t.db, [a.id]);
    const waveB = await pickingWave(t.db, [b.id]);
    const second = await buildUser(t.db, 'warehouse_worker');
    const pick = (id: number, waveId: number, orderId: number, quantity: number) =>
      mutation(id, 'picking.pick', { wave_id: waveId, order_id: orderId, product_ean: w.loose.ean, location_barcode: place.barcode, quantity }, undefined);
    const [r1, r2, r3] = await Promise.all([
      push(t.app, w.worker, newClientId(), [
        { ...pick(1, waveA.id, a.id, 3), userId: w.worker.id },
        { ...pick(2, waveA.id, a.id, 1), userId: w.worker.id },
      ]),
      push(t.app, second, newClientId(), [{ ...pick(1, waveB.id, b.id, 2), userId: second.id }]),
      push(t.app, second, newClientId(), [outbound(1, second.id, { ean: w.loose.ean, quantity: 1, location_barcode: place.barcode as string })]),
    ]);
    expect(r1.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected']);
    expect(r1.json().results[1].code).toBe('PICK_TOO_MANY');
    expect(r2.json().results[0].status).toBe('applied');
    expect(r3.json().results[0]).toMatchObject({ status: 'rejected', code: 'STOCK_INSUFFICIENT' });
    expect(await picked(a.id)).toBe(3);
    expect(await picked(b.id)).toBe(2);
    const row = await t.db.selectFrom('stock').select(['quantity', 'reserved_quantity']).where('id', '=', stock.stock_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ quantity: 0, reserved_quantity: 0 });
    await expectReservationInvariant(t.db);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('a batch of picks pushed ten times at once books each pick once', async () => {
    const w = await buildPickWorld(t);
    const [p1, p2] = await rackAt(t.db, 10, 80, 2);
    await stockAt(t, w, w.loose.id, p1.id, 4);
    await stockAt(t, w, w.product.id, p2.id, 6);
    const order = await orderOf(t, w, [
      { product_id: w.loose.id, quantity: 4 },
      { product_id: w.product.id, quantity: 6 },
    ]);
    const wave = await pickingWave(t.db, [order.id]);
    const c = newClientId();
    const batch = [
      mutation(1, 'picking.pick', { wave_id: wave.id, order_id: order.id, product_ean: w.loose.ean, location_barcode: p1.barcode, quantity: 2 }, w.worker.id),
      mutation(2, 'picking.pick', { wave_id: wave.id, order_id: order.id, product_ean: w.loose.ean, location_barcode: p1.barcode, quantity: 2 }, w.worker.id),
      mutation(3, 'picking.pick', { wave_id: wave.id, order_id: order.id, product_ean: w.product.ean, location_barcode: p2.barcode, quantity: 6 }, w.worker.id),
    ];
    const answers = await Promise.all(Array.from({ length: 10 }, () => push(t.app, w.worker, c, batch)));
    for (const id of [1, 2, 3]) {
      const results = answers.filter((r) => r.statusCode === 200).map((r) => r.json().results.find((x: { id: number }) => x.id === id));
      expect(results.filter((x) => x?.status === 'applied')).toHaveLength(1);
    }
    const lines = await t.db.selectFrom('outbound_order_items').select('picked_quantity').where('order_id', '=', order.id).orderBy('id').execute();
    expect(lines.map((l) => l.picked_quantity)).toEqual([4, 6]);
    const moves = await t.db.selectFrom('stock_movements').select('mutation_id').where('client_id', '=', c).orderBy('mutation_id').execute();
    expect(moves.map((m) => Number(m.mutation_id))).toEqual([1, 2, 3]);
    await expectReservationInvariant(t.db);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
