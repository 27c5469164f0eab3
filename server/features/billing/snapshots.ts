import { sql } from 'kysely';
import { WAREHOUSE_TIME_ZONE } from '../../../shared/constants';
import { addDays, warehouseDayHour } from '../../../shared/domain/warehouse-time';
import type { StorageSnapshot } from '../../../shared/schemas/billing';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * Storage snapshots (docs/operations.md "Billing (Abrechnung)"): per
 * customer the places holding its stock and the units at the end of a
 * Europe/Berlin day, summed from the ledger (stock_movements) up to that
 * instant. One statement; a re-run for the same day writes the same rows and
 * touches none that are already right (idempotent), so the nightly job may
 * be retried and an admin may repeat it.
 */

/** The warehouse's yesterday: the day the nightly job snapshots. */
export function yesterday(now = new Date()): string {
  return addDays(warehouseDayHour(now).day, -1);
}

export async function takeStorageSnapshot(db: DbOrTrx, day: string, now = new Date()): Promise<StorageSnapshot> {
  if (day >= warehouseDayHour(now).day) throw new AppError('BILLING_DAY_NOT_OVER', { date: day });
  const dayEnd = sql`((${day}::date + 1)::timestamp AT TIME ZONE ${WAREHOUSE_TIME_ZONE})`;
  await sql`
    WITH held AS (
      SELECT customer_id, location_id, SUM(quantity) AS units
      FROM stock_movements
      WHERE created_at < ${dayEnd}
      GROUP BY customer_id, location_id
      HAVING SUM(quantity) > 0
    ), computed AS (
      SELECT customer_id, COUNT(*)::int AS places, SUM(units)::int AS units FROM held GROUP BY customer_id
    ), stale AS (
      DELETE FROM storage_snapshots s
      WHERE s.day = ${day}::date AND NOT EXISTS (SELECT 1 FROM computed c WHERE c.customer_id = s.customer_id)
    )
    INSERT INTO storage_snapshots (day, customer_id, places, units)
    SELECT ${day}::date, customer_id, places, units FROM computed
    ON CONFLICT (customer_id, day) DO UPDATE SET places = excluded.places, units = excluded.units
      WHERE (storage_snapshots.places, storage_snapshots.units) IS DISTINCT FROM (excluded.places, excluded.units)`.execute(db);
  const customers = await db.selectFrom('storage_snapshots').select(['customer_id', 'places', 'units']).where('day', '=', day).orderBy('customer_id').execute();
  return { day, customers };
}
