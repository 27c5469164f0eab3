import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';

/** The first id without a row in the table (a user's customers or rooms), or undefined. */
export async function firstMissing(db: DbOrTrx, table: 'customers' | 'rooms', ids: readonly number[]): Promise<number | undefined> {
  if (ids.length === 0) return undefined;
  const found = new Set((await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  return ids.find((id) => !found.has(id));
}

/**
 * The Arbeitsbereich (docs/sync.md "Entities"): replaced whole when sent, kept when not.
 * A customer user has none (their handheld holds only their own stock's places anyway).
 */
export async function setWorkRooms(db: DbOrTrx, userId: number, isCustomer: boolean, roomIds: number[] | undefined): Promise<void> {
  if (roomIds === undefined && !isCustomer) return;
  const ids = isCustomer ? [] : [...new Set(roomIds)];
  const missing = await firstMissing(db, 'rooms', ids);
  // An id, not a quantity: no thousands separator in the text.
  if (missing !== undefined) throw new AppError('WORK_ROOM_NOT_FOUND', { id: String(missing) });
  await db.deleteFrom('user_rooms').where('user_id', '=', userId).execute();
  if (ids.length > 0) {
    await db
      .insertInto('user_rooms')
      .values(ids.map((room_id) => ({ user_id: userId, room_id })))
      .execute();
  }
}
