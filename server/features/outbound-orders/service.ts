import { sql, type UpdateObject } from 'kysely';
import { checkOrderAction, ORDER_ACTION_LABELS, ORDER_STATUS_LABELS, type OrderAction, orderTargetStatus } from '../../../shared/domain/order-status';
import { deliveryAddressOf } from '../../../shared/schemas/address';
import type { DeliveryAddressPatch, OrderRequest, OrderSource, OutboundOrder } from '../../../shared/schemas/orders';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { checkedAddress, customerFor, prepareItems, writeItemsAndReserve } from './order-input';
import { getOrder, type LockedOrder, lockOrder } from './queries';
import { logOrderCompleted } from './completion';
import { releaseOrder } from './reservations';
import { emitOrderStatusChanged } from '../webhooks/domain-events';

/**
 * Commands on outbound orders. Transactions start in the route; each command
 * on an existing order locks its row first and asks the shared status machine
 * (shared/domain/order-status.ts) whether the actor may act in that state:
 * wrong role 403, wrong state 409 with the German detail.
 */

export function assertOrderAction(actor: Actor, o: Pick<LockedOrder, 'order_number' | 'status'>, action: OrderAction): void {
  const check = checkOrderAction(actor, o.status, action);
  if (check.ok) return;
  if (check.reason === 'role') throw new AppError('FORBIDDEN');
  throw new AppError('ORDER_STATUS_CONFLICT', {
    number: o.order_number,
    status: ORDER_STATUS_LABELS[o.status],
    action: ORDER_ACTION_LABELS[action],
    status_code: o.status,
    action_code: action,
  });
}

/** `source`: the CSV import's reference, company and phone (order-import/service.ts); absent for POST /outbound-orders. */
export async function createOrder(trx: Trx, actor: Actor, input: OrderRequest, source?: OrderSource): Promise<OutboundOrder> {
  const customerId = await customerFor(trx, actor, input.customer_id);
  const address = await checkedAddress(trx, deliveryAddressOf(input));
  const items = await prepareItems(trx, customerId, input.items);
  const row = await trx
    .insertInto('outbound_orders')
    .values({
      // A-<year>-<6-digit sequence>: unique through the sequence, sorts by creation.
      order_number: sql<string>`'A-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
      customer_id: customerId,
      ...address,
      notes: input.notes,
      ...source,
      created_by: actor.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeItemsAndReserve(trx, row.id, customerId, items);
  return getOrder(trx, actor, row.id);
}

/**
 * Edit by the customer while new, or by admin/warehouse_manager while new or
 * confirmed (fixing an unpickable order): head and lines are replaced. The old
 * reservations are released and the new lines reserved in the same
 * transaction, so the order's own units count as available for the edit and
 * a refused edit leaves the order and its reservations exactly as they were.
 */
export async function updateOrder(trx: Trx, actor: Actor, id: number, input: OrderRequest): Promise<OutboundOrder> {
  const o = await lockOrder(trx, actor, id);
  assertOrderAction(actor, o, 'edit');
  const address = await checkedAddress(trx, deliveryAddressOf(input), o.delivery_country);
  const items = await prepareItems(trx, o.customer_id, input.items);
  await releaseOrder(trx, id);
  await trx.deleteFrom('outbound_order_items').where('order_id', '=', id).execute();
  await trx
    .updateTable('outbound_orders')
    .set({ ...address, notes: input.notes, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
  await writeItemsAndReserve(trx, id, o.customer_id, items);
  return getOrder(trx, actor, id);
}

/** Staff correct the delivery address (carrier rules apply); delivery_email absent = unchanged (packing-station variant). */
export async function updateDeliveryAddress(trx: Trx, actor: Actor, id: number, input: DeliveryAddressPatch): Promise<OutboundOrder> {
  const o = await lockOrder(trx, actor, id);
  assertOrderAction(actor, o, 'edit_address');
  const current = await trx.selectFrom('outbound_orders').select('delivery_email').where('id', '=', id).executeTakeFirstOrThrow();
  const email = input.delivery_email === undefined ? current.delivery_email : input.delivery_email?.trim() || null;
  const address = await checkedAddress(trx, { ...deliveryAddressOf(input), delivery_email: email }, o.delivery_country);
  await trx
    .updateTable('outbound_orders')
    .set({ ...address, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
  return getOrder(trx, actor, id);
}

/** The timestamps a transition records; the status itself comes from the machine's target table. */
type OrderStamps = Omit<UpdateObject<Database, 'outbound_orders'>, 'status'>;

/**
 * Locks the order, asks the status machine for `action`, applies one update
 * (the target status from ORDER_TARGET plus the action's timestamps), answers
 * the fresh order.
 */
async function transition(
  trx: Trx,
  actor: Actor,
  id: number,
  action: OrderAction,
  stamps: OrderStamps,
  before?: (o: LockedOrder) => Promise<unknown>,
): Promise<OutboundOrder> {
  const o = await lockOrder(trx, actor, id);
  assertOrderAction(actor, o, action);
  await before?.(o);
  const status = orderTargetStatus(action);
  await trx
    .updateTable('outbound_orders')
    .set({ ...stamps, ...(status ? { status } : {}), updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
  if (status) await emitOrderStatusChanged(trx, o, o.status, status);
  return getOrder(trx, actor, id);
}

export function confirmOrder(trx: Trx, actor: Actor, id: number): Promise<OutboundOrder> {
  return transition(trx, actor, id, 'confirm', { confirmed_at: sql<string>`now()` });
}

export function startPicking(trx: Trx, actor: Actor, id: number): Promise<OutboundOrder> {
  return transition(trx, actor, id, 'start_picking', { picking_started_at: sql<string>`now()` });
}

/**
 * End of picking: records picking_completed_at; the order stays `picking`
 * until the packing station marks it packed (see order-status.ts). A repeat
 * (a retried request) keeps the first time.
 */
export function completePicking(trx: Trx, actor: Actor, id: number): Promise<OutboundOrder> {
  return transition(trx, actor, id, 'complete_picking', { picking_completed_at: sql<string>`coalesce(picking_completed_at, now())` });
}

/** Cancelling keeps the order and its lines but gives back every remaining reservation. */
export function cancelOrder(trx: Trx, actor: Actor, id: number): Promise<OutboundOrder> {
  return transition(trx, actor, id, 'cancel', { cancelled_at: sql<string>`now()` }, () => releaseOrder(trx, id));
}

/** shipped → completed by admin or warehouse_manager, logged (order_completed) in the same transaction. */
export function completeOrder(trx: Trx, actor: Actor, id: number): Promise<OutboundOrder> {
  return transition(trx, actor, id, 'complete', { completed_at: sql<string>`now()` }, (o) => logOrderCompleted(trx, actor, o));
}
