import { type RawBuilder, sql } from 'kysely';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * Frozen places (docs/operations.md "Stocktake"): while an open stocktake
 * counts a place, no booking may change its stock — Einlagern, Auslagern,
 * relocation, goods receipt and picks answer 409 LOCATION_IN_STOCKTAKE. This
 * file holds the one rule, beside the blocked-place rule of
 * locations/blocked.ts; REST routes and offline commands reach it through
 * the same services. A place row is `open` from the stocktake's creation
 * until it is booked or cancelled.
 */

/** The number of the open stocktake counting the place behind `locationIdColumn`, or NULL. A correlated subquery. */
export function openStocktakeOf(locationIdColumn: string): RawBuilder<string | null> {
  return sql<string | null>`(
    SELECT fst.number FROM stocktake_places fsp JOIN stocktakes fst ON fst.id = fsp.stocktake_id
    WHERE fsp.location_id = ${sql.ref(locationIdColumn)} AND fsp.open LIMIT 1
  )`;
}

/** Refuses (409 LOCATION_IN_STOCKTAKE, naming the place and the stocktake) when a place is frozen. */
export async function assertPlaceNotFrozen(db: DbOrTrx, locationId: number): Promise<void> {
  const row = await db
    .selectFrom('stocktake_places as sp')
    .innerJoin('stocktakes as st', 'st.id', 'sp.stocktake_id')
    .innerJoin('locations as l', 'l.id', 'sp.location_id')
    .select(['st.number', 'l.barcode', 'l.code'])
    .where('sp.location_id', '=', locationId)
    .where('sp.open', '=', true)
    .executeTakeFirst();
  if (row) throw new AppError('LOCATION_IN_STOCKTAKE', { barcode: row.barcode ?? row.code, number: row.number });
}

/** The refusal of a booking whose resolved place is frozen (the single-statement Einlagern, stock/inbound-statement.ts). */
export function frozenRefusal(barcode: string, stocktakeNumber: string | null): void {
  if (stocktakeNumber) throw new AppError('LOCATION_IN_STOCKTAKE', { barcode, number: stocktakeNumber });
}
