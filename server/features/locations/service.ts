import { sql } from 'kysely';
import { RACK_DEFAULT_POSITION, RACK_MAX_COMPARTMENTS, RACK_MAX_LEVELS } from '../../../shared/constants';
import {
  type CreateCompartmentQuery,
  type CreateLevelQuery,
  type CreateRackQuery,
  type CreateRackResponse,
  compartmentBarcode,
  type LocationNode,
  padCode,
  type PositionRequest,
  type UpdateLocationRequest,
} from '../../../shared/schemas/locations';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError, pgErrorCode } from '../../errors';

/**
 * Lageplan commands. Racks, levels and compartments share one table; levels
 * and compartments copy the rack's building/room (the location path and the
 * building/room stock checks read them), so moving a rack moves its subtree.
 */

const KIND_DE = { rack: 'Regal', level: 'Ebene', compartment: 'Fach' } as const;

type Node = LocationNode & { is_active: boolean; building_id: number | null; room_id: number | null };

async function requireNode(db: DbOrTrx, id: number, lock = false): Promise<Node> {
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
async function checkPlace(db: DbOrTrx, buildingId: number | null | undefined, roomId: number | null | undefined): Promise<void> {
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

/** The next free two-digit number among existing child codes. */
function nextCode(existing: string[]): string {
  const nums = existing.map((c) => (/^\d+$/.test(c) ? Number(c) : 0));
  return padCode((nums.length ? Math.max(...nums) : 0) + 1);
}

async function insertCompartments(
  trx: Trx,
  rack: { id: number; code: string; building_id: number | null; room_id: number | null },
  level: { id: number; code: string },
  codes: string[],
): Promise<string[]> {
  if (codes.length === 0) return [];
  const barcodes = codes.map((c) => compartmentBarcode(rack.code, level.code, c));
  const taken = await trx.selectFrom('locations').select('barcode').where('barcode', 'in', barcodes).executeTakeFirst();
  if (taken?.barcode) throw new AppError('LOCATION_CODE_TAKEN', { code: taken.barcode });
  await trx
    .insertInto('locations')
    .values(
      codes.map((c, i) => ({
        kind: 'compartment' as const,
        parent_id: level.id,
        rack_id: rack.id,
        code: c,
        barcode: barcodes[i],
        name: `Fach ${c}`,
        sort_index: Number(c) || i + 1,
        building_id: rack.building_id,
        room_id: rack.room_id,
      })),
    )
    .execute();
  return barcodes;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => padCode(i + 1));

/** Wizard step 3: the rack with all its levels and compartments, in the caller's transaction. */
export async function createRack(trx: Trx, q: CreateRackQuery): Promise<CreateRackResponse> {
  await checkPlace(trx, q.building_id, q.room_id);
  const clash = await trx.selectFrom('locations').select('id').where('kind', '=', 'rack').where(sql`upper(code)`, '=', q.rack_code).executeTakeFirst();
  if (clash) throw new AppError('RACK_CODE_TAKEN', { rack_code: q.rack_code });
  let rack: { id: number; code: string; building_id: number | null; room_id: number | null };
  try {
    rack = await trx
      .insertInto('locations')
      .values({
        kind: 'rack',
        code: q.rack_code,
        name: q.name ?? `Regal ${q.rack_code}`,
        description: q.description,
        building_id: q.building_id ?? null,
        room_id: q.room_id ?? null,
        position_x: q.position_x ?? RACK_DEFAULT_POSITION.x,
        position_y: q.position_y ?? RACK_DEFAULT_POSITION.y,
      })
      .returning(['id', 'code', 'building_id', 'room_id'])
      .executeTakeFirstOrThrow();
  } catch (e) {
    if (pgErrorCode(e) === '23505') throw new AppError('RACK_CODE_TAKEN', { rack_code: q.rack_code });
    throw e;
  }
  const levelCount = q.levels ?? 0;
  const perLevel = levelCount > 0 ? (q.compartments_per_level ?? 1) : 0;
  const barcodes: string[] = [];
  if (levelCount > 0) {
    const levels = await trx
      .insertInto('locations')
      .values(
        range(levelCount).map((code, i) => ({
          kind: 'level' as const,
          parent_id: rack.id,
          rack_id: rack.id,
          code,
          name: `Ebene ${code}`,
          sort_index: i + 1,
          building_id: rack.building_id,
          room_id: rack.room_id,
        })),
      )
      .returning(['id', 'code'])
      .execute();
    for (const level of levels.sort((a, b) => a.code.localeCompare(b.code))) {
      barcodes.push(...(await insertCompartments(trx, rack, level, range(perLevel))));
    }
  }
  return { id: rack.id, rack_code: rack.code, level_count: levelCount, compartment_count: barcodes.length, barcodes };
}

export async function createLevel(trx: Trx, q: CreateLevelQuery): Promise<LocationNode> {
  const rack = await requireNode(trx, q.rack_id, true);
  if (rack.kind !== 'rack') throw new AppError('LOCATION_WRONG_PARENT', { reason: 'Eine Ebene gehört zu einem Regal' });
  const siblings = await trx.selectFrom('locations').select('code').where('parent_id', '=', rack.id).where('is_active', '=', true).execute();
  if (siblings.length >= RACK_MAX_LEVELS) throw new AppError('RACK_TOO_MANY_LEVELS', { max: RACK_MAX_LEVELS });
  const code = q.level_code ?? nextCode(siblings.map((s) => s.code));
  if (siblings.some((s) => s.code === code)) throw new AppError('LOCATION_CODE_TAKEN', { code: `${rack.code}-${code}` });
  const perLevel = Math.min(q.compartments ?? 0, RACK_MAX_COMPARTMENTS);
  let level: { id: number; code: string };
  try {
    level = await trx
      .insertInto('locations')
      .values({
        kind: 'level',
        parent_id: rack.id,
        rack_id: rack.id,
        code,
        name: q.name ?? `Ebene ${code}`,
        sort_index: Number(code) || siblings.length + 1,
        building_id: rack.building_id,
        room_id: rack.room_id,
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
  } catch (e) {
    if (pgErrorCode(e) === '23505') throw new AppError('LOCATION_CODE_TAKEN', { code: `${rack.code}-${code}` });
    throw e;
  }
  await insertCompartments(trx, rack, level, range(perLevel));
  return requireNode(trx, level.id);
}

export async function createCompartment(trx: Trx, q: CreateCompartmentQuery): Promise<LocationNode> {
  const level = await requireNode(trx, q.level_id, true);
  if (level.kind !== 'level' || level.rack_id === null) {
    throw new AppError('LOCATION_WRONG_PARENT', { reason: 'Ein Fach gehört zu einer Ebene' });
  }
  const rack = await requireNode(trx, level.rack_id);
  const siblings = await trx.selectFrom('locations').select('code').where('parent_id', '=', level.id).where('is_active', '=', true).execute();
  if (siblings.length >= RACK_MAX_COMPARTMENTS) throw new AppError('RACK_TOO_MANY_COMPARTMENTS', { max: RACK_MAX_COMPARTMENTS });
  const code = q.compartment_code ?? nextCode(siblings.map((s) => s.code));
  if (siblings.some((s) => s.code === code)) throw new AppError('LOCATION_CODE_TAKEN', { code: compartmentBarcode(rack.code, level.code, code) });
  const [barcode] = await insertCompartments(trx, rack, level, [code]);
  if (q.name) await trx.updateTable('locations').set({ name: q.name }).where('barcode', '=', barcode).execute();
  const row = await trx.selectFrom('locations').select('id').where('barcode', '=', barcode).executeTakeFirstOrThrow();
  return requireNode(trx, row.id);
}

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

/** Ids of a node and everything below it. */
async function subtree(db: DbOrTrx, node: Node): Promise<Array<{ id: number; kind: string }>> {
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

async function displayCode(db: DbOrTrx, node: Node): Promise<string> {
  if (node.rack_id === null) return node.code;
  const rack = await db.selectFrom('locations').select('code').where('id', '=', node.rack_id).executeTakeFirst();
  return rack ? `${rack.code}-${node.code}` : node.code;
}

/** Compartment ids under a node (labels): a rack's, a level's, or the compartment itself. */
export async function compartmentIdsUnder(db: DbOrTrx, id: number): Promise<number[]> {
  const node = await requireNode(db, id);
  const nodes = await subtree(db, node);
  return nodes.filter((n) => n.kind === 'compartment').map((n) => n.id);
}
