import { sql } from 'kysely';
import type { LocationNode, PositionRequest, UpdateLocationRequest } from '../../../shared/schemas/locations';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { checkPlace, displayCode, requireNode, subtree } from './nodes';

/**
 * Lageplan commands. Racks, levels and compartments share one table; levels
 * and compartments copy the rack's building/room (the location path and the
 * building/room stock checks read them), so moving a rack moves its subtree.
 */

const KIND_DE = { rack: 'Regal', level: 'Ebene', compartment: 'Fach' } as const;

/** Name/description of any node; building/room of a rack (carried down to its levels and compartments). */
export async function updateLocation(trx: Trx, id: number, input: UpdateLocationRequest): Promise<LocationNode> {
  const node = await requireNode(trx, id, true);
  const now = new Date();
  await trx.updateTable('locations').set({ name: input.name, description: input.description, updated_at: now }).where('id', '=', id).execute();
  if (node.kind === 'rack' && (input.building_id !== undefined || input.room_id !== undefined)) {
    const buildingId = input.building_id === undefined ? node.building_id : input.building_id;
    // A new building without a room given clears the old room (it belongs to the old building).
    const roomId = input.room_id === undefined ? (buildingId === node.building_id ? node.room_id : null) : input.room_id;
    await checkPlace(trx, buildingId, roomId);
    await trx
      .updateTable('locations')
      .set({ building_id: buildingId ?? null, room_id: roomId ?? null, updated_at: now })
      .where((eb) => eb.or([eb('id', '=', id), eb('rack_id', '=', id)]))
      .execute();
  }
  return requireNode(trx, id);
}

export async function setPosition(trx: Trx, id: number, pos: PositionRequest): Promise<{ id: number; position_x: number; position_y: number }> {
  const node = await requireNode(trx, id);
  if (node.kind !== 'rack') throw new AppError('LOCATION_WRONG_PARENT', { reason: 'Nur Regale haben eine Position im Lageplan' });
  await trx.updateTable('locations').set({ position_x: pos.position_x, position_y: pos.position_y, updated_at: new Date() }).where('id', '=', id).execute();
  return { id, position_x: pos.position_x, position_y: pos.position_y };
}

/**
 * Deletes a rack, level or compartment with everything below it; refused
 * while stock is stored there. Places without history are removed; places
 * with history (movements, receipts, emptied stock rows) are retired: the
 * barcode is released for reuse and the printed code stays readable in the
 * history paths. Handhelds learn of removed compartments through tombstones.
 */
export async function deleteLocation(trx: Trx, id: number, scope: CustomerScope): Promise<{ message: string; removed_compartments: number }> {
  const node = await requireNode(trx, id, true);
  const nodes = await subtree(trx, node);
  const ids = nodes.map((n) => n.id);
  const compartments = nodes.filter((n) => n.kind === 'compartment').map((n) => n.id);
  const display = node.barcode ?? (node.kind === 'rack' ? node.code : await displayCode(trx, node));
  const held = await trx
    .selectFrom('stock')
    .select((eb) => [
      sql<number>`coalesce(sum(quantity), 0)::int`.as('q'),
      sql<number>`coalesce(sum(quantity) FILTER (WHERE ${inScope(eb, 'customer_id', scope)}), 0)::int`.as('visible'),
    ])
    .where('location_id', 'in', ids)
    .executeTakeFirst();
  const quantity = Number(held?.q ?? 0);
  // Any stock refuses the delete, but a quantity that includes customers outside the admin's scope is not named.
  if (quantity > 0 && quantity !== Number(held?.visible ?? 0)) throw new AppError('LOCATION_HAS_STOCK_HIDDEN', { kind: KIND_DE[node.kind], code: display });
  if (quantity > 0) throw new AppError('LOCATION_HAS_STOCK', { kind: KIND_DE[node.kind], code: display, quantity });

  const [stockRef, moveRef, receiptRef] = await Promise.all([
    trx.selectFrom('stock').select('id').where('location_id', 'in', ids).limit(1).executeTakeFirst(),
    trx.selectFrom('stock_movements').select('id').where('location_id', 'in', ids).limit(1).executeTakeFirst(),
    trx.selectFrom('inbound_receipts').select('id').where('location_id', 'in', ids).limit(1).executeTakeFirst(),
  ]);
  if (stockRef || moveRef || receiptRef) {
    const now = new Date();
    await trx
      .updateTable('locations')
      .set({
        is_active: false,
        updated_at: now,
        // Compartments keep their printed code as text (history paths read it); levels and racks free their code.
        code: sql<string>`CASE WHEN kind = 'compartment' THEN coalesce(barcode, code) || ' (gelöscht #' || id || ')' ELSE code || '~' || id END`,
        barcode: null,
      })
      .where('id', 'in', ids)
      .execute();
  } else {
    await trx.deleteFrom('locations').where('id', '=', id).execute();
  }
  if (compartments.length > 0) {
    // Untagged for staff (they keep every place); tagged per customer whose stock was there for their
    // devices (customer users keep only those places and must not learn of other deletions).
    const holders = await trx.selectFrom('stock').select(['location_id', 'customer_id']).distinct().where('location_id', 'in', compartments).execute();
    await trx
      .insertInto('sync_tombstones')
      .values([
        ...compartments.map((cid) => ({ entity: 'location', entity_id: String(cid), customer_id: null })),
        ...holders.map((h) => ({ entity: 'location', entity_id: String(h.location_id), customer_id: h.customer_id })),
      ])
      .execute();
  }
  return { message: `${KIND_DE[node.kind]} ${display} wurde gelöscht`, removed_compartments: compartments.length };
}

/** Compartment ids under a node (labels): a rack's, a level's, or the compartment itself. */
export async function compartmentIdsUnder(db: DbOrTrx, id: number): Promise<number[]> {
  const node = await requireNode(db, id);
  const nodes = await subtree(db, node);
  return nodes.filter((n) => n.kind === 'compartment').map((n) => n.id);
}
