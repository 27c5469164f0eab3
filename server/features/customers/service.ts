import { sql } from 'kysely';
import type { User as UserDto } from '../../../shared/schemas/auth';
import type { CreateCustomerRequest, CreateCustomerUserRequest, Customer as CustomerDto, UpdateCustomerRequest } from '../../../shared/schemas/customers';
import type { Actor } from '../../auth/actor';
import { hashPassword } from '../../auth/password';
import { assertCustomerVisible, inScope } from '../../auth/scope';
import { toUserDto } from '../../auth/users';
import type { Db, DbOrTrx } from '../../db/index';
import { AppError, pgErrorCode } from '../../errors';

/**
 * Kunden. Reading follows the actor's customer scope (staff within their
 * access list, a customer user only their own); writing is admin-only (route guard).
 * Deleting only deactivates: stock, orders and movements keep their customer.
 */

const COLUMNS = [
  'id',
  'customer_number',
  'company_name',
  'contact_person',
  'email',
  'phone',
  'address_line1',
  'address_line2',
  'postal_code',
  'city',
  'country',
  'notes',
  'is_active',
  'created_at',
  'updated_at',
] as const;

export async function listCustomers(db: Db, actor: Actor, activeOnly: boolean): Promise<CustomerDto[]> {
  return db
    .selectFrom('customers')
    .select(COLUMNS)
    .where((eb) => inScope(eb, 'customers.id', actor.scope))
    .$if(activeOnly, (q) => q.where('is_active', '=', true))
    .orderBy('company_name')
    .orderBy('id')
    .execute();
}

async function load(db: DbOrTrx, id: number): Promise<CustomerDto> {
  const c = await db.selectFrom('customers').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!c) throw new AppError('CUSTOMER_NOT_FOUND', { id });
  return c;
}

export async function getCustomer(db: Db, actor: Actor, id: number): Promise<CustomerDto> {
  assertCustomerVisible(actor, id);
  return load(db, id);
}

/**
 * K- plus the sequence, skipping numbers already taken (by hand or by the demo
 * data). The sequence starts at 10001, so numbers have five digits and sort as text.
 */
async function nextCustomerNumber(db: DbOrTrx): Promise<string> {
  for (;;) {
    const { rows } = await sql<{ n: string | number }>`SELECT nextval('customer_number_seq') AS n`.execute(db);
    const candidate = `K-${rows[0].n}`;
    const taken = await db.selectFrom('customers').select('id').where('customer_number', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

async function assertNumberFree(db: DbOrTrx, customerNumber: string, exceptId?: number): Promise<void> {
  const hit = await db
    .selectFrom('customers')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['customer_number']), '=', customerNumber.toLowerCase()))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  if (hit) throw new AppError('CUSTOMER_NUMBER_TAKEN', { customer_number: customerNumber });
}

function numberConflict(e: unknown, customerNumber: string): never {
  if (pgErrorCode(e) === '23505') throw new AppError('CUSTOMER_NUMBER_TAKEN', { customer_number: customerNumber });
  throw e;
}

export async function createCustomer(db: DbOrTrx, input: CreateCustomerRequest): Promise<CustomerDto> {
  const customerNumber = input.customer_number ?? (await nextCustomerNumber(db));
  if (input.customer_number) await assertNumberFree(db, customerNumber);
  try {
    const row = await db
      .insertInto('customers')
      .values({ ...input, customer_number: customerNumber })
      .returning('id')
      .executeTakeFirstOrThrow();
    return load(db, row.id);
  } catch (e) {
    return numberConflict(e, customerNumber);
  }
}

export async function updateCustomer(db: DbOrTrx, id: number, input: UpdateCustomerRequest): Promise<CustomerDto> {
  const current = await load(db, id);
  if (input.customer_number !== undefined && input.customer_number !== current.customer_number) {
    await assertNumberFree(db, input.customer_number, id);
  }
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as UpdateCustomerRequest;
  // An emptied country falls back to the default rather than leaving the NOT NULL column blank.
  if ('country' in patch && patch.country === null) delete patch.country;
  try {
    await db
      .updateTable('customers')
      .set({ ...patch, country: patch.country ?? undefined, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  } catch (e) {
    numberConflict(e, input.customer_number ?? current.customer_number);
  }
  return load(db, id);
}

export async function deactivateCustomer(db: DbOrTrx, id: number): Promise<{ ok: true; message: string; customer: CustomerDto }> {
  const c = await load(db, id);
  await db.updateTable('customers').set({ is_active: false, updated_at: new Date() }).where('id', '=', id).execute();
  return { ok: true, message: `Kunde ${c.company_name} wurde deaktiviert`, customer: await load(db, id) };
}

export async function listCustomerUsers(db: Db, customerId: number): Promise<UserDto[]> {
  const c = await load(db, customerId);
  const users = await db
    .selectFrom('users')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('role', '=', 'customer_user')
    .orderBy('username')
    .execute();
  return users.map((u) => toUserDto(u, [], c.company_name));
}

export async function createCustomerUser(db: DbOrTrx, customerId: number, input: CreateCustomerUserRequest): Promise<UserDto> {
  const c = await load(db, customerId);
  if (!c.is_active) throw new AppError('CUSTOMER_INACTIVE', { name: c.company_name });
  const email = input.email;
  const taken = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', email.toLowerCase()), eb(eb.fn('lower', ['username']), '=', email.toLowerCase())]))
    .executeTakeFirst();
  if (taken) throw new AppError('EMAIL_TAKEN', { email });
  try {
    const u = await db
      .insertInto('users')
      .values({
        username: email,
        email,
        full_name: input.full_name,
        password_hash: await hashPassword(input.password),
        role: 'customer_user',
        is_admin: false,
        customer_id: customerId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUserDto(u, [], c.company_name);
  } catch (e) {
    if (pgErrorCode(e) === '23505') throw new AppError('EMAIL_TAKEN', { email });
    throw e;
  }
}
