import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { WsWave } from '../../../shared/schemas/picking';
import { pull } from '../../../sync/device/pull';
import type { FaultyTransport } from '../../helpers/inprocess-transport';
import { buildPickingWorld, insertWave, type PickingWorld, setWave } from '../../helpers/picking-world';
import { deviceSuite, realTransport, TestDevice } from '../../helpers/sync-device';

/** The wave working set ('waves') through the real /api/sync/pull onto a device. */

const s = deviceSuite();

function deviceOf(w: PickingWorld, user: { id: number; role: string }): TestDevice & { net: FaultyTransport } {
  const net = realTransport(s.t);
  const d = new TestDevice({ transport: net, session: { userId: user.id, token: w.token(user) } });
  s.devices.push(d);
  return Object.assign(d, { net });
}

/** The last pull was incremental (a delta), not a reset with the full set. */
function lastPullWasDelta(d: { net: FaultyTransport }): boolean {
  const body = d.net.pullAnswers.at(-1)?.body as { reset?: boolean } | undefined;
  return body !== undefined && body.reset !== true;
}

/** The waves of this test's world on the device (other tests' waves share the database). */
async function wavesOn(d: TestDevice, ids: number[]): Promise<WsWave[]> {
  return (await d.db.waves.toArray()).filter((x) => ids.includes(x.id)).sort((a, b) => a.id - b.id);
}

describe('wave working set', () => {
  it("a full pull gives the picker's ready and picking waves with lines and stops in route order", async () => {
    const w = await buildPickingWorld(s.t);
    const mine = await insertWave(s.t.db, { orderIds: [w.order.id], status: 'picking', pickerId: w.picker.id });
    const open = await insertWave(s.t.db, { orderIds: [w.otherOrder.id], status: 'ready' });
    const d = deviceOf(w, w.picker);
    expect(await pull(d.deps)).toBe('ok');

    const [a, b] = await wavesOn(d, [mine.id, open.id]);
    expect(a).toMatchObject({ id: mine.id, wave_number: mine.wave_number, status: 'picking', picker_user_id: w.picker.id, progress: null });
    expect(a.pallet_barcode).toMatch(/^DISP-/);
    expect(a.orders).toEqual([
      {
        id: w.order.id,
        order_number: w.order.order_number,
        status: 'picking',
        delivery_name: 'Erika Mustermann',
        customer_id: w.customer.id,
        pallet_corner: 'A',
      },
    ]);
    expect(a.lines.map((l) => [l.product_title, l.quantity_ordered, l.picked_quantity])).toEqual([
      ['Handtuch Blau', 2, 0],
      ['Seife Lavendel', 3, 0],
      ['Kerze Weiß', 1, 0],
    ]);
    // Racks at 1 m, 8 m and 4 m on one line: the route passes the 4 m rack between the other two (2 × 8 m).
    expect(a.stops.map((s) => s.sequence)).toEqual([1, 2, 3]);
    expect(a.stops[1]).toMatchObject({ location_barcode: w.mid.barcode, quantity: 1, order_id: w.order.id, batch_number: '', expiry_date: null });
    expect(a.stops.map((s) => s.location_barcode).sort()).toEqual([w.near[0].barcode, w.far.barcode, w.mid.barcode].sort());
    const soapStop = a.stops.find((s) => s.location_barcode === w.far.barcode);
    expect(soapStop).toMatchObject({ stock_id: w.soapStockId, quantity: 3, location_id: w.far.id });
    expect(soapStop?.full_path).toContain(w.far.barcode);
    expect(a.route_length_m).toBe(16);

    expect(b).toMatchObject({ id: open.id, status: 'ready', picker_user_id: null });
    expect(b.stops).toHaveLength(1);
  });

  it("a staff user restricted to one customer does not get another customer's wave; drafts and other pickers' waves stay off the device", async () => {
    const w = await buildPickingWorld(s.t);
    const mine = await insertWave(s.t.db, { orderIds: [w.order.id], status: 'ready' });
    const foreign = await insertWave(s.t.db, { orderIds: [w.otherOrder.id], status: 'ready' });
    const restricted = deviceOf(w, w.restricted);
    await pull(restricted.deps);
    expect((await wavesOn(restricted, [mine.id, foreign.id])).map((x) => x.id)).toEqual([mine.id]);

    // One order of another customer hides the whole wave, even beside the user's own order.
    const w3 = await buildPickingWorld(s.t);
    const mixed = await insertWave(s.t.db, { orderIds: [w3.order.id, w3.otherOrder.id], status: 'ready' });
    const restricted3 = deviceOf(w3, w3.restricted);
    await pull(restricted3.deps);
    expect(await wavesOn(restricted3, [mixed.id])).toEqual([]);
    const picker3 = deviceOf(w3, w3.picker);
    await pull(picker3.deps);
    expect((await wavesOn(picker3, [mixed.id])).map((x) => x.id)).toEqual([mixed.id]);

    const w2 = await buildPickingWorld(s.t);
    const draft = await insertWave(s.t.db, { orderIds: [w2.order.id], status: 'draft' });
    const held = await insertWave(s.t.db, { orderIds: [w2.otherOrder.id], status: 'picking', pickerId: w2.secondPicker.id });
    const picker = deviceOf(w2, w2.picker);
    await pull(picker.deps);
    expect(await wavesOn(picker, [draft.id, held.id])).toEqual([]);
  });

  it('a wave leaves the device when it is completed or another picker takes it; a new one arrives by delta', async () => {
    const w = await buildPickingWorld(s.t);
    const mine = await insertWave(s.t.db, { orderIds: [w.order.id], status: 'picking', pickerId: w.picker.id });
    const open = await insertWave(s.t.db, { orderIds: [w.otherOrder.id], status: 'ready' });
    const d = deviceOf(w, w.picker);
    await pull(d.deps);
    expect((await wavesOn(d, [mine.id, open.id])).length).toBe(2);

    await setWave(s.t.db, mine.id, { status: 'completed' });
    await setWave(s.t.db, open.id, { status: 'picking', picker_user_id: w.secondPicker.id });
    const w2 = await buildPickingWorld(s.t);
    const fresh = await insertWave(s.t.db, { orderIds: [w2.order.id], status: 'ready' });
    expect(await pull(d.deps)).toBe('ok');
    expect(lastPullWasDelta(d)).toBe(true);
    expect((await wavesOn(d, [mine.id, open.id, fresh.id])).map((x) => x.id)).toEqual([fresh.id]);
  });

  it('a delta carries a wave whose line or reservation changed', async () => {
    const w = await buildPickingWorld(s.t);
    const mine = await insertWave(s.t.db, { orderIds: [w.order.id], status: 'picking', pickerId: w.picker.id });
    const d = deviceOf(w, w.picker);
    await pull(d.deps);
    // Another flow changes the order's line, not the wave row.
    await s.t.db
      .updateTable('outbound_order_items')
      .set({ picked_quantity: 1 })
      .where('order_id', '=', w.order.id)
      .where('product_id', '=', w.towel.id)
      .execute();
    await pull(d.deps);
    expect(lastPullWasDelta(d)).toBe(true);
    const [a] = await wavesOn(d, [mine.id]);
    expect(a.lines.find((l) => l.product_id === w.towel.id)?.picked_quantity).toBe(1);
  });
});
