import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  type CreatedWebhook,
  type CreateWebhookRequest,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookDelivery,
} from '../../../shared/schemas/webhooks';
import type { Actor } from '../../auth/actor';
import type { AppConfig } from '../../config';
import type { Db, DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';
import { assertMayManage } from '../api-keys/service';
import { encryptSetting } from '../settings/crypto';
import { attemptDelivery } from './deliver';
import { insertEvent } from './outbox';
import { resolveTarget } from './target';

/**
 * Webhooks of a customer (docs/integrations.md "Webhooks"): the same people
 * manage them as the customer's API keys (an admin, or a customer user or key
 * of that customer). The secret is answered once; afterwards only its prefix.
 */

const SECRET_PREFIX_LENGTH = WEBHOOK_SECRET_PREFIX.length + 4;
const DELIVERIES_SHOWN = 100;

function eventsOf(value: unknown): string[] {
  const v = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(v) ? v.map(String) : [];
}

export async function listWebhooks(db: Db, actor: Actor, customerId: number): Promise<Webhook[]> {
  await assertMayManage(db, actor, customerId);
  const rows = await db
    .selectFrom('webhooks')
    .select(['id', 'url', 'events', 'secret_prefix', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, events: eventsOf(r.events) }));
}

export async function createWebhook(db: DbOrTrx, config: AppConfig, actor: Actor, customerId: number, input: CreateWebhookRequest): Promise<CreatedWebhook> {
  const customer = await assertMayManage(db, actor, customerId);
  if (!customer.is_active) throw new AppError('CUSTOMER_INACTIVE', { name: customer.company_name });
  const target = await resolveTarget(input.url, config.webhookAllowPrivateHosts === true);
  const secret = input.secret ?? `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const events = [...new Set(input.events)];
  const row = await db
    .insertInto('webhooks')
    .values({
      customer_id: customerId,
      url: target.url.toString(),
      events: JSON.stringify(events),
      secret_encrypted: encryptSetting(config.settingsKey, secret),
      secret_prefix: secret.slice(0, SECRET_PREFIX_LENGTH),
      created_by: actor.id,
    })
    .returning(['id', 'url', 'secret_prefix', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...row, events, secret };
}

/** A live webhook the actor may manage; one outside the scope is as unknown as its customer (404). */
async function manageable(db: DbOrTrx, actor: Actor, id: number): Promise<{ id: number; customer_id: number }> {
  const hook = await db.selectFrom('webhooks').select(['id', 'customer_id']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!hook) throw new AppError('WEBHOOK_NOT_FOUND', { id });
  try {
    await assertMayManage(db, actor, hook.customer_id);
  } catch (e) {
    if (e instanceof AppError && e.code === 'CUSTOMER_NOT_FOUND') throw new AppError('WEBHOOK_NOT_FOUND', { id });
    throw e;
  }
  return hook;
}

/** Deleting stops it at once: pending deliveries are given up at their next attempt; the log stays. */
export async function deleteWebhook(db: DbOrTrx, actor: Actor, id: number): Promise<void> {
  await manageable(db, actor, id);
  await db.updateTable('webhooks').set({ deleted_at: sql<Date>`now()`, deleted_by: actor.id }).where('id', '=', id).where('deleted_at', 'is', null).execute();
}

export async function listDeliveries(db: Db, actor: Actor, id: number): Promise<WebhookDelivery[]> {
  await manageable(db, actor, id);
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'e.type as event_type',
      'd.status',
      'd.attempts',
      'd.response_status',
      'd.last_error',
      'd.next_attempt_at',
      'd.last_attempt_at',
      'd.delivered_at',
      'd.created_at',
    ])
    .where('d.webhook_id', '=', id)
    .orderBy('d.id', 'desc')
    .limit(DELIVERIES_SHOWN)
    .execute();
}

/**
 * "Test senden": a webhook.test event for this webhook alone, recorded like any
 * other and attempted at once through the same path; a failure is retried as usual.
 */
export async function sendTest(db: Db, config: AppConfig, actor: Actor, id: number): Promise<WebhookDelivery> {
  const deliveryId = await db.transaction().execute(async (trx) => {
    const hook = await manageable(trx, actor, id);
    const eventId = await insertEvent(trx, hook.customer_id, WEBHOOK_TEST_EVENT, { webhook_id: id }, null, [id]);
    const d = await trx.selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId).executeTakeFirstOrThrow();
    // Leased like a claim, so the delivery job does not attempt it beside us.
    await trx.updateTable('webhook_deliveries').set({ next_attempt_at: sql<Date>`now() + interval '60 seconds'` }).where('id', '=', d.id).execute();
    return d.id;
  });
  await attemptDelivery(db, config, deliveryId);
  const [row] = (await listDeliveries(db, actor, id)).filter((d) => d.id === deliveryId);
  return row;
}
