import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_CHUNK } from '../../../server/features/stock/movements';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildStock, buildUser } from '../../helpers/factories';
import { adjustmentWorld } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const adjust = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/stock-adjustments', headers, payload });
const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });
const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('movement history with correction reasons', () => {
  it('GET /api/movements lists the reason and filters by type, reason, product and customer', async () => {
    const w = await adjustmentWorld(t.db, t.app);
    await adjust(w.headers, { ...w.body, quantity_delta: -1, reason: 'damaged' });
    const all = (await get(w.headers, `/api/movements?product_id=${w.product.id}`)).json();
    expect(
      all.map((m: { movement_type: string; adjustment_reason: string | null; direction: string }) => [m.movement_type, m.adjustment_reason, m.direction]),
    ).toEqual([
      ['adjustment', 'damaged', 'out'],
      ['inbound', null, 'in'],
    ]);
    const adjustments = (await get(w.headers, `/api/movements?movement_type=adjustment&customer_id=${w.customer.id}`)).json();
    expect(adjustments).toHaveLength(1);
    expect((await get(w.headers, `/api/movements?adjustment_reason=lost&product_id=${w.product.id}`)).json()).toEqual([]);
    expect((await get(w.headers, '/api/movements?movement_type=gestohlen')).statusCode).toBe(400);
  });

  it('GET /api/movements.csv: BOM, German header, semicolons, the reason label and the filters', async () => {
    const w = await adjustmentWorld(t.db, t.app);
    await adjust(w.headers, { ...w.body, quantity_delta: -2, reason: 'damaged', note: 'Ecke; eingedrückt' });
    const res = await get(w.headers, `/api/movements.csv?product_id=${w.product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = lines(res.body);
    expect(header).toBe('Datum;Typ;Grund;EAN;Produkt;Kunde;Lagerplatz;Charge;Menge;Benutzer;Notiz');
    expect(rows).toHaveLength(2);
    const fields = rows[0]?.split(';') ?? [];
    expect(fields[0]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    expect(fields.slice(1, 4)).toEqual(['Korrektur', 'beschädigt', w.product.ean]);
    expect(fields[8]).toBe('-2');
    expect(rows[0]).toContain('"Ecke; eingedrückt"');
    expect(rows[1]).toContain(';Einlagerung;;');

    const filtered = lines((await get(w.headers, `/api/movements.csv?product_id=${w.product.id}&movement_type=inbound`)).body);
    expect(filtered).toHaveLength(2);
    expect(filtered[1]).toContain('Einlagerung');
  });

  it('refuses an id beyond PostgreSQL integer with 400 naming the field, before any CSV is sent', async () => {
    const w = await adjustmentWorld(t.db, t.app);
    for (const url of ['/api/movements.csv?product_id=2147483648', '/api/movements?before_id=2147483648']) {
      const res = await get(w.headers, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('exports the whole filtered history, not one page', async () => {
    const w = await adjustmentWorld(t.db, t.app);
    const n = CSV_CHUNK + 5;
    await t.db
      .insertInto('stock_movements')
      .values(
        Array.from({ length: n }, () => ({
          movement_type: 'adjustment' as const,
          product_id: w.product.id,
          customer_id: w.customer.id,
          location_id: w.empty.id,
          quantity: 1,
          adjustment_reason: 'found' as const,
        })),
      )
      .execute();
    const rows = lines((await get(w.headers, `/api/movements.csv?product_id=${w.product.id}&adjustment_reason=found`)).body);
    expect(rows).toHaveLength(n + 1);
  });

  it('keeps to the customer scope and refuses customer users', async () => {
    const w = await adjustmentWorld(t.db, t.app);
    const other = await buildCustomer(t.db, { company_name: 'Fremdkunde Geheim GmbH' });
    await buildStock(t.db, { product_id: w.product.id, customer_id: other.id, location_id: w.empty.id, quantity: 1 });
    const restricted = await buildUser(t.db, 'warehouse_manager', { access: [w.customer.id] });
    const csv = (await get(auth(t.app, restricted), `/api/movements.csv?product_id=${w.product.id}`)).body;
    expect(lines(csv)).toHaveLength(2);
    expect(csv).not.toContain('Fremdkunde');
    const customerUser = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    expect((await get(auth(t.app, customerUser), '/api/movements.csv')).statusCode).toBe(403);
  });
});

describe('product detail', () => {
  it('lists the correction reason in the history and the customer id per stock row', async () => {
    const w = await adjustmentWorld(t.db, t.app);
    await adjust(w.headers, { ...w.body, quantity_delta: -1, reason: 'expired' });
    const d = (await get(w.headers, `/api/inventory/products/${w.product.id}/details`)).json();
    expect(d.movement_history[0]).toMatchObject({ movement_type: 'adjustment', adjustment_reason: 'expired', quantity: -1 });
    expect(d.stock.locations[0]).toMatchObject({ customer_id: w.customer.id, quantity: 9 });
  });
});
