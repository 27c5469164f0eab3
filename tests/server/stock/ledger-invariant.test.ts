import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildCustomer, buildProduct } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { prng } from '../../helpers/random';
import { buildWorld } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('stock = sum of the ledger', () => {
  it('holds after randomized concurrent bookings through the API', async () => {
    const w = await buildWorld(t.db, t.app, 4);
    const c2 = await buildCustomer(t.db);
    const p2 = await buildProduct(t.db);
    const products = [w.product, p2];
    const customers = [w.customer, c2];
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 100000);
    const rnd = prng(seed);
    const requests = Array.from({ length: 240 }, () => {
      const inbound = rnd(3) !== 0;
      const payload = {
        ean: products[rnd(2)].ean,
        quantity: 1 + rnd(6),
        location_barcode: w.compartments[rnd(4)].barcode,
        customer_id: customers[rnd(2)].id,
        batch_number: rnd(4) === 0 ? 'CH-1' : null,
      };
      return t.app.inject({ method: 'POST', url: inbound ? '/api/inbound' : '/api/outbound', headers: w.headers, payload });
    });
    const results = await Promise.all(requests);
    const codes = new Set(results.map((r) => r.statusCode));
    expect([...codes].every((c) => c === 200 || c === 409)).toBe(true);
    expect(results.some((r) => r.statusCode === 409)).toBe(true);
    expect(await ledgerMismatches(t.db), `seed ${seed}`).toEqual([]);
    const negative = await t.db.selectFrom('stock').select('id').where('quantity', '<', 0).execute();
    expect(negative).toEqual([]);
    // Every movement belongs to the stock row it claims.
    const orphans = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM stock_movements m JOIN stock s ON s.id = m.stock_id
      WHERE (s.product_id, s.customer_id, s.location_id, s.batch_number) <> (m.product_id, m.customer_id, m.location_id, m.batch_number)`.execute(t.db);
    expect(orphans.rows[0].n).toBe(0);
  });
});
