import { sql } from 'kysely';
import type { Db } from '../../server/db/index';
import { Device, OnlineUser, runLoad, Stats, type Target } from '../helpers/load-clients';
import { ledgerMismatches } from '../helpers/ledger';
import { percentile, pick, type Seed } from './setup';

/**
 * Mixed load: devices replaying their sync queues while users book online
 * with an Idempotency-Key, for a fixed time. Afterwards every acknowledged or retried
 * operation must be in the database exactly once (0 lost) and stock must equal the ledger.
 */
export interface MixedFigures {
  seconds: number;
  mutations: number;
  bookings: number;
  errors: number;
  lost: number;
  ledgerMismatches: number;
  push: { p50: number; p99: number };
  booking: { p50: number; p99: number };
}

const quantiles = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

export async function benchMixed(db: Db, baseUrl: string, token: string, s: Seed, devices: number, users: number, seconds: number): Promise<MixedFigures> {
  const stats = new Stats();
  // Each client works on its own product and place, as scanners in different aisles do.
  const target = (): Target => ({ url: baseUrl, token, booking: { ean: pick(s.eans), location_barcode: pick(s.barcodes), customer_id: s.customerId } });
  const ds = Array.from({ length: devices }, () => new Device(target(), stats));
  const us = Array.from({ length: users }, () => new OnlineUser(target(), stats));
  const started = performance.now();
  const load = runLoad(ds, us);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  await load.stop();
  const elapsed = (performance.now() - started) / 1000;

  let lost = ds.reduce((n, d) => n + d.pending, 0) + us.reduce((n, u) => n + u.pending, 0);
  for (const d of ds) {
    const row = await db
      .selectFrom('stock_movements')
      .select(sql<number>`count(distinct mutation_id)::int`.as('n'))
      .where('client_id', '=', d.clientId)
      .executeTakeFirstOrThrow();
    lost += d.created - row.n;
  }
  const keys = us.flatMap((u) => u.keys);
  const stored =
    keys.length === 0
      ? 0
      : (await db.selectFrom('idempotency_keys').select(sql<number>`count(*)::int`.as('n')).where('key', 'in', keys).executeTakeFirstOrThrow()).n;
  lost += keys.length - stored;
  return {
    seconds: elapsed,
    mutations: ds.reduce((n, d) => n + d.created, 0),
    bookings: keys.length,
    errors: stats.failures.length + stats.unanswered,
    lost,
    ledgerMismatches: (await ledgerMismatches(db)).length,
    push: quantiles(stats.pushMs),
    booking: quantiles(stats.bookingMs),
  };
}
