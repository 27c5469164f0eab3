import type { z } from 'zod';
import { ApiError } from '../../client/app/api';
import type { LookupNet } from '../../client/features/stock/online-lookup';
import { LagerwerkDb } from '../../client/db';
import type { Db } from '../../server/db/index';
import { inMemoryLock, type LockRunner } from '../../sync/device/lock';
import { clientIdFor } from '../../sync/device/outbox';
import type { PullDeps, Session } from '../../sync/device/pull';
import type { ReplayDeps } from '../../sync/device/replay';
import { SyncStateStore } from '../../sync/device/state';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { auth, buildCustomer, buildPlacedCompartments, buildProduct, buildStock, buildUser, tokenFor } from './factories';
import { FaultyTransport, inProcessTransport } from './inprocess-transport';
import { ledgerMismatches } from './ledger';

/**
 * Device-side sync tests against the real server: a small warehouse on the
 * test database, devices (Dexie on fake-indexeddb) that talk to the real
 * /api/sync handlers through a FaultyTransport, and queries of what the
 * server really stored.
 */

/**
 * A device test file's setting: the real app on a fresh database (`s.t`, opened before the
 * file's tests, closed after them) and the devices its tests open (`s.devices`, closed after each
 * test). With `ledger`, every test must leave the stock equal to the sum of its ledger.
 */
export function deviceSuite(opts: { ledger?: boolean } = {}): { t: TestApp; devices: TestDevice[] } {
  const s = { t: undefined as unknown as TestApp, devices: [] as TestDevice[] };
  beforeAll(async () => {
    s.t = await createTestApp();
  });
  afterAll(async () => s.t?.close());
  afterEach(async () => {
    for (const d of s.devices.splice(0)) d.close();
    if (opts.ledger) expect(await ledgerMismatches(s.t.db)).toEqual([]);
  });
  return s;
}

/** Stock on place A when a world is built; the tests compute with it. */
export const START_STOCK = 5;

export type WorldUser = { id: number; role: string };

/** One customer, two workers, one product, two places (A, B); START_STOCK units on A. Fresh per test. */
export async function buildSyncWorld(t: TestApp) {
  const customer = await buildCustomer(t.db);
  const worker = await buildUser(t.db, 'warehouse_worker');
  const other = await buildUser(t.db, 'warehouse_worker');
  const product = await buildProduct(t.db);
  const { compartments, room } = await buildPlacedCompartments(t.db, 2);
  const [a, b] = compartments;
  const stock = await buildStock(t.db, { product_id: product.id, customer_id: customer.id, location_id: a.id, quantity: START_STOCK });
  const place = (c: typeof a) => ({ id: c.id, barcode: c.barcode as string });
  return {
    customer,
    worker,
    other,
    product,
    placeA: place(a),
    placeB: place(b),
    /** The room of both places (their rack's). */
    room,
    /** The server's stock row on A (its id is what the device stores). */
    stockIdA: stock.stock_id,
    /** A valid token, as the login route would issue it. */
    token: (u: WorldUser) => tokenFor(t.app, u),
  };
}
export type SyncWorld = Awaited<ReturnType<typeof buildSyncWorld>>;

/** One device (or one tab: pass the same dbName twice) with its own sync state. */
export class TestDevice {
  readonly db: LagerwerkDb;
  readonly state = new SyncStateStore();
  readonly deps: ReplayDeps & PullDeps;
  private session: Session | null;

  constructor(opts: { transport: FaultyTransport; session: Session | null; lock?: LockRunner; dbName?: string }) {
    this.db = new LagerwerkDb(opts.dbName ?? `device-${Math.random()}`);
    this.session = opts.session;
    this.deps = { db: this.db, transport: opts.transport, lock: opts.lock ?? inMemoryLock(), session: () => this.session, state: this.state };
  }

  login(s: Session | null): void {
    this.session = s;
  }

  clientId(userId: number): Promise<string> {
    return clientIdFor(this.db, userId);
  }

  close(): void {
    this.db.close();
  }
}

/** A transport to the real app, wrapped for fault injection. */
export function realTransport(t: TestApp): FaultyTransport {
  return new FaultyTransport(inProcessTransport(t.app));
}

// ---- what the server stored (the real tables) ----

export interface LoggedMutation {
  id: number;
  name: string;
  status: string;
  code: string | null;
  userId: number;
}

/** The server's sync log of one device stream (sync_mutations), in id order. */
export async function serverLog(db: Db, clientId: string): Promise<LoggedMutation[]> {
  const rows = await db
    .selectFrom('sync_mutations')
    .select(['mutation_id', 'name', 'status', 'code', 'user_id'])
    .where('client_id', '=', clientId)
    .orderBy('mutation_id')
    .execute();
  return rows.map((r) => ({ id: r.mutation_id, name: r.name, status: r.status, code: r.code, userId: r.user_id }));
}

/** Ids the server applied for the stream. */
export async function appliedIds(db: Db, clientId: string): Promise<number[]> {
  return (await serverLog(db, clientId)).filter((m) => m.status === 'applied').map((m) => m.id);
}

/** The stream's lastMutationId on the server (null: the server never saw the device). */
export async function serverLastId(db: Db, clientId: string): Promise<number | null> {
  const row = await db.selectFrom('sync_clients').select('last_mutation_id').where('client_id', '=', clientId).executeTakeFirst();
  return row?.last_mutation_id ?? null;
}

/** The mutation id of every ledger row the stream caused, in order (one per applied single-row booking). */
export async function ledgerMutationIds(db: Db, clientId: string): Promise<number[]> {
  const rows = await db.selectFrom('stock_movements').select('mutation_id').where('client_id', '=', clientId).orderBy('mutation_id').orderBy('id').execute();
  return rows.map((r) => Number(r.mutation_id));
}

/** Units of the product on the place, over all stock rows. */
export async function stockAt(db: Db, productId: number, locationId: number): Promise<number> {
  const rows = await db.selectFrom('stock').select('quantity').where('product_id', '=', productId).where('location_id', '=', locationId).execute();
  return rows.reduce((s, r) => s + r.quantity, 0);
}

/**
 * A scan's online lookup (client/features/stock/online-lookup.ts) answered by the test app's route as `user`,
 * as apiGet answers (an error status is an ApiError); `calls` records every asked code. `offline` asks nothing.
 */
export function serverLookup<S extends z.ZodType>(t: TestApp, user: WorldUser, path: (code: string) => string, schema: S) {
  const calls: string[] = [];
  const online: LookupNet<z.output<S>> = {
    online: () => true,
    lookup: async (code) => {
      calls.push(code);
      const res = await t.app.inject({ method: 'GET', url: path(code), headers: auth(t.app, user) });
      const body = res.json();
      if (res.statusCode !== 200) throw new ApiError(res.statusCode, body.detail, body.code);
      return schema.parse(body);
    },
  };
  const offline: LookupNet<z.output<S>> = { online: () => false, lookup: () => Promise.reject(new Error('offline: no lookup')) };
  return { online, offline, calls };
}
