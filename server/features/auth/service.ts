import type { Language } from '../../../shared/i18n/languages';
import type { ChangePasswordRequest, ChangePasswordResponse, TokenResponse, UpdateMeRequest } from '../../../shared/schemas/auth';
import type { Actor } from '../../auth/actor';
import { burnPasswordTime, hashPassword, hashQrToken, needsRehash, verifyPassword } from '../../auth/password';
import { accessIdsOf, toUserDto, workRoomIdsOf } from '../../auth/users';
import type { Db } from '../../db/index';
import type { User } from '../../db/schema';
import { AppError, pgErrorCode } from '../../errors';
import type { LoginThrottleSettings } from '../../config';
import { loginKeys, loginSucceeded, takeLoginAttempt } from './throttle';
import { UI } from '../../../shared/i18n/ui';

export const TOKEN_SECONDS = 12 * 60 * 60;

export interface AuthDeps {
  db: Db;
  sign: (payload: { sub: string; role: string; sv: number }) => string;
  throttle: LoginThrottleSettings;
}

async function customerName(db: Db, id: number | null): Promise<string | null> {
  if (!id) return null;
  const c = await db.selectFrom('customers').select('company_name').where('id', '=', id).executeTakeFirst();
  return c?.company_name ?? null;
}

/** Inactive users, and customer users of a deactivated customer, may not log in. */
async function assertMayLogIn(db: Db, u: User): Promise<void> {
  if (!u.is_active) throw new AppError('USER_INACTIVE');
  if (u.role !== 'customer_user' || u.customer_id === null) return;
  const c = await db.selectFrom('customers').select('is_active').where('id', '=', u.customer_id).executeTakeFirst();
  if (!c?.is_active) throw new AppError('CUSTOMER_ACCOUNT_INACTIVE');
}

/** The language chosen on the login screen goes with the user (docs/architecture.md "Languages"). */
async function rememberLanguage(db: Db, u: User, language: Language | undefined): Promise<User> {
  if (!language || language === u.language) return u;
  await db.updateTable('users').set({ language }).where('id', '=', u.id).execute();
  return { ...u, language };
}

async function issueToken(deps: AuthDeps, u: User): Promise<TokenResponse> {
  const ids = await accessIdsOf(deps.db, u.id);
  const rooms = await workRoomIdsOf(deps.db, [u.id]);
  return {
    access_token: deps.sign({ sub: String(u.id), role: u.role, sv: u.session_version }),
    token_type: 'bearer',
    expires_in: TOKEN_SECONDS,
    user: toUserDto(u, ids, await customerName(deps.db, u.customer_id), rooms.get(u.id)),
  };
}

/**
 * A wrong e-mail and a wrong password get the same answer and cost the same time.
 * The attempt is counted before the password is checked (see throttle.ts), so
 * parallel guesses cannot slip past the limit.
 */
export async function loginWithPassword(deps: AuthDeps, email: string, password: string, ip: string, language?: Language) {
  const keys = loginKeys(ip, email);
  await takeLoginAttempt(deps.db, keys, deps.throttle);
  const u = await deps.db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  let ok = false;
  if (u) ok = await verifyPassword(password, u.password_hash);
  // Unknown users cost the same time as known ones, so timing does not reveal which e-mails exist.
  else await burnPasswordTime(password);
  if (!u || !ok) throw new AppError('INVALID_CREDENTIALS');
  await loginSucceeded(deps.db, keys);
  await assertMayLogIn(deps.db, u);
  await rehashIfWeak(deps.db, u, password);
  return issueToken(deps, await rememberLanguage(deps.db, u, language));
}

/**
 * A hash from before today's scrypt parameters is replaced on the next correct login
 * (the only moment the password is known). Only if it is still the hash just checked,
 * so a password change racing this login wins. Not a password change: sessions stay.
 */
async function rehashIfWeak(db: Db, u: User, password: string): Promise<void> {
  if (!needsRehash(u.password_hash) || u.password_hash === null) return;
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', u.id)
    .where('password_hash', '=', u.password_hash)
    .execute();
}

/** QR badges have no account to count against before the lookup; misreads count against the IP only. */
export async function loginWithQr(deps: AuthDeps, token: string, ip: string, language?: Language) {
  const keys = loginKeys(ip);
  await takeLoginAttempt(deps.db, keys, deps.throttle);
  const u = await deps.db.selectFrom('users').selectAll().where('qr_token_hash', '=', hashQrToken(token)).executeTakeFirst();
  if (!u) throw new AppError('INVALID_QR_TOKEN');
  await loginSucceeded(deps.db, keys);
  await assertMayLogIn(deps.db, u);
  return issueToken(deps, await rememberLanguage(deps.db, u, language));
}

export async function getMe(db: Db, actor: Actor) {
  const u = await db.selectFrom('users').selectAll().where('id', '=', actor.id).executeTakeFirstOrThrow();
  const rooms = await workRoomIdsOf(db, [u.id]);
  return toUserDto(u, await accessIdsOf(db, u.id), await customerName(db, u.customer_id), rooms.get(u.id));
}

export async function updateMe(db: Db, actor: Actor, input: UpdateMeRequest) {
  const u = await db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', actor.id).executeTakeFirstOrThrow();
  const email = input.email.trim();
  // The e-mail is the login name: a session left open on a shared scanner must not be able to take the account over.
  if (u.password_hash !== null && email.toLowerCase() !== (u.email ?? '').toLowerCase()) {
    if (!input.current_password) throw new AppError('CURRENT_PASSWORD_REQUIRED');
    if (!(await verifyPassword(input.current_password, u.password_hash))) throw new AppError('CURRENT_PASSWORD_WRONG');
  }
  try {
    await db
      .updateTable('users')
      .set({
        email,
        full_name: input.full_name,
        ...(input.sound_enabled === undefined ? {} : { sound_enabled: input.sound_enabled }),
        ...(input.language === undefined ? {} : { language: input.language }),
        updated_at: new Date(),
      })
      .where('id', '=', actor.id)
      .execute();
  } catch (e) {
    if (pgErrorCode(e) === '23505') throw new AppError('EMAIL_TAKEN', { email: input.email });
    throw e;
  }
  return getMe(db, actor);
}

/** Ends every older session of the user (other devices too); the caller gets a fresh token for this one. */
export async function changePassword(deps: Pick<AuthDeps, 'db' | 'sign'>, actor: Actor, input: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  const u = await deps.db.selectFrom('users').select('password_hash').where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.old_password, u.password_hash))) throw new AppError('OLD_PASSWORD_WRONG');
  const hash = await hashPassword(input.new_password);
  const row = await deps.db
    .updateTable('users')
    .set((eb) => ({ password_hash: hash, session_version: eb('session_version', '+', 1), updated_at: new Date() }))
    .where('id', '=', actor.id)
    .returning(['session_version', 'role'])
    .executeTakeFirstOrThrow();
  return { ok: true, message: UI.passwordChanged, access_token: deps.sign({ sub: String(actor.id), role: row.role, sv: row.session_version }) };
}
