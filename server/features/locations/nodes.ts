import type { LocationNode } from '../../../shared/schemas/locations';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';

/** Node lookups the Lageplan commands share (create.ts, service.ts). */

export type Node = LocationNode & { is_active: boolean; building_id: number | null; room_id: number | null };

export async function requireNode(db: DbOrTrx, id: number, lock = false): Promise<Node> {
  let q = db
    .selectFrom('locations')
    .select(['id', 'kind', 'code', 'barcode', 'name', 'parent_id', 'rack_id', 'is_active', 'building_id', 'room_id'])
    .where('id', '=', id)
    .where('is_active', '=', true);
  if (lock) q = q.forUpdate();
  const n = await q.executeTakeFirst();
  if (!n) throw new AppError('LOCATION_ID_NOT_FOUND', { id });
  return n;
}

/** Building/room for a rack: both must exist and be active; a room only with its building. */
export async function checkPlace(db: DbOrTrx, buildingId: number | null | undefined, roomId: number | null | undefined): Promise<void> {
  if (roomId && !buildingId) throw new AppError('ROOM_NEEDS_BUILDING');
  if (buildingId) {
    const b = await db.selectFrom('buildings').select(['name', 'is_active']).where('id', '=', buildingId).executeTakeFirst();
    if (!b) throw new AppError('BUILDING_NOT_FOUND', { id: buildingId });
    if (!b.is_active) throw new AppError('BUILDING_INACTIVE', { name: b.name });
  }
  if (roomId) {
    const r = await db.selectFrom('rooms').select(['building_id', 'is_active']).where('id', '=', roomId).executeTakeFirst();
    if (!r?.is_active) throw new AppError('ROOM_NOT_FOUND', { id: roomId });
    if (r.building_id !== buildingId) throw new AppError('ROOM_NOT_IN_BUILDING');
  }
}

/** Ids of a node and everything below it. */
export async function subtree(db: DbOrTrx, node: Node): Promise<Array<{ id: number; kind: string }>> {
  return db
    .selectFrom('locations')
    .select(['id', 'kind'])
    .where('is_active', '=', true)
    .where((eb) => {
      if (node.kind === 'rack') return eb.or([eb('id', '=', node.id), eb('rack_id', '=', node.id)]);
      if (node.kind === 'level') return eb.or([eb('id', '=', node.id), eb('parent_id', '=', node.id)]);
      return eb('id', '=', node.id);
    })
    .execute();
}

export async function displayCode(db: DbOrTrx, node: Node): Promise<string> {
  if (node.rack_id === null) return node.code;
  const rack = await db.selectFrom('locations').select('code').where('id', '=', node.rack_id).executeTakeFirst();
  return rack ? `${rack.code}-${node.code}` : node.code;
}
