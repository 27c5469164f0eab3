import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mutation, type MutationResult, opsOf, type PullResponse } from '../../../sync/protocol';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildProduct, buildStock, buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { prng } from '../../helpers/random';
import { buildWorld } from '../../server/stock/world';
import { expiredToken, inbound, newClientId, outbound, pull, push } from './sync-helpers';

/**
 * docs/sync.md test 10: N simulated devices replay offline queues through a
 * hostile network — lost responses, duplicated requests, expired tokens and
 * random infrastructure failures inside the booking transaction — then a calm
 * drain. Afterwards every (clientId, id) is in exactly one place, the ledger
 * matches the applied mutations one to one and stock never went below 0.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await sql`
    CREATE FUNCTION lw_test_flaky() RETURNS trigger AS $$
    BEGIN
      IF random() < 0.08 THEN RAISE EXCEPTION 'simulated outage' USING ERRCODE = '58030'; END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`.execute(t.db);
});
afterAll(async () => t.close());

interface Device {
  clientId: string;
  user: { id: number; role: string };
  queue: Mutation[];
  /** What the device learnt about each id from the answers it did receive. */
  seen: Map<number, 'applied' | 'rejected'>;
}

describe('randomized multi-device replay', () => {
  it('keeps every mutation exactly once under drops, duplicates, expiry and outages', async () => {
    const seed = Number(process.env.SYNC_SEED ?? Date.now() % 100000);
    const rnd = prng(seed);
    const w = await buildWorld(t.db, t.app, 4);
    const products = [w.product, await buildProduct(t.db), await buildProduct(t.db)];
    for (const p of products) {
      for (const place of w.compartments) await buildStock(t.db, { product_id: p.id, customer_id: w.customer.id, location_id: place.id, quantity: 3 });
    }
    const users = [w.worker, await buildUser(t.db, 'warehouse_worker'), await buildUser(t.db, 'warehouse_manager')];
    const devices: Device[] = [];
    for (let d = 0; d < 6; d++) {
      const user = users[d % users.length];
      const queue: Mutation[] = [];
      for (let id = 1; id <= 30; id++) {
        const args = { ean: products[rnd(3)].ean, location_barcode: w.compartments[rnd(4)].barcode as string };
        queue.push(
          rnd(2) === 0
            ? inbound(id, user.id, { ...args, quantity: 1 + rnd(4), customer_id: w.customer.id })
            : outbound(id, user.id, { ...args, quantity: 1 + rnd(3) }),
        );
      }
      devices.push({ clientId: newClientId(), user, queue, seen: new Map() });
    }
    const stats = { lost: 0, expired: 0, duplicated: 0, outages: 0, duplicatesAnswered: 0 };
    const accept = (dev: Device, status: number, body: { lastMutationId?: number; results?: MutationResult[] }) => {
      if (status === 503) stats.outages++;
      if (status !== 200 && status !== 503) return;
      stats.duplicatesAnswered += (body.results ?? []).filter((r) => r.status === 'duplicate').length;
      for (const r of body.results ?? []) {
        const outcome = r.status === 'duplicate' ? r.original : r.status;
        if (outcome) dev.seen.set(r.id, outcome);
      }
      const last = body.lastMutationId ?? 0;
      dev.queue = dev.queue.filter((m) => m.id > last);
    };
    const round = async (dev: Device, chaos: boolean) => {
      const batch = dev.queue.slice(0, 1 + rnd(8));
      if (batch.length === 0) return;
      const fault = chaos ? rnd(20) : 99;
      if (fault < 3) {
        stats.lost++;
        await push(t.app, dev.user, dev.clientId, batch); // the answer is lost on the way back
      } else if (fault < 5) {
        stats.expired++;
        const r = await push(t.app, dev.user, dev.clientId, batch, { headers: { authorization: `Bearer ${expiredToken(t.config.jwtSecret, dev.user)}` } });
        expect(r.statusCode).toBe(401);
      } else if (fault < 8) {
        stats.duplicated++;
        const [a, b] = await Promise.all([push(t.app, dev.user, dev.clientId, batch), push(t.app, dev.user, dev.clientId, batch)]);
        accept(dev, a.statusCode, a.json());
        accept(dev, b.statusCode, b.json());
      } else {
        const r = await push(t.app, dev.user, dev.clientId, batch, { headers: auth(t.app, dev.user) });
        expect([200, 503]).toContain(r.statusCode);
        accept(dev, r.statusCode, r.json());
      }
    };

    await sql`CREATE TRIGGER lw_test_flaky BEFORE INSERT ON stock_movements FOR EACH ROW EXECUTE FUNCTION lw_test_flaky()`.execute(t.db);
    await Promise.all(
      devices.map(async (dev) => {
        for (let i = 0; i < 12; i++) await round(dev, true);
      }),
    );
    await sql`DROP TRIGGER lw_test_flaky ON stock_movements`.execute(t.db);
    // The run really was hostile (each count is near-certain for 72 chaotic rounds).
    expect(stats.outages, `seed ${seed} ${JSON.stringify(stats)}`).toBeGreaterThan(0);
    expect(stats.lost + stats.duplicated + stats.expired).toBeGreaterThan(0);

    // Mid-way: the server log is gapless, and what the device still queues starts right after what it knows was stored.
    for (const dev of devices) {
      const log = await t.db.selectFrom('sync_mutations').select('mutation_id').where('client_id', '=', dev.clientId).orderBy('mutation_id').execute();
      expect(
        log.map((l) => l.mutation_id),
        `seed ${seed}`,
      ).toEqual(log.map((_, i) => i + 1));
      const stored = new Set(log.map((l) => l.mutation_id));
      for (const id of dev.seen.keys()) expect(stored.has(id)).toBe(true);
      for (let id = 1; id <= 30; id++) expect(stored.has(id) || dev.queue.some((m) => m.id === id), `seed ${seed} id ${id}`).toBe(true);
    }

    for (let guard = 0; devices.some((d) => d.queue.length > 0); guard++) {
      expect(guard).toBeLessThan(100);
      await Promise.all(devices.map((dev) => round(dev, false)));
    }

    const log = await t.db
      .selectFrom('sync_mutations')
      .selectAll()
      .where(
        'client_id',
        'in',
        devices.map((d) => d.clientId),
      )
      .execute();
    expect(log).toHaveLength(devices.length * 30);
    for (const dev of devices) {
      expect(dev.queue).toEqual([]);
      for (const [id, outcome] of dev.seen) {
        expect(log.find((l) => l.client_id === dev.clientId && l.mutation_id === id)?.status).toBe(outcome);
      }
    }
    const rejected = log.filter((l) => l.status === 'rejected');
    expect(new Set(rejected.map((l) => l.code))).toEqual(rejected.length ? new Set(['STOCK_INSUFFICIENT']) : new Set());

    const movements = await t.db
      .selectFrom('stock_movements')
      .select(['client_id', 'mutation_id', 'quantity'])
      .where(
        'client_id',
        'in',
        devices.map((d) => d.clientId),
      )
      .execute();
    const byMutation = new Map<string, number[]>();
    for (const m of movements) {
      const k = `${m.client_id}#${m.mutation_id}`;
      byMutation.set(k, [...(byMutation.get(k) ?? []), m.quantity]);
    }
    const applied = log.filter((l) => l.status === 'applied');
    expect(byMutation.size).toBe(applied.length);
    for (const a of applied) {
      const args = a.args as { quantity: number };
      expect(byMutation.get(`${a.client_id}#${a.mutation_id}`), `seed ${seed}`).toEqual([a.name === 'stock.inbound' ? args.quantity : -args.quantity]);
    }
    expect(await t.db.selectFrom('stock').select('id').where('quantity', '<', 0).execute()).toEqual([]);
    expect(await ledgerMismatches(t.db)).toEqual([]);

    // And a device pulling now sees exactly the server's stock.
    const ws: PullResponse = (await pull(t.app, w.worker, devices[0].clientId, null)).json();
    const stockRows = await t.db.selectFrom('stock').select(['id', 'quantity']).where('quantity', '>', 0).where('customer_id', '=', w.customer.id).execute();
    const pulled = new Map(
      opsOf(ws)
        .filter((p) => p.entity === 'stock')
        .map((p) => [p.id, (p.data as { quantity: number }).quantity]),
    );
    expect(pulled).toEqual(new Map(stockRows.map((r) => [r.id, r.quantity])));
    expect(ws.lastMutationId).toBe(30);
    expect(stats.duplicatesAnswered, `seed ${seed} ${JSON.stringify(stats)}`).toBeGreaterThan(0);
  });
});
