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
} from '../../../shared/schemas/locations';
import type { Trx } from '../../db/index';
import { AppError, pgErrorCode } from '../../errors';
import { checkPlace, requireNode } from './nodes';

/**
 * Lageplan create commands: a rack with its levels and compartments (the
 * wizard), a level, a compartment. Levels and compartments copy the rack's
 * building/room (see service.ts).
 */

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
