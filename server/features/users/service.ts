import { toBuffer } from 'bwip-js/node';
import { sql } from 'kysely';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { isStaff } from '../../../shared/domain/roles';
import type { User as UserDto } from '../../../shared/schemas/auth';
import type { CustomerAccessRequest, CreateUserRequest, QrCodeResponse, UpdateUserRequest } from '../../../shared/schemas/users';
import type { Actor } from '../../auth/actor';
import { hashPassword, hashQrToken, newQrToken } from '../../auth/password';
import { toUserDto, workRoomIdsOf } from '../../auth/users';
import type { Db, DbOrTrx } from '../../db/index';
import type { User } from '../../db/schema';
import { AppError, pgErrorCode } from '../../errors';
import { firstMissing, setWorkRooms } from './work-area';

/**
 * Benutzerverwaltung (admin only). Rules of part 1 §5: the username is fixed
 * after creation; a customer user needs a customer and a password; staff may
 * have no password (QR login only); an empty password on edit keeps the old one.
 */

/** Users with their customer name and access list, in one round trip each. */
async function toDtos(db: DbOrTrx, users: User[]): Promise<UserDto[]> {
  if (users.length === 0) return [];
  const ids = users.map((u) => u.id);
  const access = await db.selectFrom('user_customer_access').select(['user_id', 'customer_id']).where('user_id', 'in', ids).orderBy('customer_id').execute();
  const customerIds = [...new Set(users.map((u) => u.customer_id).filter((c): c is number => c !== null))];
  const customers = customerIds.length ? await db.selectFrom('customers').select(['id', 'company_name']).where('id', 'in', customerIds).execute() : [];
  const nameOf = new Map(customers.map((c) => [c.id, c.company_name]));
  const rooms = await workRoomIdsOf(db, ids);
  return users.map((u) =>
    toUserDto(
      u,
      access.filter((a) => a.user_id === u.id).map((a) => a.customer_id),
      u.customer_id ? (nameOf.get(u.customer_id) ?? null) : null,
      rooms.get(u.id),
    ),
  );
}

export async function userDto(db: DbOrTrx, id: number): Promise<UserDto> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!u) throw new AppError('USER_NOT_FOUND', { id });
  return (await toDtos(db, [u]))[0];
}

export async function listUsers(db: Db): Promise<UserDto[]> {
  const rows = await db.selectFrom('users').selectAll().orderBy('username').execute();
  return toDtos(db, rows);
}

/** Kundenzugriff lists staff only: a customer user always sees exactly their own customer. */
export async function listAccessUsers(db: Db): Promise<UserDto[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('role', '!=', 'customer_user'), eb('is_admin', '=', true)]))
    .orderBy('username')
    .execute();
  return toDtos(db, rows);
}

async function assertCustomerUsable(db: DbOrTrx, customerId: number): Promise<void> {
  const c = await db.selectFrom('customers').select(['company_name', 'is_active']).where('id', '=', customerId).executeTakeFirst();
  if (!c) throw new AppError('CUSTOMER_NOT_FOUND', { id: customerId });
  if (!c.is_active) throw new AppError('CUSTOMER_INACTIVE', { name: c.company_name });
}

async function assertUnique(db: DbOrTrx, username: string | null, email: string | null, exceptId?: number): Promise<void> {
  if (username) {
    const hit = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
      .executeTakeFirst();
    if (hit) throw new AppError('USERNAME_TAKEN', { username });
  }
  if (email) {
    const hit = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
      .executeTakeFirst();
    if (hit) throw new AppError('EMAIL_TAKEN', { email });
  }
}

/** A unique index can still fire between the check and the write (two admins at once). */
function uniqueViolation(e: unknown, username: string | null, email: string | null): never {
  if (pgErrorCode(e) === '23505') {
    const constraint = String((e as { constraint?: unknown }).constraint ?? '');
    if (constraint.includes('email')) throw new AppError('EMAIL_TAKEN', { email });
    throw new AppError('USERNAME_TAKEN', { username });
  }
  throw e;
}

function checkPasswordLength(password: string | null): void {
  if (password !== null && password.length < PASSWORD_MIN_LENGTH) throw new AppError('PASSWORD_TOO_SHORT');
}

export async function createUser(db: DbOrTrx, input: CreateUserRequest): Promise<UserDto> {
  const isCustomer = input.role === 'customer_user';
  if (isCustomer && input.customer_id === null) throw new AppError('CUSTOMER_REQUIRED');
  if (isCustomer && input.password === null) throw new AppError('PASSWORD_REQUIRED');
  checkPasswordLength(input.password);
  const customerId = isCustomer ? input.customer_id : null;
  if (customerId !== null) await assertCustomerUsable(db, customerId);
  await assertUnique(db, input.username, input.email);
  try {
    const row = await db
      .insertInto('users')
      .values({
        username: input.username,
        email: input.email,
        full_name: input.full_name,
        password_hash: input.password === null ? null : await hashPassword(input.password),
        // The flag and the role agree for admins, so the two admin tests (role, flag) never disagree.
        is_admin: input.role === 'admin' ? true : input.is_admin && !isCustomer,
        role: input.role,
        customer_id: customerId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setWorkRooms(db, row.id, isCustomer, input.work_room_ids);
    return userDto(db, row.id);
  } catch (e) {
    return uniqueViolation(e, input.username, input.email);
  }
}

export async function updateUser(db: DbOrTrx, actor: Actor, id: number, input: UpdateUserRequest): Promise<UserDto> {
  const current = await db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!current) throw new AppError('USER_NOT_FOUND', { id });
  if (input.username !== undefined && input.username !== current.username) throw new AppError('USERNAME_IMMUTABLE');

  const role = input.role;
  const isCustomer = role === 'customer_user';
  const customerId = isCustomer ? (input.customer_id === undefined ? current.customer_id : input.customer_id) : null;
  if (isCustomer && customerId === null) throw new AppError('CUSTOMER_REQUIRED');
  if (isCustomer && customerId !== current.customer_id) await assertCustomerUsable(db, customerId as number);

  const password = input.password ?? null;
  checkPasswordLength(password);
  if (isCustomer && password === null && current.password_hash === null) throw new AppError('PASSWORD_REQUIRED');

  const isAdminFlag = role === 'admin' ? true : isCustomer ? false : (input.is_admin ?? current.is_admin);
  const isActive = input.is_active ?? current.is_active;
  if (id === actor.id) {
    if (!isActive) throw new AppError('CANNOT_DEACTIVATE_SELF');
    // An admin who demotes themself may lock everyone out of the administration.
    if (role !== 'admin' && !isAdminFlag) throw new AppError('CANNOT_DEMOTE_SELF');
  }
  const email = input.email === undefined ? current.email : input.email;
  await assertUnique(db, null, email, id);

  try {
    await db
      .updateTable('users')
      .set({
        email,
        full_name: input.full_name === undefined ? current.full_name : input.full_name,
        role,
        is_admin: isAdminFlag,
        customer_id: customerId,
        is_active: isActive,
        // An admin's reset ends the user's sessions (a stolen token must not outlive it).
        ...(password === null ? {} : { password_hash: await hashPassword(password), session_version: sql<number>`session_version + 1` }),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  } catch (e) {
    uniqueViolation(e, current.username, email);
  }
  // A customer user's scope is their customer; an old staff access list would only confuse.
  if (isCustomer) {
    await db.deleteFrom('user_customer_access').where('user_id', '=', id).execute();
    await db.updateTable('users').set({ is_exclude: false }).where('id', '=', id).execute();
  }
  await setWorkRooms(db, id, isCustomer, input.work_room_ids);
  return userDto(db, id);
}

/**
 * A new QR login token on every call: the previous token stops working the
 * moment a new code is generated, so a lost badge is revoked by printing a new one.
 */
export async function regenerateQrCode(db: Db, userId: number): Promise<QrCodeResponse> {
  const token = newQrToken();
  const row = await db
    .updateTable('users')
    .set({ qr_token_hash: hashQrToken(token), updated_at: new Date() })
    .where('id', '=', userId)
    .returning(['id', 'username', 'full_name'])
    .executeTakeFirst();
  if (!row) throw new AppError('USER_NOT_FOUND', { id: userId });
  // Error correction M (BWIPP's default for QR). A QR module is 2 units at scale 1: padding 8 is the
  // standard quiet zone of 4 modules, on white
  // (a transparent background reads as dark to some scanners).
  const png = await toBuffer({ bcid: 'qrcode', text: token, scale: 6, paddingwidth: 8, paddingheight: 8, backgroundcolor: 'FFFFFF' });
  return {
    user_id: row.id,
    username: row.username,
    full_name: row.full_name,
    qr_token: token,
    qr_code_base64: png.toString('base64'),
  };
}

export async function setCustomerAccess(db: DbOrTrx, userId: number, input: CustomerAccessRequest): Promise<UserDto> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!u) throw new AppError('USER_NOT_FOUND', { id: userId });
  if (!isStaff(u)) throw new AppError('ACCESS_NOT_FOR_CUSTOMER_USERS');
  const ids = [...new Set(input.customer_ids)];
  const missing = await firstMissing(db, 'customers', ids);
  if (missing !== undefined) throw new AppError('CUSTOMER_NOT_FOUND', { id: missing });
  await db.deleteFrom('user_customer_access').where('user_id', '=', userId).execute();
  if (ids.length > 0) {
    await db
      .insertInto('user_customer_access')
      .values(ids.map((customer_id) => ({ user_id: userId, customer_id })))
      .execute();
  }
  // An empty selection means "all customers" whatever the mode (spec §5).
  await db
    .updateTable('users')
    .set({ is_exclude: ids.length > 0 && input.is_exclude, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
  return userDto(db, userId);
}

export async function clearCustomerAccess(db: DbOrTrx, userId: number): Promise<UserDto> {
  const u = await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!u) throw new AppError('USER_NOT_FOUND', { id: userId });
  await db.deleteFrom('user_customer_access').where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ is_exclude: false, updated_at: new Date() }).where('id', '=', userId).execute();
  return userDto(db, userId);
}
