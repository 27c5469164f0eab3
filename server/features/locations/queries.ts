import { sql } from 'kysely';
import type { HierarchyRack, StorageLocation } from '../../../shared/schemas/locations';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';

/**
 * Read side of the Lageplan: the rack tree with stock sums, and the flat
 * compartment list. The places are the same for every staff user (the
 * building is shared), but the sums count only the stock of customers in the
 * caller's scope: a user limited to some customers must not learn how much
 * the others store, nor which places they occupy (docs/operations.md "Roles and customer scope").
 */

/** Units stored per place, of the customers in `scope` only (places without such stock are absent). */
async function scopedSums(db: DbOrTrx, scope: CustomerScope, placeIds: number[]): Promise<Map<number, number>> {
  if (placeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stock as s')
    .select(['s.location_id', sql<number>`sum(s.quantity)::int`.as('q')])
    .where('s.location_id', 'in', placeIds)
    .where((eb) => inScope(eb, 's.customer_id', scope))
    .groupBy('s.location_id')
    .execute();
  return new Map(rows.map((r) => [r.location_id, Number(r.q)]));
}

export interface RackFilter {
  building_id?: number;
  room_id?: number;
  rack_id?: number;
}

export async function loadHierarchy(db: DbOrTrx, scope: CustomerScope, f: RackFilter = {}): Promise<HierarchyRack[]> {
  let rq = db
    .selectFrom('locations as r')
    .leftJoin('buildings as b', 'b.id', 'r.building_id')
    .leftJoin('rooms as rm', 'rm.id', 'r.room_id')
    .select([
      'r.id',
      'r.code as rack_code',
      'r.name',
      'r.description',
      'r.building_id',
      'b.name as building_name',
      'r.room_id',
      'rm.name as room_name',
      sql<boolean>`coalesce(rm.is_blocked, false)`.as('room_blocked'),
      'r.position_x',
      'r.position_y',
      'r.created_at',
    ])
    .where('r.kind', '=', 'rack')
    .where('r.is_active', '=', true)
    .orderBy('r.code');
  if (f.building_id) rq = rq.where('r.building_id', '=', f.building_id);
  if (f.room_id) rq = rq.where('r.room_id', '=', f.room_id);
  if (f.rack_id) rq = rq.where('r.id', '=', f.rack_id);
  const racks = await rq.execute();
  if (racks.length === 0) return [];
  const rackIds = racks.map((r) => r.id);
  const children = await db
    .selectFrom('locations as l')
    .select(['l.id', 'l.kind', 'l.parent_id', 'l.rack_id', 'l.code', 'l.barcode', 'l.name', 'l.sort_index', 'l.is_blocked'])
    .where('l.rack_id', 'in', rackIds)
    .where('l.is_active', '=', true)
    .orderBy('l.code')
    .execute();
  const sums = await scopedSums(
    db,
    scope,
    children.filter((c) => c.kind === 'compartment').map((c) => c.id),
  );

  const levelsByRack = new Map<number, HierarchyRack['levels']>();
  const levelById = new Map<number, HierarchyRack['levels'][number]>();
  for (const c of children) {
    if (c.kind !== 'level') continue;
    const level = { id: c.id, level_code: c.code, name: c.name, compartments: [] };
    levelById.set(c.id, level);
    const list = levelsByRack.get(c.rack_id as number) ?? [];
    list.push(level);
    levelsByRack.set(c.rack_id as number, list);
  }
  for (const c of children) {
    if (c.kind !== 'compartment' || c.parent_id === null) continue;
    levelById.get(c.parent_id)?.compartments.push({
      id: c.id,
      compartment_code: c.code,
      barcode: c.barcode ?? c.code,
      name: c.name,
      is_blocked: c.is_blocked,
      stock_quantity: sums.get(c.id) ?? 0,
    });
  }
  return racks.map((r) => {
    const levels = levelsByRack.get(r.id) ?? [];
    const comps = levels.flatMap((l) => l.compartments);
    return {
      ...r,
      position_x: Number(r.position_x),
      position_y: Number(r.position_y),
      level_count: levels.length,
      compartment_count: comps.length,
      occupied_count: comps.filter((c) => c.stock_quantity > 0).length,
      stock_quantity: comps.reduce((s, c) => s + c.stock_quantity, 0),
      levels,
    };
  });
}

/** Active compartments with their path parts (part 2 "Storage location"). */
export async function listStorageLocations(db: DbOrTrx, scope: CustomerScope, f: RackFilter = {}, ids?: number[]): Promise<StorageLocation[]> {
  let q = db
    .selectFrom('locations as c')
    .innerJoin('locations as lv', 'lv.id', 'c.parent_id')
    .innerJoin('locations as r', 'r.id', 'c.rack_id')
    .leftJoin('rooms as rm', (j) => j.on(sql<boolean>`rm.id = coalesce(c.room_id, r.room_id)`))
    .leftJoin('buildings as b', (j) => j.on(sql<boolean>`b.id = coalesce(c.building_id, r.building_id, rm.building_id)`))
    .select([
      'c.id',
      'c.barcode',
      'c.name as location_name',
      'b.id as building_id',
      'b.name as building_name',
      'rm.id as room_id',
      'rm.name as room_name',
      'r.id as rack_id',
      'r.code as rack_code',
      'lv.code as level_code',
      'c.code as compartment_code',
      'c.is_blocked',
      sql<boolean>`coalesce(rm.is_blocked, false)`.as('room_blocked'),
    ])
    .where('c.kind', '=', 'compartment')
    .where('c.is_active', '=', true)
    .where('c.barcode', 'is not', null)
    .orderBy('r.code')
    .orderBy('lv.code')
    .orderBy('c.code');
  if (f.building_id) q = q.where(sql`coalesce(c.building_id, r.building_id)`, '=', f.building_id);
  if (f.room_id) q = q.where(sql`coalesce(c.room_id, r.room_id)`, '=', f.room_id);
  if (f.rack_id) q = q.where('r.id', '=', f.rack_id);
  if (ids) q = q.where('c.id', 'in', ids.length ? ids : [-1]);
  const rows = await q.execute();
  const sums = await scopedSums(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const barcode = r.barcode as string;
    return {
      ...r,
      barcode,
      stock_quantity: sums.get(r.id) ?? 0,
      full_path: [r.building_name, r.room_name, barcode].filter(Boolean).join(' / '),
    };
  });
}
