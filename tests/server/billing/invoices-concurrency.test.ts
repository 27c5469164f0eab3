import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { berlinYear, invoiceApi } from './invoice-world';

/**
 * Gapless numbering under concurrency (docs/operations.md "Billing
 * (Abrechnung)"). Only on PostgreSQL: PGlite runs one statement at a time on
 * one connection, so requests never overlap there and the test would prove
 * nothing (it is skipped on PGlite).
 */
const onPg = process.env.TEST_DB === 'pg';
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
});
afterAll(async () => t.close());

/** A draft with one line: the customer's storage snapshot of one day, priced. */
async function draftFor(customerId: number, day: string): Promise<number> {
  await t.db
    .insertInto('storage_snapshots')
    .values({ day, customer_id: customerId, places: 2, units: 5 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await t.db
    .insertInto('customer_rates')
    .values({ customer_id: customerId, code: 'storage_place_day', price_cents: 50 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const res = await invoiceApi(t).create(admin, { customer_id: customerId, period_from: day, period_to: day });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

describe.skipIf(!onPg)('concurrent finalize (PostgreSQL)', () => {
  it('10 drafts finalized at once get the numbers 1..10 without gaps or duplicates', async () => {
    const api = invoiceApi(t);
    const customers = await Promise.all(Array.from({ length: 5 }, () => buildCustomer(t.db)));
    // Two drafts per customer on different days: the same customer's finalizations queue on its row too.
    const ids: number[] = [];
    for (const [i, c] of customers.entries()) {
      ids.push(await draftFor(c.id, '2026-01-05'));
      ids.push(await draftFor(c.id, `2026-01-1${i}`));
    }
    const results = await Promise.all(ids.map((id) => api.action(admin, id, 'finalize')));
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const year = berlinYear();
    const numbers = results.map((r) => r.json().number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `RE-${year}-${String(i + 1).padStart(5, '0')}`));
    const counter = await t.db.selectFrom('invoice_number_counters').select('last_number').where('year', '=', Number(year)).executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(10);
  });

  it('two concurrent finalizations of one draft give one number; the other is 409', async () => {
    const api = invoiceApi(t);
    const c = await buildCustomer(t.db);
    const id = await draftFor(c.id, '2026-02-03');
    const results = await Promise.all([api.action(admin, id, 'finalize'), api.action(admin, id, 'finalize')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ok = results.find((r) => r.statusCode === 200)?.json();
    expect(ok.number).toBe(`RE-${berlinYear()}-00011`);
    const again = await t.db.selectFrom('invoices').select('number').where('id', '=', id).executeTakeFirstOrThrow();
    expect(again.number).toBe(ok.number);
  });

  it('two overlapping drafts of one customer finalized at once: one number, one 409, no gap', async () => {
    const api = invoiceApi(t);
    const c = await buildCustomer(t.db);
    const a = await draftFor(c.id, '2026-02-04');
    const b = await draftFor(c.id, '2026-02-04');
    const results = await Promise.all([api.action(admin, a, 'finalize'), api.action(admin, b, 'finalize')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 200)?.json().number).toBe(`RE-${berlinYear()}-00012`);
    const next = await draftFor(c.id, '2026-02-05');
    expect((await api.action(admin, next, 'finalize')).json().number).toBe(`RE-${berlinYear()}-00013`);
  });
});
