import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { insertOrder } from '../outbound-orders/world';
import { insertWave, logEvent } from './world';

/**
 * A wave holding orders of customers A and B, read by staff limited to A: the
 * wave's events stay in the picking log and the recent activity, without B's
 * order ids, order numbers and the wave's totals.
 */
let t: TestApp;
let a: { id: number; order_number: string };
let b: { id: number; order_number: string };
let mixed: { created: number; completed: number };
let ownOnly: number;
let h: { manager: Record<string, string>; limitedWorker: Record<string, string>; limitedAdmin: Record<string, string>; excludeB: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const custA = await buildCustomer(t.db);
  const custB = await buildCustomer(t.db);
  h = {
    manager: auth(t.app, await buildUser(t.db, 'warehouse_manager')),
    limitedWorker: auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [custA.id] })),
    limitedAdmin: auth(t.app, await buildUser(t.db, 'admin', { access: [custA.id] })),
    excludeB: auth(t.app, await buildUser(t.db, 'admin', { access: [custB.id], is_exclude: true })),
  };
  a = await insertOrder(t.db, custA.id, 'picking');
  b = await insertOrder(t.db, custB.id, 'picking');
  const wave = await insertWave(t.db, [b.id, a.id], { status: 'picking' });
  mixed = {
    created: await logEvent(t.db, {
      event_type: 'wave_created',
      wave_id: wave.id,
      description: `Welle ${wave.wave_number} mit 2 Aufträgen angelegt`,
      event_data: { wave_number: wave.wave_number, creation_method: 'manual', order_ids: [b.id, a.id], order_numbers: [b.order_number, a.order_number] },
    }),
    completed: await logEvent(t.db, {
      event_type: 'wave_completed',
      wave_id: wave.id,
      description: `Welle ${wave.wave_number} abgeschlossen: 7 von 9 Stück kommissioniert`,
      event_data: { wave_number: wave.wave_number, order_ids: [b.id, a.id], pallet_barcode: 'PAL-T', picked_quantity: 7, quantity_ordered: 9 },
    }),
  };
  const a2 = await insertOrder(t.db, custA.id, 'confirmed');
  const own = await insertWave(t.db, [a2.id], { status: 'draft' });
  ownOnly = await logEvent(t.db, {
    event_type: 'wave_created',
    wave_id: own.id,
    description: `Welle ${own.wave_number} mit 1 Auftrag angelegt`,
    event_data: { wave_number: own.wave_number, order_ids: [a2.id], order_numbers: [a2.order_number] },
  });
});
afterAll(async () => t.close());

type Entry = { id: number; description: string; event_data: Record<string, unknown> };
const get = async (url: string, headers: Record<string, string>): Promise<Entry[]> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/status-logs/${url}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const byId = (list: Entry[], id: number) => list.find((e) => e.id === id) as Entry;
/** B's order number anywhere in the answer (as a whole value or a word of a description). */
const mentionsB = (list: Entry[]) => new RegExp(`(^|[^\\w-])${b.order_number}($|[^\\w-])`).test(JSON.stringify(list));

describe('wave events of waves mixing customers', () => {
  it("recent activity shows a limited worker their part of the wave, without B's order numbers or totals", async () => {
    const list = await get('recent', h.limitedWorker);
    expect(mentionsB(list)).toBe(false);
    const created = byId(list, mixed.created);
    expect(created.event_data).toMatchObject({ order_ids: [a.id], order_numbers: [a.order_number], creation_method: 'manual' });
    expect(created.description).toContain(a.order_number);
    expect(created.description).toContain('Aufträge anderer Kunden ausgeblendet');
    const completed = byId(list, mixed.completed);
    expect(completed.event_data.order_ids).toEqual([a.id]);
    expect(completed.event_data).not.toHaveProperty('picked_quantity');
    expect(completed.event_data).not.toHaveProperty('quantity_ordered');
    expect(completed.description).not.toContain('7 von 9');
    expect(completed.description).toContain(a.order_number);
  });

  it('the picking log strips the same for an admin limited to A and for an exclude list', async () => {
    for (const headers of [h.limitedAdmin, h.excludeB]) {
      const list = await get('picking', headers);
      expect(mentionsB(list)).toBe(false);
      expect(byId(list, mixed.created).event_data.order_ids).toEqual([a.id]);
    }
  });

  it("a wave of the user's own orders and unrestricted staff see the events as written", async () => {
    const own = byId(await get('picking', h.limitedAdmin), ownOnly);
    expect(own.description).toMatch(/mit 1 Auftrag angelegt$/);
    expect(own.event_data.order_ids).toHaveLength(1);
    const full = await get('recent', h.manager);
    expect(mentionsB(full)).toBe(true);
    expect(byId(full, mixed.created).event_data.order_numbers).toEqual([b.order_number, a.order_number]);
    expect(byId(full, mixed.completed).event_data).toMatchObject({ picked_quantity: 7, quantity_ordered: 9 });
  });
});
