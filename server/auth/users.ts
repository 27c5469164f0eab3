import { sql } from 'kysely';
import { isStaff, type RoleSubject } from '../../shared/domain/roles';
import type { User as UserDto } from '../../shared/schemas/auth';
import type { DbOrTrx } from '../db/index';
import { PREPARED } from '../db/prepared';
import type { User } from '../db/schema';
import type { Actor } from './actor';
import { scopeFor } from './scope';

export async function accessIdsOf(db: DbOrTrx, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_customer_access').select('customer_id').where('user_id', '=', userId).orderBy('customer_id').execute();
  return rows.map((r) => r.customer_id);
}

/** The rooms of a user's Arbeitsbereich (empty: the whole warehouse). */
export async function workRoomIdsOf(db: DbOrTrx, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (userIds.length === 0) return out;
  const rows = await db.selectFrom('user_rooms').select(['user_id', 'room_id']).where('user_id', 'in', userIds).orderBy('room_id').execute();
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.room_id]);
  return out;
}

/** Staff with an Arbeitsbereich carry its rooms; everyone else the whole warehouse (null). */
export function workRoomsFor(user: RoleSubject, roomIds: readonly number[]): readonly number[] | null {
  if (!isStaff(user) || roomIds.length === 0) return null;
  return roomIds;
}

/**
 * Loads an active user as the request's actor in one query (every request
 * pays for it); null when unknown, inactive, or a customer user whose
 * customer is deactivated.
 */
export async function loadActor(db: DbOrTrx, userId: number): Promise<Actor | null> {
  // Every authenticated request runs this: a prepared statement (parsed and planned once per connection).
  const { rows } = await sql<User & { customer_active: boolean | null; access_ids: number[] | null; room_ids: number[] | null }>`${PREPARED}
    SELECT users.*, customers.is_active AS customer_active,
           (SELECT array_agg(a.customer_id ORDER BY a.customer_id) FROM user_customer_access a WHERE a.user_id = users.id) AS access_ids,
           (SELECT array_agg(w.room_id ORDER BY w.room_id) FROM user_rooms w WHERE w.user_id = users.id) AS room_ids
    FROM users LEFT JOIN customers ON customers.id = users.customer_id
    WHERE users.id = ${userId}::int`.execute(db);
  const u = rows[0];
  if (!u?.is_active) return null;
  if (u.role === 'customer_user' && u.customer_id !== null && u.customer_active === false) return null;
  const ids = (u.access_ids ?? []).map(Number);
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    full_name: u.full_name,
    role: u.role,
    is_admin: u.is_admin,
    customer_id: u.customer_id,
    scope: scopeFor(u, ids),
    work_rooms: workRoomsFor(u, (u.room_ids ?? []).map(Number)),
    session_version: u.session_version,
  };
}

/** The API's view of a user (never the hashes). */
export function toUserDto(u: User, accessIds: number[], customerName?: string | null, workRoomIds: number[] = []): UserDto {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    full_name: u.full_name,
    role: u.role,
    is_admin: u.is_admin,
    customer_id: u.customer_id,
    customer_name: customerName ?? null,
    is_active: u.is_active,
    accessible_customer_ids: accessIds,
    is_exclude: u.is_exclude,
    work_room_ids: workRoomIds,
    sound_enabled: u.sound_enabled,
    language: u.language,
    has_password: u.password_hash !== null,
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}
