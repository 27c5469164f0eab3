import { sql } from 'kysely';
import type { Building, CreateBuildingRequest, CreateRoomRequest, Room, UpdateBuildingRequest, UpdateRoomRequest } from '../../../shared/schemas/buildings';
import { isAdmin, type RoleSubject } from '../../../shared/domain/roles';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError, pgErrorCode } from '../../errors';

/**
 * Buildings and rooms. Delete deactivates (history keeps pointing at them);
 * a building or room that still holds stock stays active (409 naming the
 * quantity). Creating a code that belongs to a deactivated entry reactivates
 * it, so a deactivated code never blocks the admin invisibly.
 */

interface StockTotals {
  quantity: number;
  positions: number;
}

/** Stock held in a building or room: compartments inherit building/room from their rack. */
async function stockIn(db: DbOrTrx, by: 'building' | 'room', id: number): Promise<StockTotals> {
  const col = by === 'building' ? sql`coalesce(l.building_id, r.building_id, rm.building_id)` : sql`coalesce(l.room_id, r.room_id)`;
  const row = await sql<{ quantity: number | null; positions: number }>`
    SELECT coalesce(sum(s.quantity), 0)::int AS quantity, count(DISTINCT s.location_id)::int AS positions
    FROM stock s
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN locations r ON r.id = l.rack_id
    LEFT JOIN rooms rm ON rm.id = coalesce(l.room_id, r.room_id)
    WHERE s.quantity > 0 AND ${col} = ${id}`.execute(db);
  const r = row.rows[0];
  return { quantity: Number(r?.quantity ?? 0), positions: Number(r?.positions ?? 0) };
}

function buildingQuery(db: DbOrTrx) {
  return db
    .selectFrom('buildings as b')
    .select([
      'b.id',
      'b.building_code',
      'b.name',
      'b.address',
      'b.is_active',
      'b.created_at',
      sql<number>`(SELECT count(*)::int FROM rooms WHERE building_id = b.id AND is_active)`.as('room_count'),
      sql<number>`(SELECT count(*)::int FROM locations WHERE kind = 'rack' AND is_active AND building_id = b.id)`.as('rack_count'),
    ]);
}

export async function listBuildings(db: DbOrTrx, includeInactive: boolean): Promise<Building[]> {
  let q = buildingQuery(db).orderBy('b.building_code');
  if (!includeInactive) q = q.where('b.is_active', '=', true);
  return q.execute();
}

export async function getBuilding(db: DbOrTrx, id: number): Promise<Building> {
  const b = await buildingQuery(db).where('b.id', '=', id).executeTakeFirst();
  if (!b) throw new AppError('BUILDING_NOT_FOUND', { id });
  return b;
}

export async function createBuilding(trx: Trx, input: CreateBuildingRequest): Promise<{ building: Building; reactivated: boolean }> {
  const existing = await trx.selectFrom('buildings').select(['id', 'is_active']).where(sql`upper(building_code)`, '=', input.building_code).executeTakeFirst();
  if (existing?.is_active) throw new AppError('BUILDING_CODE_TAKEN', { building_code: input.building_code });
  if (existing) {
    await trx
      .updateTable('buildings')
      .set({ is_active: true, name: input.name, address: input.address, building_code: input.building_code, updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return { building: await getBuilding(trx, existing.id), reactivated: true };
  }
  try {
    const row = await trx
      .insertInto('buildings')
      .values({ building_code: input.building_code, name: input.name, address: input.address })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { building: await getBuilding(trx, row.id), reactivated: false };
  } catch (e) {
    if (pgErrorCode(e) === '23505') throw new AppError('BUILDING_CODE_TAKEN', { building_code: input.building_code });
    throw e;
  }
}

export async function updateBuilding(trx: Trx, id: number, input: UpdateBuildingRequest): Promise<Building> {
  await getBuilding(trx, id);
  if (input.building_code) {
    const clash = await trx
      .selectFrom('buildings')
      .select('id')
      .where(sql`upper(building_code)`, '=', input.building_code)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (clash) throw new AppError('BUILDING_CODE_TAKEN', { building_code: input.building_code });
  }
  await trx
    .updateTable('buildings')
    .set({
      ...(input.building_code ? { building_code: input.building_code } : {}),
      ...(input.name ? { name: input.name } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  return getBuilding(trx, id);
}

/** Deactivates a building and its rooms; refused while stock is stored there. */
export async function deactivateBuilding(trx: Trx, id: number): Promise<string> {
  const b = await trx.selectFrom('buildings').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!b) throw new AppError('BUILDING_NOT_FOUND', { id });
  const held = await stockIn(trx, 'building', id);
  if (held.quantity > 0) throw new AppError('BUILDING_HAS_STOCK', { name: b.name, quantity: held.quantity, positions: held.positions });
  const now = new Date();
  await trx.updateTable('buildings').set({ is_active: false, updated_at: now }).where('id', '=', id).execute();
  await trx.updateTable('rooms').set({ is_active: false, updated_at: now }).where('building_id', '=', id).execute();
  return `Gebäude ${b.name} wurde deaktiviert`;
}

function roomQuery(db: DbOrTrx) {
  return db
    .selectFrom('rooms as r')
    .innerJoin('buildings as b', 'b.id', 'r.building_id')
    .select([
      'r.id',
      'r.building_id',
      'b.name as building_name',
      'r.room_code',
      'r.name',
      'r.room_type',
      'r.is_active',
      'r.is_blocked',
      'r.created_at',
      sql<number>`(SELECT count(*)::int FROM locations WHERE kind = 'rack' AND is_active AND room_id = r.id)`.as('rack_count'),
    ]);
}

export async function listRooms(db: DbOrTrx, buildingId?: number): Promise<Room[]> {
  let q = roomQuery(db).where('r.is_active', '=', true).where('b.is_active', '=', true).orderBy('b.building_code').orderBy('r.room_code');
  if (buildingId) q = q.where('r.building_id', '=', buildingId);
  return q.execute();
}

export async function getRoom(db: DbOrTrx, id: number): Promise<Room> {
  const r = await roomQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!r) throw new AppError('ROOM_NOT_FOUND', { id });
  return r;
}

export async function createRoom(trx: Trx, input: CreateRoomRequest): Promise<{ room: Room; reactivated: boolean }> {
  const b = await trx.selectFrom('buildings').select(['id', 'name', 'is_active']).where('id', '=', input.building_id).executeTakeFirst();
  if (!b) throw new AppError('BUILDING_NOT_FOUND', { id: input.building_id });
  if (!b.is_active) throw new AppError('BUILDING_INACTIVE', { name: b.name });
  const existing = await trx
    .selectFrom('rooms')
    .select(['id', 'is_active'])
    .where('building_id', '=', input.building_id)
    .where(sql`upper(room_code)`, '=', input.room_code)
    .executeTakeFirst();
  if (existing?.is_active) throw new AppError('ROOM_CODE_TAKEN', { room_code: input.room_code });
  if (existing) {
    await trx
      .updateTable('rooms')
      .set({ is_active: true, name: input.name, room_type: input.room_type, room_code: input.room_code, updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return { room: await getRoom(trx, existing.id), reactivated: true };
  }
  try {
    const row = await trx
      .insertInto('rooms')
      .values({ building_id: input.building_id, room_code: input.room_code, name: input.name, room_type: input.room_type })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { room: await getRoom(trx, row.id), reactivated: false };
  } catch (e) {
    if (pgErrorCode(e) === '23505') throw new AppError('ROOM_CODE_TAKEN', { room_code: input.room_code });
    throw e;
  }
}

/**
 * Admins change everything of a room; a warehouse manager only blocks or
 * releases it (docs/operations.md "Blocked places"), the route lets both in.
 */
export async function updateRoom(trx: Trx, actor: RoleSubject, id: number, input: UpdateRoomRequest): Promise<Room> {
  const { is_blocked, ...masterData } = input;
  if (!isAdmin(actor) && Object.values(masterData).some((v) => v !== undefined)) throw new AppError('FORBIDDEN');
  const room = await getRoom(trx, id);
  if (input.room_code) {
    const clash = await trx
      .selectFrom('rooms')
      .select('id')
      .where('building_id', '=', room.building_id)
      .where(sql`upper(room_code)`, '=', input.room_code)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (clash) throw new AppError('ROOM_CODE_TAKEN', { room_code: input.room_code });
  }
  await trx
    .updateTable('rooms')
    .set({
      ...(input.room_code ? { room_code: input.room_code } : {}),
      ...(input.name ? { name: input.name } : {}),
      ...(input.room_type ? { room_type: input.room_type } : {}),
      ...(is_blocked !== undefined ? { is_blocked } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  return getRoom(trx, id);
}

export async function deactivateRoom(trx: Trx, id: number): Promise<string> {
  const r = await trx.selectFrom('rooms').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!r) throw new AppError('ROOM_NOT_FOUND', { id });
  const held = await stockIn(trx, 'room', id);
  if (held.quantity > 0) throw new AppError('ROOM_HAS_STOCK', { name: r.name, quantity: held.quantity, positions: held.positions });
  await trx.updateTable('rooms').set({ is_active: false, updated_at: new Date() }).where('id', '=', id).execute();
  return `Raum ${r.name} wurde deaktiviert`;
}
