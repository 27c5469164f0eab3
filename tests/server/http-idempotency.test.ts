import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { buildWorld, stockOf } from './stock/world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

describe('Idempotency-Key bound to the request (method, path, body)', () => {
  it('refuses a reuse with another quantity (422, German) and books nothing twice', async () => {
    const w = await buildWorld(t.db, t.app);
    const body = { ean: w.product.ean, quantity: 4, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id };
    const headers = { ...w.headers, 'idempotency-key': `m-${Date.now()}` };
    expect((await post('/api/inbound', headers, body)).statusCode).toBe(200);
    const other = await post('/api/inbound', headers, { ...body, quantity: 5 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_MISMATCH' });
    expect(other.json().detail).toMatch(/Idempotency-Key/);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(4);
    // The same request still replays, whatever the order of its keys.
    const reordered = { customer_id: body.customer_id, location_barcode: body.location_barcode, quantity: 4, ean: body.ean };
    const again = await post('/api/inbound', headers, reordered);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(4);
  });

  it('refuses the same key on POST /api/outbound with another quantity', async () => {
    const w = await buildWorld(t.db, t.app);
    const place = w.compartments[0].barcode as string;
    await post('/api/inbound', w.headers, { ean: w.product.ean, quantity: 10, location_barcode: place, customer_id: w.customer.id });
    const headers = { ...w.headers, 'idempotency-key': `o-${Date.now()}` };
    const body = { ean: w.product.ean, quantity: 2, location_barcode: place };
    expect((await post('/api/outbound', headers, body)).statusCode).toBe(200);
    const other = await post('/api/outbound', headers, { ...body, quantity: 3 });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_MISMATCH');
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(8);
    const row = await t.db.selectFrom('idempotency_keys').select(['route']).where('key', '=', headers['idempotency-key']).executeTakeFirstOrThrow();
    expect(row.route).toBe('POST /outbound');
  });
});
