import { sql } from 'kysely';
import { isStaff } from '../../../shared/domain/roles';
import { StocktakePlaceEntity, type WsStocktakeCount, type WsStocktakePlace } from '../../../shared/schemas/stocktake';
import { inScope } from '../../auth/scope';
import { defineSource } from '../../offline';

/**
 * Working-set entity 'stocktakePlaces' (docs/operations.md "Stocktake"): the
 * places of every counting stocktake, with their done flag and the reader's
 * own counts there, so the handheld counts offline. Never the expected
 * quantities (a blind count must not show them). Staff only.
 *
 * Incremental pulls send the places whose row, stocktake or count lines
 * changed in the window (done, a count, booking or cancelling clears `open`):
 * still open and counting → put, otherwise → del. Stocktakes are never
 * deleted, so no tombstones are needed.
 */
export const stocktakePlaceSource = defineSource(StocktakePlaceEntity, async (trx, actor, since) => {
  if (!isStaff(actor)) return [];
  let q = trx
    .selectFrom('stocktake_places as sp')
    .innerJoin('stocktakes as st', 'st.id', 'sp.stocktake_id')
    .innerJoin('locations as l', 'l.id', 'sp.location_id')
    .select(['sp.id', 'sp.stocktake_id', 'st.number', 'st.name', 'sp.location_id', 'l.barcode', 'l.code', 'sp.done', 'sp.open', 'st.status']);
  if (since) {
    q = q.where((eb) =>
      eb.or([
        since.changed('sp'),
        since.changed('st'),
        eb.exists(eb.selectFrom('stocktake_lines as sl').select(sql`1`.as('one')).whereRef('sl.place_id', '=', 'sp.id').where(since.changed('sl'))),
      ]),
    );
  } else {
    q = q.where('sp.open', '=', true).where('st.status', '=', 'counting');
  }
  const places = await q.orderBy('sp.id').execute();
  const live = places.filter((p) => p.open && p.status === 'counting');
  const counts = new Map<number, WsStocktakeCount[]>();
  if (live.length > 0) {
    // The reader's own counts on open places: few rows, read in one statement whatever the number of places.
    const lines = await trx
      .selectFrom('stocktake_lines as sl')
      .innerJoin('stocktake_places as sp', 'sp.id', 'sl.place_id')
      .innerJoin('products as p', 'p.id', 'sl.product_id')
      .select(['sl.place_id', 'p.ean', 'sl.customer_id', 'sl.batch_number', 'sl.counted'])
      .where('sp.open', '=', true)
      .where('sl.counted_by', '=', actor.id)
      .where('sl.counted', 'is not', null)
      .where((eb) => inScope(eb, 'sl.customer_id', actor.scope))
      .orderBy('sl.id')
      .execute();
    for (const l of lines) {
      const list = counts.get(l.place_id) ?? [];
      list.push({ ean: l.ean, customer_id: l.customer_id, batch_number: l.batch_number, counted: l.counted ?? 0 });
      counts.set(l.place_id, list);
    }
  }
  return places.map((p): WsStocktakePlace | { del: number } =>
    p.open && p.status === 'counting'
      ? {
          id: p.id,
          stocktake_id: p.stocktake_id,
          number: p.number,
          name: p.name,
          location_id: p.location_id,
          location_barcode: p.barcode ?? p.code,
          done: p.done,
          counts: counts.get(p.id) ?? [],
        }
      : { del: p.id },
  );
});
