import { type RawBuilder, sql } from 'kysely';
import type { StorageLocation } from '../../../shared/schemas/locations';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { requireNode } from './nodes';
import { listStorageLocations } from './queries';
import type { CustomerScope } from '../../auth/scope';

/**
 * Blocked places (Sperrplätze, docs/operations.md "Blocked places"): a place
 * is blocked when it is marked itself or lies in a blocked room. This file
 * holds the one SQL rule every availability check uses (reservations, wave
 * planning, pick allocation, picks, Auslagern, stock figures). Compartments
 * inherit their room from the rack when they carry none (as the location
 * path does, stock/queries.ts).
 */

/** `true` when the place behind `locationIdColumn` is blocked (itself or its room). A correlated subquery. */
export function placeBlocked(locationIdColumn: string): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM locations bl
    LEFT JOIN locations br ON br.id = bl.rack_id
    LEFT JOIN rooms brm ON brm.id = coalesce(bl.room_id, br.room_id)
    WHERE bl.id = ${sql.ref(locationIdColumn)} AND (bl.is_blocked OR coalesce(brm.is_blocked, false))
  )`;
}

/**
 * The blocked places as a set (column `id`), for reads over many stock rows: joined once (a hash of
 * the few blocked places), where placeBlocked() per row would make PostgreSQL hash every place of
 * the warehouse or probe three indexes per row. Each part reads an index holding only its rows
 * (migration 0036). Same rule as placeBlocked(): marked itself, or in a blocked room, its own or
 * else its rack's.
 */
export function blockedPlaces(db: DbOrTrx) {
  // The flags as literals, not parameters: only then can the planner read the partial index
  // locations_blocked and start from the blocked rooms (a parameter made it scan every place).
  const marked = db.selectFrom('locations as bl').select('bl.id').where(sql<boolean>`bl.is_blocked`);
  const inRoom = db.selectFrom('rooms as brm').innerJoin('locations as bl', 'bl.room_id', 'brm.id').select('bl.id').where(sql<boolean>`brm.is_blocked`);
  const inRacksRoom = db
    .selectFrom('rooms as brm')
    .innerJoin('locations as br', 'br.room_id', 'brm.id')
    .innerJoin('locations as bl', 'bl.rack_id', 'br.id')
    .select('bl.id')
    .where(sql<boolean>`brm.is_blocked`)
    .where('bl.room_id', 'is', null);
  return marked.union(inRoom).union(inRacksRoom);
}

/** Refuses (409 LOCATION_BLOCKED, naming the place) when a place is blocked. */
export async function assertPlaceNotBlocked(db: DbOrTrx, locationId: number): Promise<void> {
  const row = await db
    .selectFrom('locations as p')
    .select(['p.barcode', 'p.code', placeBlocked('p.id').as('blocked')])
    .where('p.id', '=', locationId)
    .executeTakeFirst();
  if (row?.blocked) throw new AppError('LOCATION_BLOCKED', { barcode: row.barcode ?? row.code });
}

/** PATCH /locations/{id}: blocks or releases a storage place (compartments only). */
export async function setPlaceBlocked(trx: Trx, scope: CustomerScope, id: number, isBlocked: boolean): Promise<StorageLocation> {
  const node = await requireNode(trx, id, true);
  if (node.kind !== 'compartment') throw new AppError('LOCATION_WRONG_PARENT', { reason: 'Nur Fächer (Lagerplätze) können gesperrt werden' });
  await trx.updateTable('locations').set({ is_blocked: isBlocked, updated_at: new Date() }).where('id', '=', id).execute();
  const [place] = await listStorageLocations(trx, scope, {}, [id]);
  if (!place) throw new AppError('LOCATION_ID_NOT_FOUND', { id });
  return place;
}

/** Wave creation: refused (LOCATION_BLOCKED naming the places) while an order holds reservations on blocked places. */
export async function assertOrdersNotOnBlockedPlaces(db: DbOrTrx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await db
    .selectFrom('order_reservations as r')
    .innerJoin('outbound_order_items as i', 'i.id', 'r.order_item_id')
    .innerJoin('stock as s', 's.id', 'r.stock_id')
    .innerJoin('locations as l', 'l.id', 's.location_id')
    .select(sql<string>`coalesce(l.barcode, l.code)`.as('place'))
    .distinct()
    .where('i.order_id', 'in', [...orderIds])
    .where(placeBlocked('s.location_id'))
    .orderBy('place')
    .execute();
  if (rows.length > 0) throw new AppError('LOCATION_BLOCKED', { barcode: rows.map((r) => r.place).join(', ') });
}
