import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadActor } from '../../../server/auth/users';
import { isTransient, pushDeps, rejectionOf } from '../../../server/features/sync/service';
import { defineCommand } from '../../../server/offline';
import { offlineCommands } from '../../../server/offline-registry';
import { offlineCommand } from '../../../shared/offline';
import { handlePush } from '../../../sync/server/push';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth } from '../../helpers/factories';
import { buildWorld, stockOf } from '../../server/stock/world';
import { inbound, mutation, newClientId, push } from './sync-helpers';
import { PROTOCOL_VERSION, WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';

/** A mutation that fails for a reason of its own must never block the device's queue (docs/sync.md "Push"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Test-only commands injected through the registry the push receives (production registries stay untouched).
const broken = defineCommand(offlineCommand('test.broken', z.object({})), 'warehouse', async () => {
  const missing = undefined as unknown as { id: number };
  return missing.id; // a TypeError, as a bug in a command would throw
});
const overflow = defineCommand(offlineCommand('test.overflow', z.object({})), 'warehouse', async () => {
  const down = (n: number): number => down(n + 1) + 1;
  return down(0);
});

const DEEP = '__deep__';
/** JSON nested `levels` arrays deep, written as text (JSON.stringify itself overflows on 100,000 levels). */
const deepJson = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

describe('push: bugs in a command are rejections, not outages', () => {
  it('rejects a command that throws a TypeError or overflows the stack, logs it, and the queue moves on', async () => {
    const w = await buildWorld(t.db, t.app);
    const actor = await loadActor(t.db, w.worker.id);
    if (!actor) throw new Error('no actor');
    const logged: unknown[] = [];
    const deps = pushDeps(t.db, t.config, [...offlineCommands, broken, overflow], { error: (obj: unknown) => logged.push(obj) });
    const c = newClientId();
    const place = w.compartments[0].barcode as string;
    const req = {
      protocolVersion: PROTOCOL_VERSION,
      schemaVersion: WORKING_SET_SCHEMA_VERSION,
      clientId: c,
      mutations: [
        mutation(1, 'test.broken', {}, w.worker.id),
        mutation(2, 'test.overflow', {}, w.worker.id),
        inbound(3, w.worker.id, { ean: w.product.ean, quantity: 2, location_barcode: place, customer_id: w.customer.id }),
      ],
    };
    const out = await handlePush(deps, actor, req);
    expect(out.kind).toBe('ok');
    expect(out.body.lastMutationId).toBe(3);
    expect(out.body.results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'COMMAND_FAILED'],
      ['rejected', 'COMMAND_FAILED'],
      ['applied', undefined],
    ]);
    expect(logged).toHaveLength(2);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(2);
    // Stored like any rejection: the replay is a duplicate of it.
    const again = await handlePush(deps, actor, req);
    expect(again.body.results[0]).toMatchObject({ status: 'duplicate', original: 'rejected', code: 'COMMAND_FAILED' });
    const rows = await t.db.selectFrom('sync_mutations').select(['mutation_id', 'status', 'code']).where('client_id', '=', c).orderBy('mutation_id').execute();
    expect(rows.map((r) => r.status)).toEqual(['rejected', 'rejected', 'applied']);
  });

  it('refuses args nested 100,000 deep or larger than 64 KB with a German rejection, over HTTP', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const place = w.compartments[0].barcode as string;
    const mutations = [
      mutation(1, 'stock.inbound', DEEP, w.worker.id),
      mutation(2, 'stock.inbound', { ean: w.product.ean, notes: 'x'.repeat(70_000) }, w.worker.id),
      mutation(3, 'stock.inbound', DEEP, w.worker.id),
      inbound(4, w.worker.id, { ean: w.product.ean, quantity: 1, location_barcode: place, customer_id: w.customer.id }),
    ];
    const payload = JSON.stringify({ protocolVersion: PROTOCOL_VERSION, schemaVersion: WORKING_SET_SCHEMA_VERSION, clientId: c, mutations })
      .replace(`"${DEEP}"`, deepJson(100_000))
      .replace(`"${DEEP}"`, deepJson(25));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { ...auth(t.app, w.worker), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lastMutationId).toBe(4);
    expect(body.results.map((r: { status: string; code?: string }) => [r.status, r.code])).toEqual([
      ['rejected', 'SYNC_ARGS_TOO_DEEP'],
      ['rejected', 'SYNC_ARGS_TOO_LARGE'],
      ['rejected', 'SYNC_ARGS_TOO_DEEP'],
      ['applied', undefined],
    ]);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(1);
  });

  it('refuses a NUL character in args or name (jsonb and text cannot store it) and moves on', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const place = w.compartments[0].barcode as string;
    const res = await push(t.app, w.worker, c, [
      mutation(1, 'stock.inbound', { ean: w.product.ean, quantity: 1, location_barcode: place, customer_id: w.customer.id, notes: 'a\u0000b' }, w.worker.id),
      mutation(2, 'stock.\u0000inbound', {}, w.worker.id),
      inbound(3, w.worker.id, { ean: w.product.ean, quantity: 1, location_barcode: place, customer_id: w.customer.id }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { status: string; code?: string }) => [r.status, r.code])).toEqual([
      ['rejected', 'VALIDATION'],
      ['rejected', 'UNKNOWN_COMMAND'],
      ['applied', undefined],
    ]);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(1);
  });

  it('tells transient faults from bugs', () => {
    const m = { id: 1, name: 'x' };
    for (const e of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('PGlite is closed'),
      new Error('wrapped', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }),
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      Object.assign(new Error('could not serialize'), { code: '40001' }),
    ]) {
      expect(isTransient(e)).toBe(true);
    }
    for (const e of [
      new TypeError('x is undefined'),
      new RangeError('Maximum call stack size exceeded'),
      Object.assign(new Error('raise'), { code: 'P0001' }),
    ]) {
      expect(isTransient(e)).toBe(false);
      expect(rejectionOf(e, m)).toEqual({ code: 'COMMAND_FAILED', params: {} });
    }
  });

  it('answers a body over the push limit with a German 413 {detail, code}', async () => {
    const w = await buildWorld(t.db, t.app);
    const res = await push(t.app, w.worker, newClientId(), [mutation(1, 'stock.inbound', { notes: 'x'.repeat(6 * 1024 * 1024) }, w.worker.id)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', detail: 'Anfrage ist zu groß' });
  });
});
