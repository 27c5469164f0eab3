import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import { type ChangeWindow, writtenIn } from '../../../sync/server/change-window';
import type { Actor } from '../../auth/actor';
import { waveVisibleTo } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { PICKABLE } from '../picking/working-set';

/**
 * The places a staff handheld holds when its user has an Arbeitsbereich (docs/sync.md "Entities"):
 * the compartments of the area's rooms, plus every place the device's other working-set rows send
 * the worker to (the stops of the waves the worker may pick, the open places of counting
 * stocktakes), so nothing the device needs offline is missing. The place, stock and product sources
 * all narrow through onDevicePlace; without an area every condition here is `true` (unchanged).
 */

const root = () => expressionBuilder<Database, never>();

/** Compartments in the rooms: a compartment's own room, else its rack's (as the location source reads the path). */
function areaPlaces(rooms: readonly number[]) {
  return root()
    .selectFrom('locations as wa_l')
    .leftJoin('locations as wa_r', 'wa_r.id', 'wa_l.rack_id')
    .select('wa_l.id')
    .where('wa_l.kind', '=', 'compartment')
    .where(sql<number>`coalesce(wa_l.room_id, wa_r.room_id)`, 'in', [...rooms]);
}

/**
 * Places referenced by the device's other rows: reservations of the waves in the actor's set
 * (picking/working-set.ts) and open places of counting stocktakes (stocktakes/working-set.ts).
 * With `since` only those whose referencing row was written in the window: they may have entered the set.
 */
function referencedPlaces(actor: Actor, since: ChangeWindow | null) {
  const stops = root()
    .selectFrom('order_reservations as wa_res')
    .innerJoin('stock as wa_s', 'wa_s.id', 'wa_res.stock_id')
    .innerJoin('outbound_order_items as wa_i', 'wa_i.id', 'wa_res.order_item_id')
    .innerJoin('picking_wave_orders as wa_wo', 'wa_wo.order_id', 'wa_i.order_id')
    .innerJoin('picking_waves as wa_w', 'wa_w.id', 'wa_wo.wave_id')
    .select('wa_s.location_id as id')
    .where('wa_w.status', 'in', PICKABLE)
    .where((x) => x.or([x('wa_w.picker_user_id', 'is', null), x('wa_w.picker_user_id', '=', actor.id)]))
    .where((x) => waveVisibleTo(x, 'wa_w.id', actor.scope))
    .where(writtenIn(since, 'wa_res', 'wa_wo', 'wa_w'));
  const counted = root()
    .selectFrom('stocktake_places as wa_sp')
    .innerJoin('stocktakes as wa_st', 'wa_st.id', 'wa_sp.stocktake_id')
    .select('wa_sp.location_id as id')
    .where('wa_sp.open', '=', true)
    .where('wa_st.status', '=', 'counting')
    .where(writtenIn(since, 'wa_sp', 'wa_st'));
  return stops.union(counted);
}

/** The actor's Arbeitsbereich, or null: the whole warehouse. */
export function workRooms(actor: Actor): readonly number[] | null {
  return actor.work_rooms && actor.work_rooms.length > 0 ? actor.work_rooms : null;
}

/** A WHERE condition: the place in `column` (a location id) is on the actor's device. */
export function onDevicePlace(column: string, actor: Actor): Expression<SqlBool> {
  const rooms = workRooms(actor);
  if (!rooms) return sql<SqlBool>`true`;
  const ref = sql.ref<number>(column);
  // A subquery inside sql`` is put in parentheses by the compiler.
  return sql<SqlBool>`(${ref} in ${areaPlaces(rooms)} or ${ref} in ${referencedPlaces(actor, null)})`;
}

/**
 * A WHERE condition for incremental pulls: the place in `column` entered the device's set in the
 * window through a referencing row (a wave to pick, a stocktake to count), so its rows are sent
 * although they did not change. false without an area (every place is on the device anyway).
 */
export function placeEntered(column: string, actor: Actor, since: ChangeWindow): Expression<SqlBool> {
  if (!workRooms(actor)) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref<number>(column)} in ${referencedPlaces(actor, since)}`;
}
