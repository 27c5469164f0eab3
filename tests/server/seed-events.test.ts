import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed';
import { PICKING_DEMO_PALLET } from '../../server/db/seed-picking';
import type { DbHandle } from '../../server/db/index';
import { pickPackAnalytics } from '../../server/features/status-logs/analytics';
import { alertsSummary } from '../../server/features/status-logs/alerts';
import { recentActivity } from '../../server/features/status-logs/queries';
import { createTestDb } from '../helpers/db';
import { ledgerMismatches } from '../helpers/ledger';

/** The demo week of events (server/db/seed-events.ts): the dashboard has something to show on first start. */
let h: DbHandle;
const all = { kind: 'all' } as const;

beforeAll(async () => {
  h = await createTestDb();
  await seedDemo(h.db, { withAdmin: true });
});
afterAll(async () => h?.close());

describe('demo event history', () => {
  it('spreads every event type over the past week, none in the future', async () => {
    const { rows } = await sql<{ event_type: string; n: number; oldest: Date; newest: Date }>`
      SELECT event_type, count(*)::int AS n, min(created_at) AS oldest, max(created_at) AS newest FROM status_logs GROUP BY event_type`.execute(h.db);
    const by = Object.fromEntries(rows.map((r) => [r.event_type, r]));
    for (const e of ['wave_created', 'wave_completed', 'pick_discrepancy', 'order_packed', 'label_generated', 'order_shipped', 'item_discrepancy']) {
      expect(by[e]?.n ?? 0, e).toBeGreaterThan(0);
    }
    const oldest = Math.min(...rows.map((r) => new Date(r.oldest).getTime()));
    const newest = Math.max(...rows.map((r) => new Date(r.newest).getTime()));
    expect(newest).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - oldest).toBeGreaterThan(4 * 24 * 3600_000);
    expect(Date.now() - oldest).toBeLessThan(8 * 24 * 3600_000);
    // Every wave created was completed but the one waiting to be picked (seed-picking.ts).
    expect(by.wave_completed.n).toBe(by.wave_created.n - 1);
    // A label comes with every packed parcel; the freight order (seed-freight.ts) is packed on pallets and waits for an offer instead.
    const { rows: freight } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM status_logs l JOIN outbound_orders o ON o.id = l.order_id
      WHERE l.event_type = 'order_packed' AND o.carrier_type = 'freight'`.execute(h.db);
    expect(freight[0]?.n).toBe(1);
    expect(by.freight_quote_requested?.n).toBe(1);
    expect(by.label_generated.n).toBe(by.order_packed.n - 1);
  });

  it('books the picks in the ledger without changing any stock quantity, and the history waves are all completed', async () => {
    expect(await ledgerMismatches(h.db)).toEqual([]);
    // The only open wave is the one waiting to be picked on its demo pallet (seed-picking.ts).
    const open = await h.db.selectFrom('picking_waves').select('pallet_barcode').where('status', '!=', 'completed').execute();
    expect(open).toEqual([{ pallet_barcode: PICKING_DEMO_PALLET }]);
  });

  it('gives the dashboard a week of throughput, rates and recent activity', async () => {
    const week = await pickPackAnalytics(h.db, '7d', all);
    const busyDays = week.buckets.filter((b) => b.picks > 0).length;
    expect(busyDays).toBeGreaterThanOrEqual(4);
    expect(week.totals.picked_units).toBeGreaterThan(week.totals.picks);
    expect(week.totals.orders_shipped).toBeGreaterThan(0);
    // All history waves completed; the demo wave waiting to be picked was created today and is still open.
    expect(week.totals.wave_completion_rate).toBeCloseTo((week.totals.waves_created - 1) / week.totals.waves_created, 6);
    expect(week.totals.discrepancy_rate).toBeGreaterThan(0);
    expect(week.totals.discrepancy_rate).toBeLessThan(0.2);
    expect(await recentActivity(h.db, all, 5, 8)).toHaveLength(8);
    const alerts = await alertsSummary(h.db, 24 * 7, all);
    expect(alerts.by_type.pick_discrepancy + alerts.by_type.item_discrepancy).toBeGreaterThan(0);
  });
});
