import { sql } from 'kysely';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { type MovementMeta, removeStock, type StockChange } from '../stock/ledger';

/**
 * Using reservations up; the rules of reserving are in reservations.ts.
 *
 * Picking — consumeReservation():
 *   consumeReservation(trx, { order_item_id, stock_id, quantity, meta })
 * books the pick through ledger.removeStock with consumeReserved (quantity and
 * reserved_quantity fall together, movement row written), shrinks or deletes
 * the reservation row and raises the line's picked_quantity. Picking from a
 * row the order has no reservation on is refused (RESERVATION_INSUFFICIENT);
 * re-plan with releaseOrder + reserveItem instead. A shortage at the shelf
 * is writeOffReservation() (adjustment movement, reservation shrinks, nothing
 * picked) followed by reserveUpTo() on the customer's other free stock.
 */

/** Gives back every reservation of an order (edit, cancel). Returns the pieces released. */
export async function releaseOrder(trx: Trx, orderId: number): Promise<number> {
  const rows = await trx
    .selectFrom('order_reservations')
    .innerJoin('outbound_order_items', 'outbound_order_items.id', 'order_reservations.order_item_id')
    .select(['order_reservations.id', 'order_reservations.stock_id', 'order_reservations.quantity'])
    .where('outbound_order_items.order_id', '=', orderId)
    .orderBy('order_reservations.stock_id')
    .execute();
  let released = 0;
  for (const r of rows) {
    // The CHECK (reserved_quantity >= 0) would catch a broken invariant instead of hiding it.
    await trx
      .updateTable('stock')
      .set({ reserved_quantity: sql<number>`reserved_quantity - ${r.quantity}`, updated_at: sql<string>`now()` })
      .where('id', '=', r.stock_id)
      .execute();
    released += r.quantity;
  }
  if (rows.length > 0) {
    await trx
      .deleteFrom('order_reservations')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  }
  return released;
}

export interface ConsumeRequest {
  order_item_id: number;
  stock_id: number;
  quantity: number;
  /** movement_type defaults to order_pick; order_id is filled in from the line. */
  meta: Omit<MovementMeta, 'movement_type' | 'order_id'> & { movement_type?: MovementMeta['movement_type'] };
  locationLabel?: string;
}

/**
 * Picking takes reserved goods: the stock row loses quantity and reservation
 * together (ledger.removeStock with consumeReserved, movement written), the
 * reservation row shrinks (deleted at 0) and the line's picked_quantity rises.
 */
export async function consumeReservation(trx: Trx, req: ConsumeRequest): Promise<StockChange> {
  await shrinkReservation(trx, req.order_item_id, req.stock_id, req.quantity);
  const line = await trx
    .updateTable('outbound_order_items')
    .set({ picked_quantity: sql<number>`picked_quantity + ${req.quantity}` })
    .where('id', '=', req.order_item_id)
    .returning(['order_id', 'unit'])
    .executeTakeFirstOrThrow();
  return removeStock(
    trx,
    req.stock_id,
    req.quantity,
    { unit: line.unit, ...req.meta, movement_type: req.meta.movement_type ?? 'order_pick', order_id: line.order_id },
    { consumeReserved: req.quantity, locationLabel: req.locationLabel },
  );
}

/**
 * A shortage at the shelf: the reserved units are not there. The stock row
 * loses quantity and reservation together (an `adjustment` movement, so the
 * ledger still sums up) and the line's reservation there shrinks; the line's
 * picked_quantity stays, so the units count as short until reserved elsewhere.
 */
export async function writeOffReservation(
  trx: Trx,
  req: Omit<ConsumeRequest, 'meta'> & { meta: Omit<MovementMeta, 'movement_type' | 'order_id'> },
): Promise<StockChange> {
  await shrinkReservation(trx, req.order_item_id, req.stock_id, req.quantity);
  const line = await trx.selectFrom('outbound_order_items').select(['order_id', 'unit']).where('id', '=', req.order_item_id).executeTakeFirstOrThrow();
  return removeStock(
    trx,
    req.stock_id,
    req.quantity,
    { unit: line.unit, ...req.meta, movement_type: 'adjustment', order_id: line.order_id },
    { consumeReserved: req.quantity, locationLabel: req.locationLabel },
  );
}

/** Shrinks (or deletes at 0) one reservation row; RESERVATION_INSUFFICIENT when it holds less. */
async function shrinkReservation(trx: Trx, orderItemId: number, stockId: number, quantity: number): Promise<void> {
  // The row's CHECK (quantity > 0) forbids 0: taking all of it deletes the row, taking part shrinks it.
  const whole = await trx
    .deleteFrom('order_reservations')
    .where('order_item_id', '=', orderItemId)
    .where('stock_id', '=', stockId)
    .where('quantity', '=', quantity)
    .returning('id')
    .executeTakeFirst();
  const part = whole
    ? whole
    : await trx
        .updateTable('order_reservations')
        .set({ quantity: sql<number>`quantity - ${quantity}` })
        .where('order_item_id', '=', orderItemId)
        .where('stock_id', '=', stockId)
        .where('quantity', '>', quantity)
        .returning('id')
        .executeTakeFirst();
  if (part) return;
  const cur = await trx
    .selectFrom('order_reservations')
    .select('quantity')
    .where('order_item_id', '=', orderItemId)
    .where('stock_id', '=', stockId)
    .executeTakeFirst();
  throw new AppError('RESERVATION_INSUFFICIENT', { stock_id: stockId, reserved: cur?.quantity ?? 0, requested: quantity });
}
