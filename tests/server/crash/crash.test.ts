import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, type DbHandle, migrateToLatest, openDatabase } from '../../../server/db/index';
import { createTestDb } from '../../helpers/db';
import { buildCustomer, buildPlacedCompartments, buildProduct, buildUser, TEST_PASSWORD } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { Device, OnlineUser, runLoad, Stats, type Target } from '../../helpers/load-clients';
import { freePort, ServerProcess } from './server-process';

/**
 * The crash suite (docs/testing.md): the real server process is killed with SIGKILL (twice on PostgreSQL, once on PGlite) in
 * the middle of online bookings and sync replays, and restarted on the same
 * database (PostgreSQL with TEST_DB=pg, else the same PGlite directory). The
 * clients retry what was not acknowledged, as the product's clients do. Then
 * stock equals the ledger, no booking is half there, and every operation is
 * applied exactly once.
 */
const onPg = process.env.TEST_DB === 'pg';
/** A PGlite start costs ~13 s on a loaded CI machine (WASM, recovery); one kill there keeps the suite near a minute. */
const KILLS = onPg ? 2 : 1;
/** Acknowledged operations to wait for before each kill, so it lands in the middle of the load. */
const ACKS_BEFORE_KILL = 12;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function fixture(db: Db) {
  const customer = await buildCustomer(db);
  const worker = await buildUser(db, 'warehouse_worker');
  const product = await buildProduct(db);
  const { compartments } = await buildPlacedCompartments(db, 1);
  return { customer, worker, product, place: compartments[0] };
}

/** The database the server will use, prepared in this process; reopen() gives a handle for the checks. */
async function prepare(): Promise<{ env: Record<string, string>; world: Awaited<ReturnType<typeof fixture>>; reopen: () => Promise<DbHandle> }> {
  if (onPg) {
    const handle = await createTestDb();
    cleanups.push(() => handle.close());
    return { env: { DATABASE_URL: handle.url as string }, world: await fixture(handle.db), reopen: async () => ({ ...handle, close: async () => {} }) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lagerwerk-crash-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const open = async (): Promise<DbHandle> => openDatabase({ dataDir });
  const handle = await open();
  await migrateToLatest(handle.db);
  const world = await fixture(handle.db);
  await handle.close();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, world, reopen: open };
}

async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`Zeitüberschreitung: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`crash suite on ${onPg ? 'PostgreSQL' : 'a PGlite directory'}`, () => {
  it('SIGKILL during bookings and sync replays: stock equals the ledger, every acknowledged or retried operation applied exactly once', async () => {
    const { env, world, reopen } = await prepare();
    const server = new ServerProcess(await freePort(), env);
    cleanups.push(() => server.stop('SIGKILL'));
    await server.start();

    const login = await fetch(`${server.url}/api/auth/login-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: world.worker.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const target: Target = {
      url: server.url,
      token: ((await login.json()) as { access_token: string }).access_token,
      booking: { ean: world.product.ean, location_barcode: world.place.barcode as string, customer_id: world.customer.id },
    };
    const stats = new Stats();
    const devices = [new Device(target, stats), new Device(target, stats), new Device(target, stats)];
    const users = [new OnlineUser(target, stats), new OnlineUser(target, stats)];
    const load = runLoad(devices, users);

    for (let k = 0; k < KILLS; k++) {
      const acked = stats.acknowledged;
      await until(() => stats.acknowledged >= acked + ACKS_BEFORE_KILL, 30_000, 'Last vor dem Abbruch');
      const unanswered = stats.unanswered;
      await server.kill();
      await until(() => stats.unanswered > unanswered, 10_000, 'eine Anfrage ohne Antwort nach SIGKILL');
      await server.start();
    }
    await load.stop();
    expect(stats.failures).toEqual([]);
    for (const d of devices) expect(d.pending, `${d.clientId}: unacknowledged mutations left`).toBe(0);
    for (const u of users) expect(u.pending).toBe(0);

    // The checks read the database directly; the PGlite directory has one owner at a time.
    if (!onPg) await server.stop();
    const handle = await reopen();
    try {
      const db = handle.db;
      expect(await ledgerMismatches(db)).toEqual([]);
      const syncUnits = devices.reduce((n, d) => n + d.created, 0);
      const onlineBookings = users.reduce((n, u) => n + u.keys.length, 0);
      const stock = await db
        .selectFrom('stock')
        .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('q'))
        .where('product_id', '=', world.product.id)
        .where('location_id', '=', world.place.id)
        .executeTakeFirstOrThrow();
      expect(stock.q).toBe(syncUnits + 2 * onlineBookings);
      // Each device's mutations 1..n applied once each, none missing, none twice.
      for (const d of devices) {
        const rows = await db.selectFrom('stock_movements').select('mutation_id').where('client_id', '=', d.clientId).orderBy('mutation_id').execute();
        expect(
          rows.map((r) => r.mutation_id),
          d.clientId,
        ).toEqual(Array.from({ length: d.created }, (_, i) => i + 1));
      }
      // Each online booking (one Idempotency-Key) once.
      const online = await db
        .selectFrom('stock_movements')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('product_id', '=', world.product.id)
        .where('client_id', 'is', null)
        .executeTakeFirstOrThrow();
      expect(online.n).toBe(onlineBookings);
      console.log(
        `crash suite (${onPg ? 'PostgreSQL' : 'PGlite'}): ${KILLS}× SIGKILL, ${syncUnits} sync mutations, ${onlineBookings} online bookings, ${stats.unanswered} requests without answer retried`,
      );
    } finally {
      await handle.close();
    }
  }, 120_000);
});
