import { sql } from 'kysely';
import { receiptDiscrepancy, statusAfterReceipt } from '../../../shared/domain/notification-status';
import { gtinVariants } from '../../../shared/domain/product-code';
import type { ReceiveItemCommand, ReceiveItemResult } from '../../../shared/schemas/inbound';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { addStock } from '../stock/ledger';
import { assertPlaceNotFrozen } from '../stocktakes/frozen';
import type { BookingMeta } from '../stock/service';
import { getNotification, lockNotification } from './queries';
import { assertAction } from './service';
import { emitWebhookEvent } from '../webhooks/outbox';

/** Receiving against an announcement: one line at a time, online (REST) or offline (sync push). */

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
  // A place being counted takes no goods (docs/operations.md "Stocktake").
  await assertPlaceNotFrozen(trx, loc.id);
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
  await emitWebhookEvent(trx, n.customer_id, 'inbound.received', {
    notification_id: n.id,
    notification_number: n.notification_number,
    status,
    item: { ean: item.ean, title: item.title, quantity: line.quantity, received_quantity: itemReceived, expected_quantity: item.quantity, discrepancy },
    batch_number: line.batch_number ?? null,
    expiry_date: line.expiry_date ?? null,
  });
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
