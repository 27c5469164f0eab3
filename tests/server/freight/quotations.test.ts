import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { buildPackingWorld } from '../packing/world';
import { buildFreightWorld, freightUrls as u, TWO_PALLETS } from './world';

/**
 * The quotation workflow of international freight (docs/fulfilment.md "Freight shipping"): request →
 * open list → save offer (cents) → e-mail template → ship-freight; the state
 * rules (409), validation texts (400), roles (403) and scope (404).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, h: Record<string, string>, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: h, payload: payload as object });
const get = (url: string, h: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: h });
const orderRow = (id: number) => t.db.selectFrom('outbound_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const inList = async (h: Record<string, string>, id: number) => ((await get(u.list, h)).json() as Array<{ id: number }>).some((q) => q.id === id);

describe('freight quotations', () => {
  it('request → list → save offer → template → ship-freight: the order ships and leaves the open list, all logged', async () => {
    const w = await buildFreightWorld(t, { country: 'AT' });
    const req = await post(u.request(w.order.id), w.h, TWO_PALLETS);
    expect(req.statusCode, req.body).toBe(200);
    expect(req.json()).toMatchObject({ status: 'packed', num_pallets: 2, message: expect.stringContaining('angefragt') });
    expect((await orderRow(w.order.id)).status).toBe('packed');
    // The packing station reopens the order as waiting for an offer.
    const info = await get(`/api/outbound-orders/${w.order.id}/packing-info`, w.h);
    expect(info.json().freight_quote_requested_at).toBeTruthy();

    const list = (await get(u.list, w.h)).json();
    const q = list.find((x: { id: number }) => x.id === w.order.id);
    expect(q).toMatchObject({
      order_number: w.order.order_number,
      customer_name: w.customer.company_name,
      delivery_country: 'AT',
      num_pallets: 2,
      pallet_dimensions: TWO_PALLETS.pallet_dimensions,
      freight_quote_price: null,
      freight_quote_notes: null,
    });
    expect(q.freight_quote_requested_at).toBeTruthy();

    const saved = await post(u.save(w.order.id), w.h, { price: 45_990, notes: '  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ freight_quote_price: 45_990, freight_quote_notes: null });
    const again = await post(u.save(w.order.id), w.h, { price: 0, notes: 'Raben, Abholung Dienstag' });
    expect(again.json()).toMatchObject({ freight_quote_price: 0, freight_quote_notes: 'Raben, Abholung Dienstag' });

    const mail = await get(u.email(w.order.id), w.h);
    expect(mail.statusCode).toBe(200);
    const text: string = mail.json().email_template;
    expect(text).toContain(`Auftrag ${w.order.order_number}`);
    expect(text).toContain('Sehr geehrte Damen und Herren');
    expect(text).toContain('Palette 2: 80 × 60 × 75,5 cm, 120,5 kg');
    expect(text).toContain('Gesamtgewicht: 320,5 kg');
    expect(text).toContain('Österreich');

    const noTracking = await post(u.ship(w.order.id), w.h, { tracking_number: '  ' });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().detail).toContain('Bitte Tracking-Nummer eingeben');

    const shipped = await post(u.ship(w.order.id), w.h, { tracking_number: 'RB-4711' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', carrier: 'Spedition', carrier_type: 'freight', tracking_number: 'RB-4711', num_packages: 2 });
    const row = await orderRow(w.order.id);
    expect(row).toMatchObject({ status: 'shipped', carrier: 'Spedition', carrier_type: 'freight', num_pallets: 2, freight_quote_price: 0 });
    expect(await inList(w.h, w.order.id)).toBe(false);

    const twice = await post(u.ship(w.order.id), w.h, { tracking_number: 'RB-4712' });
    expect(twice.statusCode).toBe(409);
    const events = await t.db.selectFrom('status_logs').select(['event_type', 'log_type']).where('order_id', '=', w.order.id).orderBy('id').execute();
    expect(events.map((e) => e.event_type)).toEqual(['order_packed', 'freight_quote_requested', 'freight_quote_saved', 'freight_quote_saved', 'order_shipped']);
    expect(new Set(events.map((e) => e.log_type))).toEqual(new Set(['packing']));
  });

  it('409: quote only for packed orders and only once; save and ship-freight only for an open request', async () => {
    const w = await buildPackingWorld(t);
    const notPacked = await post(u.request(w.order.id), w.h, TWO_PALLETS);
    expect(notPacked.statusCode).toBe(409);
    expect(notPacked.json()).toMatchObject({ code: 'FREIGHT_QUOTE_NOT_PACKED', detail: expect.stringContaining('nicht verpackt') });

    const p = await buildFreightWorld(t, { country: 'FR' });
    const noRequest = await post(u.save(p.order.id), p.h, { price: 100 });
    expect(noRequest.statusCode).toBe(409);
    expect(noRequest.json()).toMatchObject({ code: 'FREIGHT_QUOTE_NOT_OPEN', detail: expect.stringContaining('keine offene Speditionsanfrage') });
    expect((await post(u.ship(p.order.id), p.h, { tracking_number: 'X' })).json().code).toBe('FREIGHT_QUOTE_NOT_OPEN');
    expect((await orderRow(p.order.id)).status).toBe('packed');

    expect((await post(u.request(p.order.id), p.h, TWO_PALLETS)).statusCode).toBe(200);
    const twice = await post(u.request(p.order.id), p.h, TWO_PALLETS);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'FREIGHT_QUOTE_ALREADY_REQUESTED', detail: expect.stringContaining('bereits') });
  });

  it('409: quote only for freight orders abroad – a German order ships directly, a parcel booking stays parcel', async () => {
    const w = await buildFreightWorld(t);
    const domestic = await post(u.request(w.order.id), w.h, TWO_PALLETS);
    expect(domestic.statusCode).toBe(409);
    expect(domestic.json()).toMatchObject({ code: 'FREIGHT_QUOTE_DOMESTIC', detail: expect.stringContaining('geht nach Deutschland') });

    // Booked for DPD parcels (the order's own carrier), now abroad: still no quotation.
    const booked = { delivery_country: 'AT', carrier: 'DPD', carrier_type: 'parcel' as const };
    await t.db.updateTable('outbound_orders').set(booked).where('id', '=', w.order.id).execute();
    const parcel = await post(u.request(w.order.id), w.h, TWO_PALLETS);
    expect(parcel.statusCode).toBe(409);
    expect(parcel.json()).toMatchObject({ code: 'FREIGHT_QUOTE_PARCEL_ORDER', detail: expect.stringContaining('Paketversand mit DPD') });
    const untouched = await orderRow(w.order.id);
    expect(untouched).toMatchObject({ status: 'packed', carrier_type: 'parcel', freight_quote_requested_at: null, num_pallets: null });
    expect(await inList(w.h, w.order.id)).toBe(false);
    const logged = await t.db
      .selectFrom('status_logs')
      .select('id')
      .where('order_id', '=', w.order.id)
      .where('event_type', '=', 'freight_quote_requested')
      .execute();
    expect(logged).toHaveLength(0);

    // Booked for a freight carrier abroad: the quotation goes through.
    await t.db.updateTable('outbound_orders').set({ carrier: 'Raben', carrier_type: 'freight' }).where('id', '=', w.order.id).execute();
    expect((await post(u.request(w.order.id), w.h, TWO_PALLETS)).statusCode).toBe(200);
    expect(await inList(w.h, w.order.id)).toBe(true);
  });

  it('400 with the texts of §5: dimensions above 0 for every pallet, pallet count, price in integer cents, not negative', async () => {
    const w = await buildFreightWorld(t, { country: 'PL' });
    const zero = await post(u.request(w.order.id), w.h, { num_pallets: 1, pallet_dimensions: [{ length: 120, width: 80, height: 0, weight: 200 }] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().detail).toContain('Bitte alle Maße und Gewichte für alle Paletten eingeben');
    const missing = await post(u.request(w.order.id), w.h, { num_pallets: 2, pallet_dimensions: [TWO_PALLETS.pallet_dimensions[0]] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('Bitte Maße und Gewicht für jede Palette angeben (2 Paletten)');
    const count = await post(u.request(w.order.id), w.h, { num_pallets: 0, pallet_dimensions: [] });
    expect(count.statusCode).toBe(400);
    expect(count.json().detail).toContain('Anzahl Paletten muss eine ganze Zahl ab 1 sein');
    expect((await post(u.request(w.order.id), w.h, TWO_PALLETS)).statusCode).toBe(200);

    const negative = await post(u.save(w.order.id), w.h, { price: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().detail).toContain('Preis darf nicht negativ sein');
    const fraction = await post(u.save(w.order.id), w.h, { price: 12.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().detail).toContain('ganzzahliger Betrag in Cent');
    expect((await orderRow(w.order.id)).freight_quote_price).toBeNull();
  });

  it('customer users get 403 on every call and never see the list; other customers’ orders are 404', async () => {
    const w = await buildFreightWorld(t, { country: 'NL' });
    expect((await post(u.request(w.order.id), w.h, TWO_PALLETS)).statusCode).toBe(200);
    const cu = auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: w.customer.id }));
    expect((await get(u.list, cu)).statusCode).toBe(403);
    expect((await post(u.request(w.otherOrder.id), cu, TWO_PALLETS)).statusCode).toBe(403);
    expect((await post(u.save(w.order.id), cu, { price: 1 })).statusCode).toBe(403);
    expect((await post(u.ship(w.order.id), cu, { tracking_number: 'X' })).statusCode).toBe(403);
    expect((await get(u.email(w.order.id), cu)).statusCode).toBe(403);
    expect((await get(u.labels(w.order.id), cu)).statusCode).toBe(403);

    // A worker restricted to the first customer: the other customer's order does not exist for them.
    const r = auth(t.app, w.restricted);
    expect(await inList(r, w.order.id)).toBe(true);
    await t.db.updateTable('outbound_orders').set({ delivery_country: 'NL' }).where('id', '=', w.otherOrder.id).execute();
    expect((await post(u.request(w.otherOrder.id), w.h, TWO_PALLETS)).statusCode).toBe(200);
    expect(await inList(r, w.otherOrder.id)).toBe(false);
    for (const res of [
      await post(u.request(w.otherOrder.id), r, TWO_PALLETS),
      await post(u.save(w.otherOrder.id), r, { price: 1 }),
      await post(u.ship(w.otherOrder.id), r, { tracking_number: 'X' }),
      await get(u.email(w.otherOrder.id), r),
      await get(u.labels(w.otherOrder.id), r),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ORDER_NOT_FOUND');
    }
    expect((await orderRow(w.otherOrder.id)).freight_quote_price).toBeNull();
  });
});
