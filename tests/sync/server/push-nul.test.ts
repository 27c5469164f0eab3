import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildWorld } from '../../server/stock/world';
import { mutation, newClientId, push } from './sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * The HTTP NUL check (server/http-errors.ts) leaves the push body alone: a NUL in
 * one mutation's args must reject that mutation and let the queue go on, not
 * refuse the whole push (which the device would retry forever).
 */
describe('a NUL character in sync args', () => {
  it('rejects that mutation with a German reason and applies the next one', async () => {
    const w = await buildWorld(t.db, t.app);
    const res = await push(t.app, w.worker, newClientId(), [
      mutation(
        1,
        'stock.inbound',
        { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id, notes: 'a\u0000b' },
        w.worker.id,
      ),
      mutation(2, 'stock.inbound', { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id }, w.worker.id),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json().results;
    expect(first).toMatchObject({ status: 'rejected', code: 'VALIDATION', params: { field: 'Notizen', reason: 'enthält ein unzulässiges Steuerzeichen' } });
    expect(second.status).toBe('applied');
    expect(res.json().lastMutationId).toBe(2);
  });
});
