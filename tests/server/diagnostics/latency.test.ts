import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The profile is switched on by the environment when the server's modules load (server/diagnostics/latency.ts).
vi.hoisted(() => {
  process.env.LATENCY_PROFILE = 'true';
});

import type { LatencySnapshot } from '../../../server/diagnostics/latency';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { buildWorld } from '../stock/world';

/** The latency profile (docs/performance.md "Latency under a floor's load"): what it records and who may read it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  delete process.env.LATENCY_PROFILE;
  await t.close();
});

const read = async (headers: Record<string, string>, reset = false) =>
  t.app.inject({ method: 'GET', url: `/api/diagnostics/latency${reset ? '?reset=true' : ''}`, headers });

describe('GET /api/diagnostics/latency', () => {
  it('records the answers per route, the group commit queue and statements, the event loop; reset starts afresh', async () => {
    const w = await buildWorld(t.db, t.app, 2);
    expect((await read(w.headers, true)).statusCode).toBe(200);
    const body = { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id };
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: '/api/inbound', headers: w.headers, payload: body })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));

    const res = await read(w.headers, true);
    expect(res.statusCode).toBe(200);
    const p = res.json() as LatencySnapshot;
    expect(p.routes['POST /api/inbound']).toMatchObject({ count: 6 });
    expect(p.routes['POST /api/inbound'].max).toBeGreaterThanOrEqual(p.routes['POST /api/inbound'].p50);
    expect(p.groupCommitQueue.count).toBe(6);
    expect(p.groupCommitStatement.count).toBeGreaterThanOrEqual(1);
    expect(p.groupCommitStatement.count).toBeLessThanOrEqual(6);
    // PGlite has no connection pool; PostgreSQL's pool is timed.
    if (process.env.TEST_DB === 'pg') expect(p.poolWait.count).toBeGreaterThan(0);
    expect(p.eventLoop.max).toBeGreaterThanOrEqual(p.eventLoop.p50);
    expect(p.windowMs).toBeGreaterThan(0);

    const after = (await read(w.headers)).json() as LatencySnapshot;
    expect(after.routes['POST /api/inbound']).toBeUndefined();
    expect(after.groupCommitQueue.count).toBe(0);
  });

  it('is for warehouse staff: a customer user gets 403, no login 401, a bad reset flag 400', async () => {
    const w = await buildWorld(t.db, t.app, 1);
    const customer = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    expect((await read(auth(t.app, customer))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/diagnostics/latency' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/diagnostics/latency?reset=ja', headers: w.headers });
    expect(bad.statusCode).toBe(400);
  });
});
