import { type SqlBool, sql } from 'kysely';
import { isCustomerUser } from '../../../shared/domain/roles';
import { LocationEntity, type WsLocation } from '../../../shared/schemas/locations';
import { inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { defineSource } from '../../offline';
import { openStocktakeOf } from '../stocktakes/frozen';
import { placeBlocked } from './blocked';
import { onDevicePlace, placeEntered } from './work-area';

/** The places as a device holds them (WsLocation), before any scope: the source and the place lookup read them alike. */
export function placeRows(db: DbOrTrx) {
  return db
    .selectFrom('locations as l')
    .leftJoin('locations as r', (j) => j.on(sql<SqlBool>`r.id = coalesce(l.rack_id, l.id)`))
    .leftJoin('rooms as rm', (j) => j.on(sql<SqlBool>`rm.id = coalesce(l.room_id, r.room_id)`))
    .leftJoin('buildings as b', (j) => j.on(sql<SqlBool>`b.id = coalesce(l.building_id, r.building_id, rm.building_id)`))
    .select([
      'l.id',
      'l.barcode',
      'l.is_active',
      sql<string>`concat_ws(' / ', b.name, rm.name, l.barcode)`.as('path'),
      placeBlocked('l.id').as('is_blocked'),
      openStocktakeOf('l.id').as('stocktake'),
    ])
    .where('l.kind', '=', 'compartment')
    .where('l.barcode', 'is not', null);
}

type PlaceRow = Awaited<ReturnType<ReturnType<typeof placeRows>['execute']>>[number];

export function toWsLocation(r: PlaceRow): WsLocation {
  return {
    id: r.id,
    barcode: r.barcode ?? '',
    path: r.path,
    is_active: r.is_active,
    is_blocked: Boolean(r.is_blocked),
    stocktake: r.stocktake,
  };
}

/**
 * Compartments (the scannable places) with their path, blocked flag and the open stocktake freezing them
 * (docs/operations.md "Stocktake"); customer users only those holding their stock; staff with an
 * Arbeitsbereich only its places and those their waves and stocktakes send them to (./work-area.ts).
 */
export const locationSource = defineSource(LocationEntity, async (trx, actor, since) => {
  let q = placeRows(trx).where(onDevicePlace('l.id', actor));
  const customer = isCustomerUser(actor);
  if (customer) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('stock')
          .select(sql`1`.as('one'))
          .whereRef('stock.location_id', '=', 'l.id')
          .where((e2) => inScope(e2, 'stock.customer_id', actor.scope)),
      ),
    );
  }
  if (since) {
    // A renamed building or room changes the path of every place in it; a blocked room blocks them;
    // a stocktake freezes its places at creation and thaws them when booked or cancelled.
    const frozenChanged = sql<SqlBool>`EXISTS (SELECT 1 FROM stocktake_places csp WHERE csp.location_id = l.id AND ${since.changed('csp')})`;
    // A place that entered a worker's area set (a wave to pick there, a stocktake) is sent as well.
    const parts = [since.changed('l'), since.changed('r'), since.changed('rm'), since.changed('b'), frozenChanged, placeEntered('l.id', actor, since)];
    q = q.where((eb) =>
      eb.or(
        customer
          ? [
              ...parts,
              eb.exists(
                eb
                  .selectFrom('stock')
                  .select(sql`1`.as('one'))
                  .whereRef('stock.location_id', '=', 'l.id')
                  .where((e2) => inScope(e2, 'stock.customer_id', actor.scope))
                  .where(since.changed('stock')),
              ),
            ]
          : parts,
      ),
    );
  }
  const rows = await q.orderBy('l.id').execute();
  return rows.map(toWsLocation);
});
