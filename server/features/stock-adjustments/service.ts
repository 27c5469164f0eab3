import { sql } from 'kysely';
import { ADJUSTMENT_REASON_LABELS } from '../../../shared/constants';
import { isManagerOrAdmin } from '../../../shared/domain/roles';
import { ADJUSTMENT_TEXTS } from '../../../shared/i18n/stock-adjustment';
import { formatNumber } from '../../../shared/i18n/format';
import type { StockAdjustmentRequest, StockAdjustmentResponse } from '../../../shared/schemas/stock-adjustment';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { addStock, type MovementMeta, removeStock } from '../stock/ledger';
import { resolveScan } from '../stock/scan-context';
import { assertPlaceNotFrozen } from '../stocktakes/frozen';
import { writeStatusLog } from '../status-logs/writer';

/**
 * Bestandskorrektur (docs/operations.md "Stock corrections"): a signed change
 * of one product's stock of one customer and batch at one place, booked as
 * `adjustment` movements carrying the reason, through the ledger's addStock /
 * removeStock so that stock = ledger. The stock rows are locked first (FEFO
 * order), so a concurrent pick or correction queues behind this one.
 *  - positive: added to the identity's first row in FEFO order, or a new row
 *    (that batch, no expiry) when there is none;
 *  - negative: booked off the rows in FEFO order, never below 0 (409
 *    ADJUST_BELOW_ZERO) nor into reserved units (409 ADJUST_BELOW_RESERVED).
 * Blocked and deactivated places may be corrected: that is where damaged goods lie.
 */
export async function adjustStock(trx: Trx, actor: Actor, input: StockAdjustmentRequest): Promise<StockAdjustmentResponse> {
  if (!isManagerOrAdmin(actor)) throw new AppError('FORBIDDEN');
  // Visibility before existence: a hidden customer is answered like an unknown one (404).
  assertCustomerVisible(actor, input.customer_id);
  const scan = await resolveScan(trx, input, { allowInactiveLocation: true });
  if (!scan.customer) throw new AppError('CUSTOMER_NOT_FOUND', { id: input.customer_id });
  const { product, location } = scan;
  // A place a stocktake counts is frozen for corrections too (docs/operations.md "Stocktake").
  await assertPlaceNotFrozen(trx, location.id);
  const batch = input.batch_number?.trim() ?? '';

  const rows = await trx
    .selectFrom('stock')
    .select(['id', 'quantity', 'reserved_quantity', 'expiry_date'])
    .where('product_id', '=', product.id)
    .where('customer_id', '=', input.customer_id)
    .where('location_id', '=', location.id)
    .where('batch_number', '=', batch)
    .orderBy(sql`expiry_date ASC NULLS LAST`)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();

  const movement: MovementMeta = { movement_type: 'adjustment', user_id: actor.id, adjustment_reason: input.reason, notes: input.note };
  const movementIds: number[] = [];
  if (input.quantity_delta > 0) {
    const key = {
      product_id: product.id,
      customer_id: input.customer_id,
      location_id: location.id,
      batch_number: batch,
      expiry_date: rows[0]?.expiry_date ?? null,
    };
    movementIds.push((await addStock(trx, key, input.quantity_delta, movement)).movement_id);
  } else {
    const requested = -input.quantity_delta;
    const quantity = rows.reduce((s, r) => s + r.quantity, 0);
    const reserved = rows.reduce((s, r) => s + r.reserved_quantity, 0);
    if (requested > quantity) throw new AppError('ADJUST_BELOW_ZERO', { location: location.barcode, quantity, requested });
    if (requested > quantity - reserved) {
      throw new AppError('ADJUST_BELOW_RESERVED', { location: location.barcode, reserved, available: quantity - reserved, requested });
    }
    let need = requested;
    for (const r of rows) {
      const take = Math.min(need, r.quantity - r.reserved_quantity);
      if (take <= 0) continue;
      movementIds.push((await removeStock(trx, r.id, take, movement, { locationLabel: location.barcode })).movement_id);
      need -= take;
      if (need === 0) break;
    }
  }

  const after = await trx
    .selectFrom('stock')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('quantity'))
    .where('product_id', '=', product.id)
    .where('customer_id', '=', input.customer_id)
    .where('location_id', '=', location.id)
    .where('batch_number', '=', batch)
    .executeTakeFirstOrThrow();

  const delta = `${input.quantity_delta > 0 ? '+' : '−'}${formatNumber(Math.abs(input.quantity_delta))}`;
  await writeStatusLog(trx, actor, {
    event_type: 'stock_adjusted',
    description: ADJUSTMENT_TEXTS.logDescription(delta, product.ean, location.barcode, ADJUSTMENT_REASON_LABELS[input.reason]),
    event_data: {
      product_id: product.id,
      ean: product.ean,
      customer_id: input.customer_id,
      location_barcode: location.barcode,
      batch_number: batch,
      quantity_delta: input.quantity_delta,
      reason: input.reason,
      note: input.note,
      movement_ids: movementIds,
    },
  });

  return {
    product_id: product.id,
    ean: product.ean,
    customer_id: input.customer_id,
    location_barcode: location.barcode,
    movement_ids: movementIds,
    quantity_delta: input.quantity_delta,
    reason: input.reason,
    quantity_after: after.quantity,
  };
}
