import { sql } from 'kysely';
import { isStaff } from '../../../shared/domain/roles';
import { STOCKED_DISPOSITIONS } from '../../../shared/domain/returns';
import type { ReceiveReturnItemRequest, ReceiveReturnItemResponse } from '../../../shared/schemas/returns';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { placeBlocked } from '../locations/blocked';
import { assertPlaceNotFrozen } from '../stocktakes/frozen';
import { resolveScan } from '../stock/scan-context';
import { addStock, type MovementMeta } from '../stock/ledger';
import { orderBalances } from './queries';
import { writeStatusLog } from '../status-logs/writer';
import { emitWebhookEvent } from '../webhooks/outbox';
import { RETURN_LOG } from '../../../shared/i18n/returns';
import { assertReturnStatus, lineFor, lockReturn, returnable } from './service';

/**
 * Receiving a returned unit at the dock (docs/operations.md "Returns"): one
 * command `(trx, actor, id, input, meta?)` used by POST
 * /returns/{id}/receive-item and the offline command returns.receiveItem.
 * - Only for a product the return announces; more than announced is fine up
 *   to what was shipped minus what the order's other returns claim.
 * - restock: a `return` movement (+q) onto a normal place; quarantine: onto a
 *   blocked place (Sperrplatz), where the units are never available;
 *   dispose: recorded, no stock. A place a stocktake counts is refused
 *   (LOCATION_IN_STOCKTAKE), as every booking path does.
 * - The first receipt moves the return from announced to received.
 */

export type ReceiveMeta = Pick<MovementMeta, 'client_id' | 'mutation_id'>;

export async function receiveReturnItem(
  trx: Trx,
  actor: Actor,
  returnId: number,
  input: ReceiveReturnItemRequest,
  meta: ReceiveMeta = {},
): Promise<ReceiveReturnItemResponse> {
  if (!isStaff(actor)) throw new AppError('FORBIDDEN');
  const { order, ret } = await lockReturn(trx, actor, returnId);
  assertReturnStatus(ret, ['announced', 'received']);
  const others = await orderBalances(trx, order.id, ret.id);
  const line = lineFor(others, input.product_ean);
  if (!line) throw new AppError('RETURN_ITEM_NOT_IN_ORDER', { ean: input.product_ean, order_number: order.order_number });
  const item = await trx
    .selectFrom('return_items as ri')
    .select(['ri.id', sql<number>`(SELECT coalesce(sum(rr.quantity), 0)::int FROM return_receipts rr WHERE rr.return_item_id = ri.id)`.as('received')])
    .where('ri.return_id', '=', ret.id)
    .where('ri.product_id', '=', line.product_id)
    .executeTakeFirst();
  if (!item) throw new AppError('RETURN_ITEM_NOT_ANNOUNCED', { ean: line.product_ean, return_number: ret.return_number });
  const room = returnable(line) - Number(item.received);
  if (input.quantity > room) throw new AppError('RETURN_TOO_MANY', { ean: line.product_ean, returnable: Math.max(0, room), requested: input.quantity });

  let locationId: number | null = null;
  let locationBarcode: string | null = null;
  let locationQuantity: number | null = null;
  if (STOCKED_DISPOSITIONS.includes(input.disposition)) {
    if (!input.location_barcode) throw new AppError('RETURN_PLACE_REQUIRED');
    const { location } = await resolveScan(trx, { ean: line.product_ean, location_barcode: input.location_barcode });
    const place = await trx.selectFrom('locations as p').select(placeBlocked('p.id').as('blocked')).where('p.id', '=', location.id).executeTakeFirstOrThrow();
    if (input.disposition === 'restock' && place.blocked) throw new AppError('RETURN_RESTOCK_BLOCKED', { barcode: location.barcode });
    if (input.disposition === 'quarantine' && !place.blocked) throw new AppError('RETURN_QUARANTINE_NOT_BLOCKED', { barcode: location.barcode });
    await assertPlaceNotFrozen(trx, location.id);
    await addStock(trx, { product_id: line.product_id, customer_id: ret.customer_id, location_id: location.id }, input.quantity, {
      movement_type: 'return',
      user_id: actor.id,
      notes: ret.return_number,
      return_id: ret.id,
      client_id: meta.client_id,
      mutation_id: meta.mutation_id,
    });
    locationId = location.id;
    locationBarcode = location.barcode;
    const here = await trx
      .selectFrom('stock')
      .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('q'))
      .where('product_id', '=', line.product_id)
      .where('customer_id', '=', ret.customer_id)
      .where('location_id', '=', location.id)
      .executeTakeFirstOrThrow();
    locationQuantity = Number(here.q);
  }
  const receipt = await trx
    .insertInto('return_receipts')
    .values({
      return_id: ret.id,
      return_item_id: item.id,
      quantity: input.quantity,
      condition: input.condition,
      disposition: input.disposition,
      location_id: locationId,
      user_id: actor.id,
      client_id: meta.client_id ?? null,
      mutation_id: meta.mutation_id ?? null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  let status = ret.status;
  if (status === 'announced') {
    await trx
      .updateTable('returns')
      .set({ status: 'received', received_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', ret.id)
      .execute();
    await writeStatusLog(trx, actor, {
      event_type: 'return_received',
      order_id: order.id,
      old_status: 'announced',
      new_status: 'received',
      description: RETURN_LOG.received(ret.return_number),
      event_data: { return_id: ret.id, return_number: ret.return_number },
    });
    status = 'received';
  }
  await emitWebhookEvent(
    trx,
    ret.customer_id,
    'return.received',
    {
      return_id: ret.id,
      return_number: ret.return_number,
      order_id: order.id,
      order_number: order.order_number,
      status,
      item: { product_ean: line.product_ean, quantity: input.quantity, condition: input.condition, disposition: input.disposition },
    },
    { orderId: order.id },
  );
  return {
    return_id: ret.id,
    return_number: ret.return_number,
    status,
    receipt: {
      id: receipt.id,
      product_ean: line.product_ean,
      quantity: input.quantity,
      condition: input.condition,
      disposition: input.disposition,
      location_barcode: locationBarcode,
      received_by_name: actor.full_name,
      received_at: receipt.created_at,
    },
    location_quantity: locationQuantity,
  };
}
