import { sql } from 'kysely';
import type { AdjustmentReason, MovementType } from '../../../shared/constants';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * The stock ledger. Every change of stock.quantity goes through these two
 * functions (or Einlagern's single statement, inbound-statement.ts, which
 * does what addStock does in the same statement), which write the movement
 * row in the same transaction, so that
 * stock.quantity always equals the sum of stock_movements.quantity per stock
 * identity (product, customer, location, batch, expiry).
 *
 * Removals are one guarded UPDATE (never read-then-write): the WHERE clause
 * only matches while enough unreserved stock is there, and the CHECK
 * constraints on stock are the backstop. Two pickers taking the last unit:
 * one UPDATE matches, the other matches no row and is refused.
 */

export interface StockIdentity {
  product_id: number;
  customer_id: number;
  location_id: number;
  batch_number?: string | null;
  expiry_date?: string | null;
}

export interface MovementMeta {
  movement_type: MovementType;
  user_id: number | null;
  notes?: string | null;
  unit?: string;
  order_id?: number | null;
  inbound_notification_id?: number | null;
  /** The sync mutation that caused this booking, if any. */
  client_id?: string | null;
  mutation_id?: number | null;
  /** Pairs the two movements of one relocation (server/features/relocation/). */
  relocation_id?: string | null;
  /** The return a `return` movement received (server/features/returns/). */
  return_id?: number | null;
  /** Why a correction was booked (server/features/stock-adjustments/). */
  adjustment_reason?: AdjustmentReason | null;
}

export interface StockChange {
  stock_id: number;
  movement_id: number;
  quantity: number;
  reserved_quantity: number;
}

async function writeMovement(
  trx: Trx,
  id: Required<Pick<StockIdentity, 'product_id' | 'customer_id' | 'location_id'>> & { batch_number: string; expiry_date: string | null },
  stockId: number,
  delta: number,
  meta: MovementMeta,
): Promise<number> {
  const row = await trx
    .insertInto('stock_movements')
    .values({
      movement_type: meta.movement_type,
      product_id: id.product_id,
      customer_id: id.customer_id,
      location_id: id.location_id,
      stock_id: stockId,
      batch_number: id.batch_number,
      expiry_date: id.expiry_date,
      quantity: delta,
      unit: meta.unit ?? 'piece',
      user_id: meta.user_id,
      notes: meta.notes ?? null,
      order_id: meta.order_id ?? null,
      inbound_notification_id: meta.inbound_notification_id ?? null,
      client_id: meta.client_id ?? null,
      mutation_id: meta.mutation_id ?? null,
      relocation_id: meta.relocation_id ?? null,
      return_id: meta.return_id ?? null,
      adjustment_reason: meta.adjustment_reason ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds quantity to a stock identity (creating the row on first use) and books the movement. */
export async function addStock(trx: Trx, key: StockIdentity, quantity: number, meta: MovementMeta): Promise<StockChange> {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new AppError('QUANTITY_INVALID');
  const id = {
    product_id: key.product_id,
    customer_id: key.customer_id,
    location_id: key.location_id,
    batch_number: key.batch_number?.trim() ?? '',
    expiry_date: key.expiry_date || null,
  };
  const row = await trx
    .insertInto('stock')
    .values({ ...id, quantity })
    .onConflict((oc) =>
      oc.constraint('stock_identity').doUpdateSet({
        quantity: sql<number>`stock.quantity + excluded.quantity`,
        updated_at: sql<string>`now()`,
      }),
    )
    .returning(['id', 'quantity', 'reserved_quantity'])
    .executeTakeFirstOrThrow();
  const movementId = await writeMovement(trx, id, row.id, quantity, meta);
  return { stock_id: row.id, movement_id: movementId, quantity: row.quantity, reserved_quantity: row.reserved_quantity };
}

export interface RemoveOptions {
  /** Consume this much of the row's reservation too (picking an order). Default 0: only unreserved stock. */
  consumeReserved?: number;
  /** Barcode for the German refusal text. */
  locationLabel?: string;
}

/**
 * Takes quantity out of one stock row with a single guarded UPDATE.
 * Throws STOCK_INSUFFICIENT (409) when the row lacks the unreserved quantity.
 */
export async function removeStock(trx: Trx, stockId: number, quantity: number, meta: MovementMeta, opts: RemoveOptions = {}): Promise<StockChange> {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new AppError('QUANTITY_INVALID');
  const consume = opts.consumeReserved ?? 0;
  const row = await trx
    .updateTable('stock')
    .set({
      quantity: sql<number>`quantity - ${quantity}`,
      reserved_quantity: sql<number>`reserved_quantity - ${consume}`,
      updated_at: sql<string>`now()`,
    })
    .where('id', '=', stockId)
    .where(sql<boolean>`quantity - reserved_quantity >= ${quantity - consume}`)
    .where('reserved_quantity', '>=', consume)
    .returning(['id', 'product_id', 'customer_id', 'location_id', 'batch_number', 'expiry_date', 'quantity', 'reserved_quantity'])
    .executeTakeFirst();
  if (!row) {
    const current = await trx
      .selectFrom('stock')
      .innerJoin('locations', 'locations.id', 'stock.location_id')
      .select(['stock.quantity', 'stock.reserved_quantity', 'locations.barcode'])
      .where('stock.id', '=', stockId)
      .executeTakeFirst();
    throw new AppError('STOCK_INSUFFICIENT', {
      location: opts.locationLabel ?? current?.barcode ?? '?',
      available: current ? Math.max(0, current.quantity - current.reserved_quantity) : 0,
      requested: quantity,
    });
  }
  const movementId = await writeMovement(trx, row, row.id, -quantity, meta);
  return { stock_id: row.id, movement_id: movementId, quantity: row.quantity, reserved_quantity: row.reserved_quantity };
}
