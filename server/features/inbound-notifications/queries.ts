import { sql } from 'kysely';
import type { NotificationStatus } from '../../../shared/domain/notification-status';
import type { InboundNotification, NotificationItem, NotificationListQuery, ReceiptDetail } from '../../../shared/schemas/inbound';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer, inScope } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { locationPathSelect } from '../stock/queries';

/** Read side of the announcements; every query is limited to the actor's customer scope. */

const HEAD_COLUMNS = [
  'n.id',
  'n.notification_number',
  'n.status',
  'n.customer_id',
  'c.company_name as customer_name',
  'n.expected_date',
  'n.expected_date_to',
  'n.reference_number',
  'n.notes',
  'n.created_at',
  'n.confirmed_at',
  'n.completed_at',
  'n.cancelled_at',
] as const;

export async function itemsOf(db: DbOrTrx, notificationIds: number[]): Promise<Map<number, NotificationItem[]>> {
  const out = new Map<number, NotificationItem[]>();
  if (notificationIds.length === 0) return out;
  const rows = await db
    .selectFrom('inbound_notification_items')
    .select(['id', 'notification_id', 'product_id', 'ean', 'title', 'quantity', 'unit', 'notes', 'image_url', 'received_quantity'])
    .where('notification_id', 'in', notificationIds)
    .orderBy('notification_id')
    .orderBy('sort_index')
    .orderBy('id')
    .execute();
  for (const { notification_id, ...item } of rows) {
    const list = out.get(notification_id) ?? [];
    list.push(item);
    out.set(notification_id, list);
  }
  return out;
}

export async function listNotifications(db: DbOrTrx, actor: Actor, filter: NotificationListQuery): Promise<InboundNotification[]> {
  let q = db
    .selectFrom('inbound_notifications as n')
    .innerJoin('customers as c', 'c.id', 'n.customer_id')
    .select(HEAD_COLUMNS)
    .where((eb) => inScope(eb, 'n.customer_id', actor.scope));
  if (filter.status) q = q.where('n.status', '=', filter.status);
  if (filter.customer_id) q = q.where('n.customer_id', '=', filter.customer_id);
  const heads = await q.orderBy('n.expected_date', 'desc').orderBy('n.id', 'desc').execute();
  const items = await itemsOf(
    db,
    heads.map((h) => h.id),
  );
  return heads.map((h) => ({ ...h, items: items.get(h.id) ?? [] }));
}

/** One announcement the actor may see, or NOTIFICATION_NOT_FOUND (invisible looks like unknown). */
export async function getNotification(db: DbOrTrx, actor: Actor, id: number): Promise<InboundNotification> {
  const head = await db
    .selectFrom('inbound_notifications as n')
    .innerJoin('customers as c', 'c.id', 'n.customer_id')
    .select(HEAD_COLUMNS)
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!head || !canSeeCustomer(actor.scope, head.customer_id)) throw new AppError('NOTIFICATION_NOT_FOUND', { id });
  const items = await itemsOf(db, [id]);
  return { ...head, items: items.get(id) ?? [] };
}

export interface LockedNotification {
  id: number;
  notification_number: string;
  customer_id: number;
  status: NotificationStatus;
}

/**
 * Locks the announcement row for the rest of the transaction: receipts,
 * confirmations and cancellations of one announcement run one after another,
 * so the status and the received quantities are never decided on stale data.
 */
export async function lockNotification(trx: Trx, actor: Actor, id: number): Promise<LockedNotification> {
  const row = await trx
    .selectFrom('inbound_notifications')
    .select(['id', 'notification_number', 'customer_id', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || !canSeeCustomer(actor.scope, row.customer_id)) throw new AppError('NOTIFICATION_NOT_FOUND', { id });
  return row;
}

/** Receipt lines of an announcement (spec "receipt detail"), oldest first. */
export async function listReceipts(db: DbOrTrx, actor: Actor, id: number): Promise<ReceiptDetail[]> {
  await getNotification(db, actor, id);
  const rows = await db
    .selectFrom('inbound_receipts as rc')
    .innerJoin('products as p', 'p.id', 'rc.product_id')
    .leftJoin('inbound_notification_items as i', 'i.id', 'rc.item_id')
    .select([
      'rc.id',
      sql<string>`coalesce(i.title, p.title)`.as('product_title'),
      sql<string>`coalesce(i.ean, p.ean)`.as('product_ean'),
      sql<string | null>`coalesce(p.image_url, i.image_url)`.as('image_url'),
      'rc.expected_quantity',
      'rc.received_quantity',
      'rc.unit',
      'rc.discrepancy',
      'rc.notes',
      locationPathSelect('rc.location_id').as('location_path'),
      'rc.batch_number',
      'rc.expiry_date',
      'rc.packaging_level1',
      'rc.packaging_level2',
      'rc.created_at',
    ])
    .where('rc.notification_id', '=', id)
    .orderBy('rc.created_at')
    .orderBy('rc.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    packaging_level1: (r.packaging_level1 ?? null) as ReceiptDetail['packaging_level1'],
    packaging_level2: (r.packaging_level2 ?? null) as ReceiptDetail['packaging_level2'],
  }));
}
