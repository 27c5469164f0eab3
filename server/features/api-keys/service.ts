import { sql } from 'kysely';
import { isAdmin, isCustomerUser } from '../../../shared/domain/roles';
import type { ApiKey, CreatedApiKey, CreateApiKeyRequest } from '../../../shared/schemas/api-keys';
import type { Actor } from '../../auth/actor';
import { newApiKey } from '../../auth/api-keys';
import { assertCustomerVisible } from '../../auth/scope';
import type { Db, DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * API keys of a customer (docs/operations.md "API keys"): an admin, or a
 * customer user (or key) of that customer, manages them. A customer outside
 * the actor's scope is unknown (404); other staff get 403.
 */

const COLUMNS = ['id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;

/** Also the access rule of the customer's webhooks (server/features/webhooks/service.ts). */
export async function assertMayManage(db: DbOrTrx, actor: Actor, customerId: number): Promise<{ is_active: boolean; company_name: string }> {
  assertCustomerVisible(actor, customerId);
  const customer = await db.selectFrom('customers').select(['is_active', 'company_name']).where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND', { id: customerId });
  if (!isAdmin(actor) && !isCustomerUser(actor)) throw new AppError('FORBIDDEN');
  return customer;
}

export async function listApiKeys(db: Db, actor: Actor, customerId: number): Promise<ApiKey[]> {
  await assertMayManage(db, actor, customerId);
  return db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .where('customer_id', '=', customerId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function createApiKey(db: DbOrTrx, actor: Actor, customerId: number, input: CreateApiKeyRequest): Promise<CreatedApiKey> {
  const customer = await assertMayManage(db, actor, customerId);
  if (!customer.is_active) throw new AppError('CUSTOMER_INACTIVE', { name: customer.company_name });
  const { key, prefix, hash } = newApiKey();
  const row = await db
    .insertInto('api_keys')
    .values({ customer_id: customerId, name: input.name, prefix, key_hash: hash, created_by: actor.id })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...row, key };
}

/** Revokes at once: the key's next request is refused (keys are looked up on every request, server/auth/api-keys.ts). */
export async function revokeApiKey(db: DbOrTrx, actor: Actor, id: number): Promise<void> {
  const key = await db.selectFrom('api_keys').select('customer_id').where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  if (!key) throw new AppError('API_KEY_NOT_FOUND', { id });
  try {
    await assertMayManage(db, actor, key.customer_id);
  } catch (e) {
    // A key of a customer outside the scope is as unknown as its customer.
    if (e instanceof AppError && e.code === 'CUSTOMER_NOT_FOUND') throw new AppError('API_KEY_NOT_FOUND', { id });
    throw e;
  }
  await db.updateTable('api_keys').set({ revoked_at: sql<Date>`now()`, revoked_by: actor.id }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}
