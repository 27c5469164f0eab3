import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { createTestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { apiRoutes } from '../access/routes';
import { expectSoundAnswer, requestArb } from './requests';

/**
 * Every registered /api route, fed requests generated from its own zod
 * schemas (valid ones that reach the handlers and the database, and hostile
 * ones), as each role: no answer may be a 5xx, and every error is German with
 * a code. New routes are covered as they land.
 *
 * Replay a failure with the printed seed: FUZZ_SEED=<seed> (and FUZZ_RUNS for more runs).
 */
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FUZZ_RUNS ?? 8);
console.log(`fuzz: seed ${seed}, ${runs} runs per route and role (replay: FUZZ_SEED=${seed})`);

const t = await createTestApp();
// Answers by status and code, printed at the end: shows the requests reach the handlers, not only the validators.
const tally = new Map<string, number>();
afterAll(async () => {
  console.log(`fuzz answers: ${JSON.stringify(Object.fromEntries([...tally].sort((a, b) => b[1] - a[1])))}`);
  await t.close();
});

// A little real data, so small generated ids reach rows and the handlers' paths past "not found".
const customer = await buildCustomer(t.db);
const product = await buildProduct(t.db);
const [place] = await buildCompartments(t.db, 2);
await buildStock(t.db, { product_id: product.id, customer_id: customer.id, location_id: place.id, quantity: 50 });
const roles: Array<[string, Record<string, string>]> = [
  ['anonymous', {}],
  ['admin', auth(t.app, await buildUser(t.db, 'admin'))],
  ['warehouse_worker', auth(t.app, await buildUser(t.db, 'warehouse_worker'))],
  ['customer_user', auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: customer.id }))],
];

describe('fuzz: every route', () => {
  apiRoutes(t.app).forEach((route, index) => {
    it(`${route.method} ${route.url}`, async () => {
      const arb = fc.tuple(fc.constantFrom(...roles), requestArb(route));
      await fc.assert(
        fc.asyncProperty(arb, async ([[role, headers], req]) => {
          const res = await t.app.inject({ ...req, headers: { ...headers, ...(req.headers ?? {}) } });
          const key = res.statusCode < 400 ? String(res.statusCode) : `${res.statusCode} ${res.json().code}`;
          tally.set(key, (tally.get(key) ?? 0) + 1);
          expectSoundAnswer(res, `${role} ${req.method} ${req.url} ${typeof req.payload === 'string' ? req.payload.slice(0, 300) : ''}`);
        }),
        // Per-route seed: a failure replays without running the routes before it. No shrinking: the database
        // changes between runs, so a shrunk case would not mean much and only costs time.
        { seed: seed + index, numRuns: runs * roles.length, endOnFailure: true },
      );
    }, 60_000);
  });
});
