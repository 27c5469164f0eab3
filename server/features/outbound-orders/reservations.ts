import { sql } from 'kysely';
import { BASE_UNIT_LABELS, type BaseUnit } from '../../../shared/constants';
import { VE_TYPE_LABELS, type VeType } from '../../../shared/schemas/orders';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { placeBlocked } from '../locations/blocked';
import { pickingStrategy } from '../settings/service';

/**
 * Stock reservations of outbound orders.
 *
 * Invariant: for every stock row, reserved_quantity equals the sum of its
 * order_reservations rows, and 0 <= reserved_quantity <= quantity (CHECKs on
 * stock are the last line of defence). Only this module and reservation-use.ts write
 * order_reservations or stock.reserved_quantity.
 *
 * Reserving is a sequence of guarded single-statement UPDATEs
 *   reserved_quantity = reserved_quantity + n
 *   WHERE id = ? AND quantity - reserved_quantity >= n
 * never read-then-write: under concurrency PostgreSQL re-checks the WHERE on
 * the newest row version after waiting for the other writer, so two orders
 * for the last units cannot both win. A refused UPDATE re-reads that row and
 * takes what is left, so a concurrent order only makes this one fail when the
 * total really is not there. Callers run inside the order's transaction: a
 * 409 rolls back every row reserved so far.
 *
 * Allocation is FEFO: earliest expiry first (rows without expiry last), so
 * picking later takes the goods that must go first, whatever the strategy.
 * Among rows of equal expiry the setting `picking_strategy` decides:
 * `route_optimized` takes the oldest stock row first, `quantity_first` the
 * row with the largest free quantity, so a line comes from as few places as
 * possible (docs/fulfilment.md "Walking distance and route").
 * Items are reserved in product order so two orders lock rows in the same
 * order (no deadlock between A,B and B,A orders).
 * Stock on a blocked place is not available (docs/operations.md "Blocked
 * places"): never reserved; an order that only the blocked stock would cover
 * is refused with LOCATION_BLOCKED naming those places.
 *
 * Using reservations up (picking, shortages, release): reservation-use.ts.
 */

export interface ReserveRequest {
  order_item_id: number;
  customer_id: number;
  product_id: number;
  /** In the product's base unit. */
  quantity: number;
  /** Product data for the German refusal. */
  title: string;
  base_unit: string;
  /** VE lines: the refusal names whole units ('Nur 3 Karton verfügbar'). */
  ve?: { type: VeType; unit_size: number } | null;
}

interface Totals {
  available: number;
  reserved: number;
  /** Free pieces on blocked places (not available). */
  blocked: number;
  /** Barcodes of the blocked places holding them. */
  blocked_places: string[];
}

async function totalsFor(trx: Trx, customerId: number, productId: number): Promise<Totals> {
  const rows = await trx
    .selectFrom('stock')
    .innerJoin('locations as l', 'l.id', 'stock.location_id')
    .select([
      sql<string>`coalesce(l.barcode, l.code)`.as('place'),
      placeBlocked('l.id').as('blocked'),
      sql<number>`sum(stock.quantity - stock.reserved_quantity)::int`.as('free'),
      sql<number>`sum(stock.reserved_quantity)::int`.as('reserved'),
    ])
    .where('stock.customer_id', '=', customerId)
    .where('stock.product_id', '=', productId)
    .groupBy(['l.id', 'l.barcode', 'l.code'])
    .orderBy('place')
    .execute();
  const t: Totals = { available: 0, reserved: 0, blocked: 0, blocked_places: [] };
  for (const r of rows) {
    t.reserved += Number(r.reserved);
    if (!r.blocked) t.available += Number(r.free);
    else if (Number(r.free) > 0) {
      t.blocked += Number(r.free);
      t.blocked_places.push(r.place);
    }
  }
  return t;
}

function refuse(req: ReserveRequest, t: Totals): never {
  // Enough stock, but part of it lies on blocked places: name them.
  if (t.available + t.blocked >= req.quantity && t.blocked_places.length > 0) {
    throw new AppError('LOCATION_BLOCKED', { barcode: t.blocked_places.join(', ') });
  }
  if (req.ve) {
    throw new AppError('ORDER_VE_INSUFFICIENT', {
      available: Math.floor(t.available / req.ve.unit_size),
      type: VE_TYPE_LABELS[req.ve.type],
      title: req.title,
      product_id: req.product_id,
      requested: req.quantity,
    });
  }
  throw new AppError('ORDER_STOCK_INSUFFICIENT', {
    available: t.available,
    reserved: t.reserved,
    unit: BASE_UNIT_LABELS[req.base_unit as BaseUnit] ?? req.base_unit,
    title: req.title,
    product_id: req.product_id,
    requested: req.quantity,
  });
}

/** Guarded increment of one stock row; true when it matched. */
async function tryReserveRow(trx: Trx, stockId: number, n: number): Promise<boolean> {
  const row = await trx
    .updateTable('stock')
    .set({ reserved_quantity: sql<number>`reserved_quantity + ${n}`, updated_at: sql<string>`now()` })
    .where('id', '=', stockId)
    .where(sql<boolean>`quantity - reserved_quantity >= ${n}`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Reserves `quantity` of the customer's product for one order line, FEFO
 * across the stock rows. Throws ORDER_STOCK_INSUFFICIENT / ORDER_VE_INSUFFICIENT
 * (409) when the total is not available; the caller's transaction then rolls back.
 */
export async function reserveItem(trx: Trx, req: ReserveRequest): Promise<void> {
  const before = await totalsFor(trx, req.customer_id, req.product_id);
  if (before.available < req.quantity) refuse(req, before);
  const taken = await reserveFromRows(trx, req, req.quantity, null);
  if (taken === req.quantity) return;
  // Lost the race for the last units: report the numbers as they are without this line's partial take.
  const now = await totalsFor(trx, req.customer_id, req.product_id);
  refuse(req, { ...now, available: now.available + taken, reserved: Math.max(0, now.reserved - taken) });
}

/**
 * Reserves up to `quantity` for the line from the customer's free stock
 * (same order and guards as reserveItem), never throwing for lack of stock:
 * after a shortage the line takes what is left elsewhere. Returns the pieces reserved.
 */
export async function reserveUpTo(
  trx: Trx,
  req: Pick<ReserveRequest, 'order_item_id' | 'customer_id' | 'product_id' | 'quantity'>,
  opts: { excludeLocationId?: number } = {},
): Promise<number> {
  if (req.quantity <= 0) return 0;
  return reserveFromRows(trx, req, req.quantity, opts.excludeLocationId ?? null);
}

/** The allocation loop of reserveItem/reserveUpTo; returns how much it reserved. */
async function reserveFromRows(
  trx: Trx,
  req: Pick<ReserveRequest, 'order_item_id' | 'customer_id' | 'product_id'>,
  quantity: number,
  excludeLocationId: number | null,
): Promise<number> {
  const strategy = await pickingStrategy(trx);
  let q = trx
    .selectFrom('stock')
    .select(['id'])
    .where('customer_id', '=', req.customer_id)
    .where('product_id', '=', req.product_id)
    .where(sql<boolean>`quantity - reserved_quantity > 0`)
    .where(sql<boolean>`NOT ${placeBlocked('stock.location_id')}`);
  if (excludeLocationId !== null) q = q.where('location_id', '<>', excludeLocationId);
  q = q.orderBy(sql`expiry_date ASC NULLS LAST`);
  if (strategy === 'quantity_first') q = q.orderBy(sql`quantity - reserved_quantity`, 'desc');
  const rows = await q.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();

  let need = quantity;
  for (const { id } of rows) {
    // A few rounds per row: a refused UPDATE means someone else took part of it meanwhile.
    for (let round = 0; round < 5 && need > 0; round++) {
      const fresh = await trx.selectFrom('stock').select(['quantity', 'reserved_quantity']).where('id', '=', id).executeTakeFirst();
      const free = fresh ? fresh.quantity - fresh.reserved_quantity : 0;
      const n = Math.min(need, free);
      if (n <= 0) break;
      if (await tryReserveRow(trx, id, n)) {
        await trx
          .insertInto('order_reservations')
          .values({ order_item_id: req.order_item_id, stock_id: id, quantity: n })
          .onConflict((oc) => oc.columns(['order_item_id', 'stock_id']).doUpdateSet({ quantity: sql<number>`order_reservations.quantity + excluded.quantity` }))
          .execute();
        need -= n;
        break;
      }
    }
    if (need === 0) break;
  }
  return quantity - need;
}

export { type ConsumeRequest, consumeReservation, releaseOrder, writeOffReservation } from './reservation-use';
