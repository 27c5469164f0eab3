import { sql } from 'kysely';
import {
  allItemsTouched,
  checkNotificationAction,
  NOTIFICATION_ACTION_LABELS,
  NOTIFICATION_STATUS_LABELS,
  NOTIFICATION_TARGET,
  type NotificationAction,
} from '../../../shared/domain/notification-status';
import { gtinVariants, productCodeProblem } from '../../../shared/domain/product-code';
import { isCustomerUser } from '../../../shared/domain/roles';
import type { InboundNotification, NotificationRequest } from '../../../shared/schemas/inbound';
import { PRODUCT_CODE_PROBLEM_TEXT } from '../../../shared/i18n/products';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { getNotification, type LockedNotification, lockNotification } from './queries';

/**
 * Commands on inbound announcements. Transactions start in the caller (route
 * or sync push); each command locks the announcement row first and asks the
 * shared status machine whether the actor may act in the current state.
 */

/** 403 for the wrong role, 409 (NOTIFICATION_CANCELLED / NOTIFICATION_STATUS_CONFLICT) for the wrong state. */
export function assertAction(actor: Actor, n: Pick<LockedNotification, 'notification_number' | 'status'>, action: NotificationAction): void {
  const check = checkNotificationAction(actor, n.status, action);
  if (check.ok) return;
  if (check.reason === 'role') throw new AppError('FORBIDDEN');
  if (action === 'receive' && n.status === 'cancelled') throw new AppError('NOTIFICATION_CANCELLED', { number: n.notification_number });
  throw new AppError('NOTIFICATION_STATUS_CONFLICT', {
    number: n.notification_number,
    status: NOTIFICATION_STATUS_LABELS[n.status],
    action: NOTIFICATION_ACTION_LABELS[action],
    status_code: n.status,
    action_code: action,
  });
}

function assertCodes(input: NotificationRequest): void {
  for (const item of input.items) {
    const problem = productCodeProblem(item.ean);
    if (problem) throw new AppError('INVALID_EAN', { ean: item.ean, reason: PRODUCT_CODE_PROBLEM_TEXT[problem], problem });
  }
}

async function writeItems(trx: Trx, notificationId: number, input: NotificationRequest): Promise<void> {
  const products = await trx
    .selectFrom('products')
    .select(['id', 'ean'])
    .where(
      'ean',
      'in',
      input.items.flatMap((i) => gtinVariants(i.ean)),
    )
    .execute();
  const productOf = (ean: string) => {
    const variants = gtinVariants(ean);
    return products.find((p) => variants.includes(p.ean))?.id ?? null;
  };
  await trx
    .insertInto('inbound_notification_items')
    .values(
      input.items.map((i, idx) => ({
        notification_id: notificationId,
        product_id: productOf(i.ean),
        ean: i.ean,
        title: i.title,
        quantity: i.quantity,
        unit: i.unit,
        notes: i.notes,
        image_url: i.image_url,
        sort_index: idx,
      })),
    )
    .execute();
}

/** Which customer an announcement is for: customer users their own; staff must name a visible one. */
function customerFor(actor: Actor, requested: number | null | undefined): number {
  if (isCustomerUser(actor)) {
    if (!actor.customer_id) throw new AppError('FORBIDDEN');
    return actor.customer_id;
  }
  if (!requested) throw new AppError('CUSTOMER_REQUIRED');
  assertCustomerVisible(actor, requested);
  return requested;
}

export async function createNotification(trx: Trx, actor: Actor, input: NotificationRequest): Promise<InboundNotification> {
  assertCodes(input);
  const customerId = customerFor(actor, input.customer_id);
  const customer = await trx.selectFrom('customers').select(['id', 'is_active', 'company_name']).where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND', { id: customerId });
  if (!customer.is_active) throw new AppError('CUSTOMER_INACTIVE', { name: customer.company_name });
  const row = await trx
    .insertInto('inbound_notifications')
    .values({
      // AV-<year>-<6-digit sequence>: unique through the sequence, sorts by creation.
      notification_number: sql<string>`'AV-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('notification_number_seq')::text, 6, '0')`,
      customer_id: customerId,
      expected_date: input.expected_date,
      expected_date_to: input.expected_date_to ?? null,
      reference_number: input.reference_number,
      notes: input.notes,
      created_by: actor.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeItems(trx, row.id, input);
  return getNotification(trx, actor, row.id);
}

/** Customer edit while announced: head fields and the item list are replaced. */
export async function updateNotification(trx: Trx, actor: Actor, id: number, input: NotificationRequest): Promise<InboundNotification> {
  const n = await lockNotification(trx, actor, id);
  assertAction(actor, n, 'edit');
  assertCodes(input);
  await trx
    .updateTable('inbound_notifications')
    .set({
      expected_date: input.expected_date,
      expected_date_to: input.expected_date_to ?? null,
      reference_number: input.reference_number,
      notes: input.notes,
      updated_at: sql<string>`now()`,
    })
    .where('id', '=', id)
    .execute();
  // Nothing was received while announced, so the items can simply be replaced.
  await trx.deleteFrom('inbound_notification_items').where('notification_id', '=', id).execute();
  await writeItems(trx, id, input);
  return getNotification(trx, actor, id);
}

export async function confirmNotification(trx: Trx, actor: Actor, id: number): Promise<InboundNotification> {
  const n = await lockNotification(trx, actor, id);
  assertAction(actor, n, 'confirm');
  await trx
    .updateTable('inbound_notifications')
    .set({ status: NOTIFICATION_TARGET.confirm, confirmed_by: actor.id, confirmed_at: sql<string>`now()`, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
  return getNotification(trx, actor, id);
}

/** Cancelling is a status change; the announcement and its items stay. */
export async function cancelNotification(trx: Trx, actor: Actor, id: number): Promise<InboundNotification> {
  const n = await lockNotification(trx, actor, id);
  assertAction(actor, n, 'cancel');
  await trx
    .updateTable('inbound_notifications')
    .set({ status: NOTIFICATION_TARGET.cancel, cancelled_at: sql<string>`now()`, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
  return getNotification(trx, actor, id);
}

/**
 * "Fertig": a receiving announcement becomes completed once every item has
 * received something. An announcement that is already completed (the last
 * receipt filled every item) is answered as is, so a queued "Fertig" after an
 * automatic completion is not a problem for the dock device.
 */
export async function completeNotification(trx: Trx, actor: Actor, id: number): Promise<InboundNotification> {
  const n = await lockNotification(trx, actor, id);
  if (n.status === NOTIFICATION_TARGET.complete && checkNotificationAction(actor, 'receiving', 'complete').ok) return getNotification(trx, actor, id);
  assertAction(actor, n, 'complete');
  const items = await trx.selectFrom('inbound_notification_items').select(['quantity', 'received_quantity']).where('notification_id', '=', id).execute();
  if (!allItemsTouched(items)) {
    throw new AppError('NOTIFICATION_ITEMS_OPEN', { number: n.notification_number, open: items.filter((i) => i.received_quantity <= 0).length });
  }
  await trx
    .updateTable('inbound_notifications')
    .set({ status: NOTIFICATION_TARGET.complete, completed_at: sql<string>`now()`, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
  return getNotification(trx, actor, id);
}
