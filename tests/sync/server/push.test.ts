import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadActor } from '../../../server/auth/users';
import { pushDeps } from '../../../server/features/sync/service';
import { defineCommand } from '../../../server/offline';
import { offlineCommand } from '../../../shared/offline';
import { errorText } from '../../../shared/i18n/errors/index';
import { handlePush } from '../../../sync/server/push';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildStock, buildUser } from '../../helpers/factories';
import { buildWorld, stockOf } from '../../server/stock/world';
import { expiredToken, inbound, mutation, newClientId, outbound, push } from './sync-helpers';
import { PROTOCOL_VERSION, WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function syncRows(clientId: string) {
  return t.db.selectFrom('sync_mutations').selectAll().where('client_id', '=', clientId).orderBy('mutation_id').execute();
}
async function movementsOf(clientId: string) {
  return t.db.selectFrom('stock_movements').select(['mutation_id', 'quantity']).where('client_id', '=', clientId).orderBy('mutation_id').execute();
}

describe('POST /api/sync/push', () => {
  it('applies a batch in order, tags movements with (clientId, id) and answers the REST bodies', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const place = w.compartments[0].barcode as string;
    const res = await push(t.app, w.worker, c, [
      inbound(1, w.worker.id, { ean: w.product.ean, quantity: 5, location_barcode: place, customer_id: w.customer.id }),
      outbound(2, w.worker.id, { ean: w.product.ean, quantity: 2, location_barcode: place }),
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lastMutationId).toBe(2);
    expect(body.results[0]).toMatchObject({ id: 1, status: 'applied', result: { product_title: w.product.title, stock_quantity: 5, quantity: 5 } });
    expect(body.results[1]).toMatchObject({ id: 2, status: 'applied', result: { remaining_quantity: 3 } });
    expect(await movementsOf(c)).toEqual([
      { mutation_id: 1, quantity: 5 },
      { mutation_id: 2, quantity: -2 },
    ]);
  });

  it('test 1: the same batch pushed twice and 10 times concurrently has one effect and the same answers', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const place = w.compartments[0].barcode as string;
    const batch = [
      inbound(1, w.worker.id, { ean: w.product.ean, quantity: 4, location_barcode: place, customer_id: w.customer.id }),
      inbound(2, w.worker.id, { ean: w.product.ean, quantity: 6, location_barcode: place, customer_id: w.customer.id }),
      outbound(3, w.worker.id, { ean: w.product.ean, quantity: 3, location_barcode: place }),
    ];
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => push(t.app, w.worker, c, batch)));
    const again = await push(t.app, w.worker, c, batch);
    const all = [...concurrent, again];
    expect(all.every((r) => r.statusCode === 200 && r.json().lastMutationId === 3)).toBe(true);
    for (const id of [1, 2, 3]) {
      const answers = all.map((r) => r.json().results.find((x: { id: number }) => x.id === id));
      expect(answers.filter((a) => a.status === 'applied')).toHaveLength(1);
      const applied = answers.find((a) => a.status === 'applied');
      for (const a of answers.filter((x) => x.status !== 'applied')) {
        expect(a).toEqual({ id, status: 'duplicate', original: 'applied', result: applied.result });
      }
    }
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(7);
    expect(await movementsOf(c)).toHaveLength(3);
  });

  it('test 2: a retry after a lost response gets "duplicate" with the original result', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const m = inbound(1, w.worker.id, { ean: w.product.ean, quantity: 2, location_barcode: w.compartments[0].barcode as string, customer_id: w.customer.id });
    const first = await push(t.app, w.worker, c, [m]); // the device never sees this answer
    const retry = await push(t.app, w.worker, c, [m]);
    expect(retry.json().results).toEqual([{ id: 1, status: 'duplicate', original: 'applied', result: first.json().results[0].result }]);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(2);
  });

  it('test 4: lastMutationId + 2 is refused with 409 and the expected id; nothing is applied', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const args = { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode as string, customer_id: w.customer.id };
    const gap = await push(t.app, w.worker, c, [inbound(2, w.worker.id, args), inbound(3, w.worker.id, args)]);
    expect(gap.statusCode).toBe(409);
    expect(gap.json()).toMatchObject({ code: 'SYNC_OUT_OF_ORDER', expectedId: 1, lastMutationId: 0, results: [] });
    expect(gap.json().detail).toBe('Buchungen in falscher Reihenfolge: erwartet Nr. 1, erhalten Nr. 2');
    expect(await syncRows(c)).toHaveLength(0);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(0);
    expect((await push(t.app, w.worker, c, [inbound(1, w.worker.id, args)])).json().lastMutationId).toBe(1);
    expect((await push(t.app, w.worker, c, [inbound(3, w.worker.id, args)])).statusCode).toBe(409);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(1);
  });

  it('test 5: two devices take the last unit: one applied, one STOCK_INSUFFICIENT, stock stays >= 0 and the queue moves on', async () => {
    const w = await buildWorld(t.db, t.app);
    const other = await buildUser(t.db, 'warehouse_worker');
    const place = w.compartments[0].barcode as string;
    await buildStock(t.db, { product_id: w.product.id, customer_id: w.customer.id, location_id: w.compartments[0].id, quantity: 1 });
    const [a, b] = [newClientId(), newClientId()];
    const take = (userId: number) => outbound(1, userId, { ean: w.product.ean, quantity: 1, location_barcode: place });
    const [ra, rb] = await Promise.all([push(t.app, w.worker, a, [take(w.worker.id)]), push(t.app, other, b, [take(other.id)])]);
    const results = [ra.json().results[0], rb.json().results[0]];
    expect(results.map((r) => r.status).sort()).toEqual(['applied', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected).toMatchObject({ code: 'STOCK_INSUFFICIENT', params: { location: place, available: 0, requested: 1 } });
    expect(errorText(rejected.code, rejected.params)).toBe(`Bestand nicht ausreichend: Platz ${place} hat nur 0 Stück verfügbar`);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(0);
    // The rejection was stored and counted: the loser's next mutation is id 2, and a retry of 1 gets the stored refusal.
    const loser = results[0].status === 'rejected' ? { user: w.worker, c: a } : { user: other, c: b };
    const retry = await push(t.app, loser.user, loser.c, [take(loser.user.id)]);
    expect(retry.json().results[0]).toMatchObject({ status: 'duplicate', original: 'rejected', code: 'STOCK_INSUFFICIENT' });
    const next = await push(t.app, loser.user, loser.c, [
      inbound(2, loser.user.id, { ean: w.product.ean, quantity: 1, location_barcode: place, customer_id: w.customer.id }),
    ]);
    expect(next.json().results[0].status).toBe('applied');
  });

  it('test 7: an expired token gets 401 and the same ids go through after a new login', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const batch = [
      inbound(1, w.worker.id, { ean: w.product.ean, quantity: 3, location_barcode: w.compartments[0].barcode as string, customer_id: w.customer.id }),
    ];
    const expired = expiredToken(t.config.jwtSecret, w.worker);
    const refused = await push(t.app, w.worker, c, batch, { headers: { authorization: `Bearer ${expired}` } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('TOKEN_EXPIRED');
    expect(await syncRows(c)).toHaveLength(0);
    const ok = await push(t.app, w.worker, c, batch, { headers: auth(t.app, w.worker) });
    expect(ok.json().results[0].status).toBe('applied');
  });

  it('test 9: the device clock has no say in order or outcome', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const place = w.compartments[0].barcode as string;
    const res = await push(t.app, w.worker, c, [
      mutation(
        1,
        'stock.inbound',
        { ean: w.product.ean, quantity: 1, location_barcode: place, customer_id: w.customer.id },
        w.worker.id,
        '2099-12-31T23:59:59Z',
      ),
      mutation(2, 'stock.outbound', { ean: w.product.ean, quantity: 1, location_barcode: place }, w.worker.id, '1970-01-01T00:00:00Z'),
    ]);
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const mv = await t.db.selectFrom('stock_movements').select('created_at').where('client_id', '=', c).execute();
    for (const m of mv) expect(Math.abs(m.created_at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('rejects unknown commands, invalid args and refused bookings with stable codes, and keeps going', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const res = await push(t.app, w.worker, c, [
      mutation(1, 'picking.teleport', { x: 1 }, w.worker.id),
      mutation(2, 'stock.inbound', { ean: w.product.ean, quantity: 0, location_barcode: 'A', customer_id: w.customer.id }, w.worker.id),
      mutation(3, 'stock.inbound', { ean: '4006381333948', quantity: 1, location_barcode: 'A', customer_id: w.customer.id }, w.worker.id),
      mutation(4, 'stock.inbound', { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode, customer_id: w.customer.id }, w.worker.id),
    ]);
    expect(res.statusCode).toBe(200);
    const r = res.json().results;
    expect(r[0]).toMatchObject({ status: 'rejected', code: 'UNKNOWN_COMMAND', params: { name: 'picking.teleport' } });
    expect(r[1]).toMatchObject({ status: 'rejected', code: 'VALIDATION', params: { field: 'Menge', reason: 'Menge muss mindestens 1 sein' } });
    expect(r[2]).toMatchObject({ status: 'rejected', code: 'PRODUCT_NOT_FOUND', params: { ean: '4006381333948' } });
    expect(r[3].status).toBe('applied');
    expect(res.json().lastMutationId).toBe(4);
    expect((await syncRows(c)).map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied']);
    expect(await movementsOf(c)).toEqual([{ mutation_id: 4, quantity: 1 }]);
  });

  it('creates a product offline and books it in the same batch', async () => {
    const w = await buildWorld(t.db, t.app);
    const c = newClientId();
    const ean = 'LAGER-0815';
    const res = await push(t.app, w.worker, c, [
      mutation(1, 'products.createManual', { ean, title: 'Hausmarke Kiste', description: null, keepa_data: null }, w.worker.id),
      inbound(2, w.worker.id, { ean, quantity: 2, location_barcode: w.compartments[0].barcode as string, customer_id: w.customer.id }),
      mutation(3, 'products.createManual', { ean, title: 'Nochmal' }, w.worker.id),
    ]);
    const r = res.json().results;
    expect(r[0]).toMatchObject({ status: 'applied', result: { ean, title: 'Hausmarke Kiste', source: 'manual' } });
    expect(r[1]).toMatchObject({ status: 'applied', result: { product_title: 'Hausmarke Kiste' } });
    expect(r[2]).toMatchObject({ status: 'rejected', code: 'PRODUCT_EXISTS' });
  });

  it('refuses the whole push (nothing applied) for another author, a foreign device id, an old app, a gap in the batch, customer users', async () => {
    const w = await buildWorld(t.db, t.app);
    const other = await buildUser(t.db, 'warehouse_worker');
    const args = { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode as string, customer_id: w.customer.id };
    const c = newClientId();
    const mixed = await push(t.app, w.worker, c, [inbound(1, w.worker.id, args), inbound(2, other.id, args)]);
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json().code).toBe('SYNC_AUTHOR_MISMATCH');
    expect((await push(t.app, w.worker, c, [inbound(1, w.worker.id, args)])).statusCode).toBe(200);
    const foreign = await push(t.app, other, c, [inbound(2, other.id, args)]);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('SYNC_CLIENT_FOREIGN');
    const old = await push(t.app, w.worker, c, [inbound(2, w.worker.id, args)], { protocolVersion: PROTOCOL_VERSION - 1 });
    expect(old.statusCode).toBe(426);
    expect(old.json().detail).toMatch(/^Die App ist veraltet/);
    const holes = await push(t.app, w.worker, c, [inbound(2, w.worker.id, args), inbound(4, w.worker.id, args)]);
    expect(holes.statusCode).toBe(400);
    const cu = await buildUser(t.db, 'customer_user', { customer_id: w.customer.id });
    expect((await push(t.app, cu, newClientId(), [inbound(1, cu.id, args)])).statusCode).toBe(403);
    expect(await stockOf(t.db, w.product.id, w.compartments[0].id)).toBe(1);
  });

  it("checks each command's access level (a registry entry for admins refuses a worker)", async () => {
    const w = await buildWorld(t.db, t.app);
    const adminOnly = defineCommand(offlineCommand('stock.inbound', z.object({})), 'admin', async () => ({ ok: true }));
    const actor = await loadActor(t.db, w.worker.id);
    if (!actor) throw new Error('no actor');
    const c = newClientId();
    const out = await handlePush(pushDeps(t.db, t.config, [adminOnly]), actor, {
      protocolVersion: PROTOCOL_VERSION,
      schemaVersion: WORKING_SET_SCHEMA_VERSION,
      clientId: c,
      mutations: [mutation(1, 'stock.inbound', {}, w.worker.id)],
    });
    expect(out.kind).toBe('ok');
    expect(out.body.results[0]).toMatchObject({ status: 'rejected', code: 'FORBIDDEN' });
  });

  it('applies the customer scope to queued bookings', async () => {
    const w = await buildWorld(t.db, t.app);
    const restricted = await buildUser(t.db, 'warehouse_worker', { access: [w.customer.id], is_exclude: true });
    const res = await push(t.app, restricted, newClientId(), [
      inbound(1, restricted.id, { ean: w.product.ean, quantity: 1, location_barcode: w.compartments[0].barcode as string, customer_id: w.customer.id }),
    ]);
    expect(res.json().results[0]).toMatchObject({ status: 'rejected', code: 'CUSTOMER_NOT_FOUND' });
  });
});
