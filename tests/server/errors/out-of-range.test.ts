import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { buildFreightWorld, freightUrls } from '../freight/world';
import { packingUrls } from '../packing/world';

/**
 * Numbers the database cannot hold (docs/fulfilment.md "Numbers the
 * database cannot hold"): an id beyond PostgreSQL's integer range, and a
 * freight measure that rounds to 0 in its column, are a 400 naming the field
 * before any query runs, never a 409 "zwischenzeitlich geändert" or a
 * field-less 400 from the database.
 */
const TOO_BIG = 2_147_483_648;

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
});
afterAll(async () => t.close());

type Probe = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown; field: string };

const item = (over: Record<string, unknown> = {}) => ({ product_id: 1, quantity: 1, unit: 'piece', ...over });
const address = { delivery_name: 'Test', delivery_address: 'Teststraße 1', delivery_city: 'Berlin', delivery_postal_code: '10117' };

const PROBES: Probe[] = [
  // path parameters
  { method: 'GET', url: `/api/outbound-orders/${TOO_BIG}`, field: 'ID' },
  { method: 'GET', url: `/api/picking-waves/${TOO_BIG}`, field: 'ID' },
  { method: 'GET', url: `/api/customers/${TOO_BIG}`, field: 'ID' },
  { method: 'POST', url: `/api/disposable-pallets/${TOO_BIG}/cancel`, field: 'ID' },
  { method: 'GET', url: `/api/inventory/products/${TOO_BIG}/details`, field: '' },
  // query strings
  { method: 'GET', url: `/api/status-logs/picking?wave_id=${TOO_BIG}`, field: '' },
  { method: 'POST', url: `/api/picking-waves/?order_ids=1,${TOO_BIG}`, field: '' },
  { method: 'POST', url: `/api/locations/level?rack_id=${TOO_BIG}`, field: '' },
  // body ids
  { method: 'POST', url: '/api/outbound-orders/', payload: { ...address, customer_id: TOO_BIG, items: [item()] }, field: '' },
  { method: 'POST', url: '/api/outbound-orders/', payload: { ...address, items: [item({ product_id: TOO_BIG })] }, field: '' },
  { method: 'POST', url: '/api/outbound-orders/rolling-picking-list', payload: [TOO_BIG], field: '' },
  {
    method: 'POST',
    url: '/api/picking-waves/1/pick',
    payload: { order_id: TOO_BIG, product_ean: '4006381333931', location_barcode: 'A-01-01', quantity: 1 },
    field: '',
  },
  { method: 'POST', url: '/api/inbound', payload: { ean: '4006381333931', quantity: 1, location_barcode: 'A-01-01', customer_id: TOO_BIG }, field: '' },
  { method: 'PUT', url: '/api/users/1/customer-access', payload: { customer_ids: [1, TOO_BIG], is_exclude: false }, field: '' },
  { method: 'POST', url: '/api/rooms/', payload: { building_id: TOO_BIG, room_code: 'R1', name: 'Raum' }, field: '' },
  // quantities
  { method: 'POST', url: '/api/outbound-orders/', payload: { ...address, items: [item({ quantity: TOO_BIG })] }, field: '' },
];

describe('ids and quantities beyond PostgreSQL integer', () => {
  it.each(PROBES)('$method $url → 400 naming the field', async (p) => {
    const res = await t.app.inject({ method: p.method, url: p.url, headers: admin, ...(p.payload === undefined ? {} : { payload: p.payload as object }) });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    // "<German field label>: <reason>"; the label is never the raw key.
    expect(body.params.field, res.body).toBeTruthy();
    expect(body.detail).toMatch(/^[^:]+: .+/);
    if (p.field) expect(body.params.field).toBe(p.field);
  });

  it('the largest integer is still an id (404, not 400)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/outbound-orders/${TOO_BIG - 1}`, headers: admin });
    expect(res.statusCode).toBe(404);
  });
});

describe('freight measures that round to 0 in their column', () => {
  it('request-freight-quote: 0.001 kg and 0.01 cm are 400 naming the field; 0.05 cm and 0.005 kg are kept as 0.1 cm and 0.01 kg', async () => {
    const w = await buildFreightWorld(t, { country: 'CH' });
    const ask = (dims: Record<string, number>) =>
      t.app.inject({
        method: 'POST',
        url: freightUrls.request(w.order.id),
        headers: w.h,
        payload: { num_pallets: 1, pallet_dimensions: [{ length: 120, width: 80, height: 100, weight: 200, ...dims }] },
      });
    const weight = await ask({ weight: 0.001 });
    expect(weight.statusCode, weight.body).toBe(400);
    expect(weight.json().detail).toBe('Gewicht (kg) (Position 1): muss mindestens 0,01 kg sein');
    const length = await ask({ length: 0.01 });
    expect(length.statusCode, length.body).toBe(400);
    expect(length.json().detail).toBe('Länge (cm) (Position 1): muss mindestens 0,1 cm sein');
    const smallest = await ask({ length: 0.05, weight: 0.005 });
    expect(smallest.statusCode, smallest.body).toBe(200);
    const pallets = await t.db.selectFrom('freight_pallets').select(['length_cm', 'weight_kg']).where('order_id', '=', w.order.id).execute();
    expect(pallets.map((p) => [Number(p.length_cm), Number(p.weight_kg)])).toEqual([[0.1, 0.01]]);
  });

  it('the ship call with pallet_details: 0.001 kg and 0.01 cm are 400 naming the field', async () => {
    const w = await buildFreightWorld(t);
    for (const [detail, text] of [
      [{ length_cm: 120, width_cm: 80, height_cm: 100, weight_kg: 0.001 }, 'Gewicht (kg) (Position 1): muss mindestens 0,01 kg sein'],
      [{ length_cm: 120, width_cm: 0.01, height_cm: 100, weight_kg: 5 }, 'Breite (cm) (Position 1): muss mindestens 0,1 cm sein'],
    ] as const) {
      const url = packingUrls.ship(w.order.id, {
        carrier: 'Zufall',
        carrier_type: 'freight',
        num_pallets: 1,
        tracking_number: 'Z-1',
        pallet_details: JSON.stringify([detail]),
      });
      const res = await t.app.inject({ method: 'POST', url, headers: w.h });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toBe(text);
    }
  });
});
