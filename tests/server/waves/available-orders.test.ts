import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { addUnreservedLine, available, buildPlanningWorld, dataProduct, type PlanningWorld, placedRack, putInWave } from './world';

/** GET /api/picking-waves/available-orders: the seven filters of the wave builder's manual panel. */

let t: TestApp;
let sun: PlanningWorld;
let office: PlanningWorld;
const o: Record<string, { id: number; order_number: string }> = {};
let tea: { id: number; ean: string };
beforeAll(async () => {
  t = await createTestApp();
  sun = await buildPlanningWorld(t, { company_name: 'Sonnenhof Feinkost GmbH' });
  office = await buildPlanningWorld(t, { company_name: 'Büro 50% Rabatt KG' });
  const rack = await placedRack(t.db, 100, 100, 3);
  tea = await dataProduct(t.db, { title: 'Rooibos Vanille', ean: '4006381333991' });
  const pen = await dataProduct(t.db, { title: 'Füller Blau' });
  const bare = await dataProduct(t.db, { title: 'Ohne Maße', dims: null });
  await sun.stock(tea.id, rack, 50, 0);
  await office.stock(pen.id, rack, 50, 1);
  await office.stock(bare.id, rack, 50, 2);
  o.sunParcel = await sun.order([[tea.id, 2]]);
  o.sunFreight = await sun.order([[tea.id, 3]]);
  o.office = await office.order([[pen.id, 1]]);
  o.officeBare = await office.order([[bare.id, 1]]);
  const set = (id: number, values: { carrier?: string; carrier_type?: 'parcel' | 'freight'; created_at?: string }) =>
    t.db.updateTable('outbound_orders').set(values).where('id', '=', id).execute();
  await set(o.sunParcel.id, { carrier: 'DHL Paket', carrier_type: 'parcel', created_at: '2026-03-10T12:00:00Z' });
  // 23:30 in Berlin on the 12th.
  await set(o.sunFreight.id, { carrier: 'Spedition Kraus', carrier_type: 'freight', created_at: '2026-03-12T22:30:00Z' });
  // 00:30 in Berlin on the 13th.
  await set(o.office.id, { carrier: 'DHL Express', carrier_type: 'parcel', created_at: '2026-03-12T23:30:00Z' });
  await set(o.officeBare.id, { created_at: '2026-03-14T08:00:00Z' });
});
afterAll(async () => t.close());

async function ids(query: Record<string, string>, headers = sun.h.worker): Promise<number[]> {
  const res = await available(t, headers, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders.map((x) => x.id);
}
const idsOf = (...keys: string[]) => keys.map((k) => o[k].id);

describe('GET /picking-waves/available-orders', () => {
  it('lists the candidates oldest first with fully_reserved and has_missing_data', async () => {
    expect(await ids({})).toEqual(idsOf('sunParcel', 'sunFreight', 'office', 'officeBare'));
    const rows = (await available(t, sun.h.worker)).body.orders;
    expect(rows.find((r) => r.id === o.officeBare.id)).toMatchObject({ has_missing_data: true, fully_reserved: true });
    expect(rows.find((r) => r.id === o.office.id)).toMatchObject({
      has_missing_data: false,
      fully_reserved: true,
      customer_name: 'Büro 50% Rabatt KG',
      carrier: 'DHL Express',
      carrier_type: 'parcel',
      item_count: 1,
      total_quantity: 1,
      status: 'new',
    });
  });

  it('filters by customer name (contains, any case)', async () => {
    expect(await ids({ customer_name: 'sonnenHOF' })).toEqual(idsOf('sunParcel', 'sunFreight'));
    expect(await ids({ customer_name: '50%' })).toEqual(idsOf('office', 'officeBare'));
  });

  it('filters by carrier (contains) and carrier type', async () => {
    expect(await ids({ carrier: 'dhl' })).toEqual(idsOf('sunParcel', 'office'));
    expect(await ids({ carrier_type: 'freight' })).toEqual(idsOf('sunFreight'));
    expect(await ids({ carrier: 'dhl', carrier_type: 'parcel', customer_name: 'Büro' })).toEqual(idsOf('office'));
  });

  it('filters by the German calendar day of created_at, date_to inclusive', async () => {
    expect(await ids({ date_from: '2026-03-11' })).toEqual(idsOf('sunFreight', 'office', 'officeBare'));
    expect(await ids({ date_to: '2026-03-12' })).toEqual(idsOf('sunParcel', 'sunFreight'));
    expect(await ids({ date_from: '2026-03-13', date_to: '2026-03-13' })).toEqual(idsOf('office'));
    expect(await ids({ date_from: '', date_to: '' })).toHaveLength(4);
  });

  it('filters by product title or EAN of a line', async () => {
    expect(await ids({ product_search: 'rooibos' })).toEqual(idsOf('sunParcel', 'sunFreight'));
    expect(await ids({ product_search: tea.ean.slice(3, 10) })).toEqual(idsOf('sunParcel', 'sunFreight'));
    expect(await ids({ product_search: 'füller' })).toEqual(idsOf('office'));
  });

  it('filters by order number (contains, any case)', async () => {
    const tail = o.office.order_number.slice(-6);
    expect(await ids({ order_number: tail })).toEqual(idsOf('office'));
    expect(await ids({ order_number: o.sunFreight.order_number.toLowerCase() })).toEqual(idsOf('sunFreight'));
  });

  it('takes LIKE wildcards in the input literally', async () => {
    for (const key of ['customer_name', 'carrier', 'product_search', 'order_number']) {
      expect(await ids({ [key]: '%' }), key).toEqual(key === 'customer_name' ? idsOf('office', 'officeBare') : []);
      expect(await ids({ [key]: '_' }), key).toEqual([]);
    }
    expect(await ids({ customer_name: 'B_ro' })).toEqual([]);
  });

  it('refuses bad filters with German 400s', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ carrier_type: 'schiff' }, 'carrier_type'],
      [{ date_from: '10.03.2026' }, 'Datum im Format JJJJ-MM-TT erwartet'],
      [{ date_to: '2026-02-30' }, 'Datum bis: Datum existiert nicht'],
      [{ order_number: 'x'.repeat(101) }, 'order_number'],
    ];
    for (const [query, detail] of cases) {
      const res = await available(t, sun.h.worker, query);
      expect(res.status, detail).toBe(400);
      expect(JSON.stringify(res.body), detail).toContain(detail);
    }
  });

  it('answers no 500 for odd input', async () => {
    const urls = [
      '/api/picking-waves/available-orders?customer_name=a&customer_name=b',
      `/api/picking-waves/available-orders?product_search=${encodeURIComponent('\\')}&order_number=${encodeURIComponent("'; --")}`,
      `/api/picking-waves/available-orders?carrier=${encodeURIComponent('🚚\u0000')}`,
      '/api/picking-waves/available-orders?date_from=2026-03-13&date_to=2026-03-01',
      '/api/picking-waves/suggest?max_orders_per_wave=1&max_orders_per_wave=2',
      '/api/picking-waves/suggest?max_orders_per_wave=',
      '/api/picking-waves/suggest?max_orders_per_wave=1e400',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: url.includes('suggest') ? 'POST' : 'GET', url, headers: sun.h.worker });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('marks orders not fully reserved, leaves out orders in an open wave and cancelled ones', async () => {
    const cancelled = await sun.order([[tea.id, 1]]);
    expect((await t.app.inject({ method: 'POST', url: `/api/outbound-orders/${cancelled.id}/cancel`, headers: sun.h.customer })).statusCode).toBe(200);
    expect(await ids({})).not.toContain(cancelled.id);
    const extra = await sun.order([[tea.id, 1]]);
    await addUnreservedLine(t.db, extra.id, (await dataProduct(t.db)).id, 4);
    expect((await available(t, sun.h.worker)).body.orders.find((r) => r.id === extra.id)).toMatchObject({ fully_reserved: false });
    await putInWave(t.db, extra.id);
    expect(await ids({})).not.toContain(extra.id);
  });

  it('keeps to the customer scope and refuses customer users', async () => {
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [office.customer.id] });
    expect(await ids({}, auth(t.app, restricted))).toEqual(idsOf('office', 'officeBare'));
    expect(await ids({ customer_name: 'Sonnenhof' }, auth(t.app, restricted))).toEqual([]);
    expect((await available(t, sun.h.customer)).status).toBe(403);
    expect((await available(t, office.h.customer, { customer_name: 'Büro' })).status).toBe(403);
  });
});
