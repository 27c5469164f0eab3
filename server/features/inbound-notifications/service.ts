import { sql } from 'kysely';
import {
  allItemsTouched,
  checkNotificationAction,
  NOTIFICATION_ACTION_LABELS,
  NOTIFICATION_STATUS_LABELS,
  NOTIFICATION_TARGET,
  type NotificationAction,
  receiptDiscrepancy,
  statusAfterReceipt,
} from '../../../shared/domain/notification-status';
import { gtinVariants, productCodeProblem } from '../../../shared/domain/product-code';
import { isCustomerUser } from '../../../shared/domain/roles';
import type { InboundNotification, NotificationRequest, ReceiveItemCommand, ReceiveItemResult } from '../../../shared/schemas/inbound';
import { PRODUCT_CODE_PROBLEM_TEXT } from '../../../shared/schemas/products';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { addStock, type MovementMeta } from '../stock/ledger';
import { getNotification, type LockedNotification, lockNotification } from './queries';

/**
 * Commands on inbound announcements. Transactions start in the caller (route
 * or sync push); each command locks the announcement row first and asks the
 * shared status machine whether the actor may act in the current state.
 */

export type BookingMeta = Pick<MovementMeta, 'client_id' | 'mutation_id'>;

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

async function productFor(trx: Trx, item: { id: number; product_id: number | null; ean: string; title: string; image_url: string | null }): Promise<number> {
  if (item.product_id) return item.product_id;
  // Products are global by EAN: reuse any written form of the code, else create it from the announcement.
  const variants = gtinVariants(item.ean);
  const existing = await trx
    .selectFrom('products')
    .select('id')
    .where('ean', 'in', variants)
    .orderBy(sql`ean = ${item.ean}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  const productId =
    existing?.id ??
    (
      await trx
        .insertInto('products')
        .values({ ean: item.ean, title: item.title, image_url: item.image_url, source: 'manual' })
        .onConflict((oc) => oc.column('ean').doUpdateSet({ updated_at: sql<string>`products.updated_at` }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await trx.updateTable('inbound_notification_items').set({ product_id: productId }).where('id', '=', item.id).execute();
  return productId;
}

async function requireReceivingPlace(trx: Trx, locationId: number): Promise<void> {
  const loc = await trx.selectFrom('locations').select(['id', 'kind', 'barcode', 'is_active']).where('id', '=', locationId).executeTakeFirst();
  if (!loc) throw new AppError('RECEIPT_LOCATION_NOT_FOUND', { id: locationId });
  const label = loc.barcode ?? String(loc.id);
  if (loc.kind !== 'compartment' || !loc.barcode) throw new AppError('LOCATION_NOT_STORABLE', { barcode: label });
  if (!loc.is_active) throw new AppError('LOCATION_INACTIVE', { barcode: label });
}

/**
 * Books one received line of an announcement: the stock (through the ledger,
 * for the announcement's customer, movement tagged with the announcement and
 * the sync mutation), the receipt row with expected/received/discrepancy, the
 * item's received quantity and the announcement's status. Used by
 * POST /inbound-notifications/{id}/receive (one call per line) and by the
 * offline command receipt.receiveItem; the sync engine guarantees a replayed
 * mutation is answered from its stored outcome and never booked twice.
 */
export async function receiveItem(trx: Trx, actor: Actor, input: ReceiveItemCommand, meta: BookingMeta = {}): Promise<ReceiveItemResult> {
  const n = await lockNotification(trx, actor, input.notification_id);
  assertAction(actor, n, 'receive');
  const line = input.item;
  const items = await trx
    .selectFrom('inbound_notification_items')
    .select(['id', 'product_id', 'ean', 'title', 'image_url', 'quantity', 'received_quantity'])
    .where('notification_id', '=', n.id)
    .orderBy('sort_index')
    .orderBy('id')
    .execute();
  const variants = gtinVariants(line.ean);
  const matching = items.filter((i) => gtinVariants(i.ean).some((v) => variants.includes(v)));
  if (matching.length === 0) throw new AppError('NOTIFICATION_ITEM_NOT_FOUND', { ean: line.ean });
  // The same EAN announced twice: fill the lines in order.
  const item = matching.find((i) => i.received_quantity < i.quantity) ?? matching[matching.length - 1];
  await requireReceivingPlace(trx, line.location_id);
  const productId = await productFor(trx, item);
  const change = await addStock(
    trx,
    { product_id: productId, customer_id: n.customer_id, location_id: line.location_id, batch_number: line.batch_number, expiry_date: line.expiry_date },
    line.quantity,
    {
      movement_type: 'inbound',
      user_id: actor.id,
      unit: line.unit,
      notes: line.notes ?? `Wareneingang ${n.notification_number}`,
      inbound_notification_id: n.id,
      ...meta,
    },
  );
  const itemReceived = item.received_quantity + line.quantity;
  const discrepancy = receiptDiscrepancy(item.quantity, itemReceived);
  await trx.updateTable('inbound_notification_items').set({ received_quantity: itemReceived }).where('id', '=', item.id).execute();
  const receipt = await trx
    .insertInto('inbound_receipts')
    .values({
      notification_id: n.id,
      item_id: item.id,
      product_id: productId,
      location_id: line.location_id,
      movement_id: change.movement_id,
      expected_quantity: item.quantity,
      received_quantity: line.quantity,
      discrepancy,
      unit: line.unit,
      batch_number: line.batch_number,
      expiry_date: line.expiry_date ?? null,
      packaging_level1: line.packaging_level1 ? JSON.stringify(line.packaging_level1) : null,
      packaging_level2: line.packaging_level2 ? JSON.stringify(line.packaging_level2) : null,
      notes: line.notes,
      user_id: actor.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const status = statusAfterReceipt(items.map((i) => (i.id === item.id ? { ...i, received_quantity: itemReceived } : i)));
  await trx
    .updateTable('inbound_notifications')
    .set({
      status,
      receiving_started_at: sql<string>`coalesce(receiving_started_at, now())`,
      completed_at: status === 'completed' ? sql<string>`now()` : null,
      updated_at: sql<string>`now()`,
    })
    .where('id', '=', n.id)
    .execute();
  return {
    receipt_id: receipt.id,
    notification_id: n.id,
    notification_status: status,
    item_id: item.id,
    product_id: productId,
    ean: item.ean,
    expected_quantity: item.quantity,
    received_quantity: line.quantity,
    discrepancy,
    item_received_quantity: itemReceived,
    location_id: line.location_id,
    movement_id: change.movement_id,
  };
}

/** The REST receive: every line through receiveItem, in the caller's one transaction (all or nothing). */
export async function receiveItems(trx: Trx, actor: Actor, id: number, items: ReceiveItemCommand['item'][]) {
  const receipts: ReceiveItemResult[] = [];
  for (const item of items) receipts.push(await receiveItem(trx, actor, { notification_id: id, item }));
  return { notification: await getNotification(trx, actor, id), receipts };
}
