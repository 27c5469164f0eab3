import type { Trx } from './index';
import type { DemoRack } from './seed-data';

/**
 * The demo warehouse (docs/demo-data.md): hall H1 in Bielefeld with the main
 * store (racks A, B, C) and the cold room (rack K). Compartment barcodes are
 * `<rack>-<level>-<compartment>` (A-01-01); the lists hold the compartment
 * ids level by level, so index 0 is level 01 compartment 01.
 */
export async function createRack(
  trx: Trx,
  code: string,
  buildingId: number,
  roomId: number,
  levels: number,
  compartments: number,
  x: number,
  y: number,
): Promise<number[]> {
  const rack = await trx
    .insertInto('locations')
    .values({
      kind: 'rack',
      code,
      name: `Regal ${code}`,
      building_id: buildingId,
      room_id: roomId,
      position_x: x,
      position_y: y,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const compartmentIds: number[] = [];
  for (let l = 1; l <= levels; l++) {
    const lc = String(l).padStart(2, '0');
    const level = await trx
      .insertInto('locations')
      .values({ kind: 'level', parent_id: rack.id, rack_id: rack.id, code: lc, name: `Ebene ${lc}`, sort_index: l, building_id: buildingId, room_id: roomId })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let c = 1; c <= compartments; c++) {
      const cc = String(c).padStart(2, '0');
      const comp = await trx
        .insertInto('locations')
        .values({
          kind: 'compartment',
          parent_id: level.id,
          rack_id: rack.id,
          code: cc,
          barcode: `${code}-${lc}-${cc}`,
          name: `Fach ${cc}`,
          sort_index: c,
          building_id: buildingId,
          room_id: roomId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      compartmentIds.push(comp.id);
    }
  }
  return compartmentIds;
}

/** Building, rooms and racks; the compartment ids of each rack. */
export async function seedLayout(trx: Trx): Promise<Record<DemoRack, number[]>> {
  const b = await trx
    .insertInto('buildings')
    .values({ building_code: 'H1', name: 'Halle 1', address: 'Industriestraße 12, 33602 Bielefeld' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const r1 = await trx
    .insertInto('rooms')
    .values({ building_id: b.id, room_code: 'R1', name: 'Hauptlager', room_type: 'ambient' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const r2 = await trx
    .insertInto('rooms')
    .values({ building_id: b.id, room_code: 'K1', name: 'Kühlraum', room_type: 'cooled' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    A: await createRack(trx, 'A', b.id, r1.id, 3, 4, 100, 100),
    B: await createRack(trx, 'B', b.id, r1.id, 3, 4, 100, 160),
    C: await createRack(trx, 'C', b.id, r1.id, 2, 5, 160, 100),
    K: await createRack(trx, 'K', b.id, r2.id, 2, 3, 320, 100),
  };
}
