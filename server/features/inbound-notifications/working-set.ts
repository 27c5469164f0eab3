import { sql } from 'kysely';
import { isStaff } from '../../../shared/domain/roles';
import { NotificationEntity, type WsNotification } from '../../../shared/schemas/inbound';
import { inScope } from '../../auth/scope';
import { defineSource } from '../../offline';
import { itemsOf } from './queries';

/**
 * Working-set entity 'notification': the announcements a dock device may
 * receive offline (confirmed or receiving, of the customers the staff user
 * may see), each with its items and their received quantities. Customer
 * users do not receive goods, so their devices get none.
 *
 * Incremental pulls send every announcement whose row or any of whose items
 * changed in the window: still receivable → put, otherwise (completed,
 * cancelled) → del, so a finished announcement leaves the device.
 */
/** Announcements a device receives against (also the products on their lines are on the device, products/working-set.ts). */
export const RECEIVABLE = ['confirmed', 'receiving'] as const;

export const notificationSource = defineSource(NotificationEntity, async (trx, actor, since) => {
  if (!isStaff(actor)) return [];
  let q = trx
    .selectFrom('inbound_notifications as n')
    .innerJoin('customers as c', 'c.id', 'n.customer_id')
    .select([
      'n.id',
      'n.notification_number',
      'n.customer_id',
      'c.company_name as customer_name',
      'n.status',
      'n.expected_date',
      'n.expected_date_to',
      'n.reference_number',
      'n.notes',
    ])
    .where((eb) => inScope(eb, 'n.customer_id', actor.scope));
  if (since) {
    q = q.where((eb) =>
      eb.or([
        since.changed('n'),
        since.changed('c'),
        eb.exists(
          eb.selectFrom('inbound_notification_items as i').select(sql`1`.as('one')).whereRef('i.notification_id', '=', 'n.id').where(since.changed('i')),
        ),
      ]),
    );
  } else {
    q = q.where('n.status', 'in', RECEIVABLE);
  }
  const heads = await q.orderBy('n.id').execute();
  const live = heads.filter((h) => (RECEIVABLE as readonly string[]).includes(h.status));
  const items = await itemsOf(
    trx,
    live.map((h) => h.id),
  );
  return heads.map((h) => {
    if (!live.includes(h)) return { del: h.id };
    const data: WsNotification = {
      ...h,
      items: (items.get(h.id) ?? []).map((i) => ({
        id: i.id,
        product_id: i.product_id,
        ean: i.ean,
        title: i.title,
        quantity: i.quantity,
        received_quantity: i.received_quantity,
        unit: i.unit,
        image_url: i.image_url,
      })),
    };
    return data;
  });
});
