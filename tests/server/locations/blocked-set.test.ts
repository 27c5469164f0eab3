import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedPlaces, placeBlocked } from '../../../server/features/locations/blocked';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildPlacedCompartments } from '../../helpers/factories';

/**
 * blockedPlaces() (the set joined by reads over many stock rows) holds exactly the places
 * placeBlocked() (the per-row rule) calls blocked: marked itself, in a blocked room of its own,
 * or without a room of its own in a rack whose room is blocked (docs/operations.md "Blocked places").
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('blockedPlaces', () => {
  it('holds the places placeBlocked calls blocked, each once', async () => {
    const free = await buildPlacedCompartments(t.db, 3);
    const closed = await buildPlacedCompartments(t.db, 3);
    const [marked, , ownRoomClosed] = free.compartments;
    const [viaRack, ownRoomOpen, markedInClosed] = closed.compartments;
    await t.db.updateTable('rooms').set({ is_blocked: true }).where('id', '=', closed.room.id).execute();
    await t.db.updateTable('locations').set({ is_blocked: true }).where('id', 'in', [marked.id, markedInClosed.id]).execute();
    // A compartment's own room wins over its rack's: one in the open room, one in the closed room.
    await t.db.updateTable('locations').set({ room_id: free.room.id }).where('id', '=', ownRoomOpen.id).execute();
    await t.db.updateTable('locations').set({ room_id: closed.room.id }).where('id', '=', ownRoomClosed.id).execute();

    const ids = [...free.compartments, ...closed.compartments].map((c) => c.id);
    const perRow = await t.db
      .selectFrom('locations as p')
      .select(['p.id', placeBlocked('p.id').as('blocked')])
      .where('p.id', 'in', ids)
      .execute();
    const expected = perRow
      .filter((r) => r.blocked)
      .map((r) => r.id)
      .sort((x, y) => x - y);
    expect(expected).toEqual([marked.id, ownRoomClosed.id, viaRack.id, markedInClosed.id].sort((x, y) => x - y));

    const set = await t.db.selectFrom(blockedPlaces(t.db).as('bp')).select('bp.id').where('bp.id', 'in', ids).execute();
    expect(set.map((r) => r.id).sort((x, y) => x - y)).toEqual(expected);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${blockedPlaces(t.db)}) s WHERE s.id = ${markedInClosed.id}`.execute(t.db);
    expect(rows[0].n).toBe(1);
  });
});
