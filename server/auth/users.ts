import { sql } from 'kysely';
import type { User as UserDto } from '../../shared/schemas/auth';
import type { DbOrTrx } from '../db/index';
import type { User } from '../db/schema';
import type { Actor } from './actor';
import { scopeFor } from './scope';

export async function accessIdsOf(db: DbOrTrx, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_customer_access').select('customer_id').where('user_id', '=', userId).orderBy('customer_id').execute();
  return rows.map((r) => r.customer_id);
}

/**
 * Loads an active user as the request's actor in one query (every request
 * pays for it); null when unknown, inactive, or a customer user whose
 * customer is deactivated.
 */
export async function loadActor(db: DbOrTrx, userId: number): Promise<Actor | null> {
  const u = await db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .selectAll('users')
    .select('customers.is_active as customer_active')
    .select(
      sql<number[] | null>`(select array_agg(a.customer_id order by a.customer_id) from user_customer_access a where a.user_id = users.id)`.as('access_ids'),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();
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
  };
}

/** The API's view of a user (never the hashes). */
export function toUserDto(u: User, accessIds: number[], customerName?: string | null): UserDto {
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
    sound_enabled: u.sound_enabled,
    has_password: u.password_hash !== null,
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}
