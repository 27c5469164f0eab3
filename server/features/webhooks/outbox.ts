import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { WebhookEventType } from '../../../shared/schemas/webhooks';
import type { Trx } from '../../db/index';

/**
 * The webhook outbox (docs/integrations.md "Webhooks"). Called inside the
 * transaction of the change it tells of, so an event exists exactly when the
 * change was committed: a rolled-back shipment sends nothing, a committed one
 * is delivered even if the process dies right after. One delivery row per
 * webhook of the customer that subscribed to the type; nothing is written when
 * none did. `orderId` keys the per-order ordering of deliver.ts.
 */
export async function emitWebhookEvent(
  trx: Trx,
  customerId: number,
  type: WebhookEventType,
  data: Record<string, unknown>,
  opts: { orderId?: number | null } = {},
): Promise<string | null> {
  const hooks = await trx
    .selectFrom('webhooks')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`events @> ${JSON.stringify([type])}::jsonb`)
    .execute();
  if (hooks.length === 0) return null;
  return insertEvent(
    trx,
    customerId,
    type,
    data,
    opts.orderId ?? null,
    hooks.map((h) => h.id),
  );
}

/** Writes the event and a due delivery for each webhook; answers the event id. */
export async function insertEvent(
  trx: Trx,
  customerId: number,
  type: string,
  data: Record<string, unknown>,
  orderId: number | null,
  webhookIds: number[],
): Promise<string> {
  const id = `evt_${randomUUID()}`;
  await trx
    .insertInto('webhook_events')
    .values({ id, customer_id: customerId, type, order_id: orderId, data: JSON.stringify(data) })
    .execute();
  await trx
    .insertInto('webhook_deliveries')
    .values(webhookIds.map((webhook_id) => ({ webhook_id, event_id: id, order_id: orderId, next_attempt_at: sql<Date>`now()` })))
    .execute();
  return id;
}
