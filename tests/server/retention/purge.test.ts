import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { purgeExpired } from '../../../server/jobs/purge';
import { JobQueue } from '../../../server/jobs/queue';
import { SCHEDULED_JOBS } from '../../../server/jobs/schedules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inbound, newClientId, push } from '../../sync/server/sync-helpers';
import { buildWorld } from '../stock/world';

/** The retention purge (docs/operations.md "Retention purge") deletes exactly the expired rows and keeps what exactly-once needs. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY);

async function age(table: 'sync_mutations' | 'idempotency_keys', where: string, value: string, days: number) {
  await sql`UPDATE ${sql.table(table)} SET created_at = ${daysAgo(days)} WHERE ${sql.ref(where)} = ${value}`.execute(t.db);
}

describe('retention purge', () => {
  it('deletes old login attempts, idempotency keys and sync mutations, keeps the newest mutation per client and everything recent', async () => {
    const w = await buildWorld(t.db, t.app);
    const place = w.compartments[0].barcode as string;
    const args = { ean: w.product.ean, quantity: 1, location_barcode: place, customer_id: w.customer.id };
    const oldDevice = newClientId();
    const freshDevice = newClientId();
    expect(
      (await push(t.app, w.worker, oldDevice, [inbound(1, w.worker.id, args), inbound(2, w.worker.id, args), inbound(3, w.worker.id, args)])).statusCode,
    ).toBe(200);
    expect((await push(t.app, w.worker, freshDevice, [inbound(1, w.worker.id, args)])).statusCode).toBe(200);
    await age('sync_mutations', 'client_id', oldDevice, 31);

    await t.db
      .insertInto('login_attempts')
      .values([
        { key: `old-${oldDevice}`, failures: 3, window_start: daysAgo(2) },
        { key: `new-${oldDevice}`, failures: 3, window_start: new Date(Date.now() - 60_000) },
      ])
      .execute();
    await t.db
      .insertInto('idempotency_keys')
      .values([
        { user_id: w.worker.id, key: `old-${oldDevice}`, route: 'x', status_code: 200, response: null, created_at: daysAgo(31) },
        { user_id: w.worker.id, key: `new-${oldDevice}`, route: 'x', status_code: 200, response: null, created_at: daysAgo(29) },
      ])
      .execute();

    const r = await purgeExpired(t.db, { retentionDays: 30, loginWindowMinutes: 15 });
    expect(r).toEqual({ login_attempts: 1, idempotency_keys: 1, sync_mutations: 2 });

    const logins = await t.db.selectFrom('login_attempts').select('key').where('key', 'like', `%${oldDevice}`).execute();
    expect(logins.map((x) => x.key)).toEqual([`new-${oldDevice}`]);
    const keys = await t.db.selectFrom('idempotency_keys').select('key').where('key', 'like', `%${oldDevice}`).execute();
    expect(keys.map((x) => x.key)).toEqual([`new-${oldDevice}`]);
    const kept = await t.db.selectFrom('sync_mutations').select(['client_id', 'mutation_id']).where('client_id', 'in', [oldDevice, freshDevice]).execute();
    expect(kept.map((m) => `${m.client_id === oldDevice ? 'old' : 'fresh'}:${m.mutation_id}`).sort()).toEqual(['fresh:1', 'old:3']);
  });

  it('a device replaying after 31 days still gets duplicate for its last id (with the original outcome), and its counter keeps working', async () => {
    const w = await buildWorld(t.db, t.app);
    const place = w.compartments[0].barcode as string;
    const args = { ean: w.product.ean, quantity: 2, location_barcode: place, customer_id: w.customer.id };
    const device = newClientId();
    await push(t.app, w.worker, device, [inbound(1, w.worker.id, args), inbound(2, w.worker.id, args)]);
    await age('sync_mutations', 'client_id', device, 31);
    await purgeExpired(t.db, { retentionDays: 30, loginWindowMinutes: 15 });

    const replay = await push(t.app, w.worker, device, [inbound(1, w.worker.id, args), inbound(2, w.worker.id, args)]);
    expect(replay.statusCode).toBe(200);
    const body = replay.json();
    expect(body.lastMutationId).toBe(2);
    // Id 1's outcome is purged: still a duplicate (no second effect), just without the stored result.
    expect(body.results[0]).toEqual({ id: 1, status: 'duplicate' });
    expect(body.results[1]).toMatchObject({ id: 2, status: 'duplicate', original: 'applied', result: { quantity: 2 } });
    const stock = await t.db.selectFrom('stock').select('quantity').where('product_id', '=', w.product.id).executeTakeFirstOrThrow();
    expect(stock.quantity).toBe(4);

    const gap = await push(t.app, w.worker, device, [inbound(4, w.worker.id, args)]);
    expect(gap.statusCode).toBe(409);
    const next = await push(t.app, w.worker, device, [inbound(3, w.worker.id, args)]);
    expect(next.json().results[0]).toMatchObject({ id: 3, status: 'applied' });
  });

  it('the scheduled job purges without waiting for a request and stops cleanly', async () => {
    await t.db
      .insertInto('login_attempts')
      .values({ key: 'scheduled-old', failures: 1, window_start: daysAgo(3) })
      .execute();
    const purge = SCHEDULED_JOBS.find((s) => s.name === 'retention.purge');
    if (!purge) throw new Error('retention.purge is not scheduled');
    // The registered handler, on a every-second cron so the test need not wait for the hour.
    const queue = new JobQueue({ db: t.db, config: t.config, handlers: {}, schedules: [{ ...purge, cron: '* * * * * *' }], run: true, cronIntervalSeconds: 1 });
    await queue.start();
    try {
      await expect
        .poll(async () => (await t.db.selectFrom('login_attempts').select('key').where('key', '=', 'scheduled-old').execute()).length, { timeout: 20_000 })
        .toBe(0);
    } finally {
      await queue.stop();
    }
  });

  it('reads RETENTION_DAYS (default 30) and refuses values below one day', () => {
    const env = { DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: 'j'.repeat(40), SETTINGS_KEY: 'a'.repeat(64) };
    expect(loadConfig(env).retentionDays).toBe(30);
    expect(loadConfig({ ...env, RETENTION_DAYS: '7' }).retentionDays).toBe(7);
    for (const bad of ['0', '-3', '1.5', 'dreißig']) {
      expect(() => loadConfig({ ...env, RETENTION_DAYS: bad })).toThrow(ConfigError);
    }
  });
});
