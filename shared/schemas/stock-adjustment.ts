import { z } from 'zod';
import { ADJUSTMENT_REASONS } from '../constants';
import { ADJUSTMENT_VALIDATION as V } from '../i18n/stock-adjustment';
import { optionalText } from './common';
import { InboundRequest, InboundResponse, Quantity } from './stock';

/**
 * Stock correction (Bestandskorrektur, docs/operations.md "Stock corrections"):
 * a signed change of one product's stock of one customer at one place, with a
 * reason. No `batch_number` means the stock without a batch (as for Umlagern).
 */

const QuantityDelta = z
  .number({ error: V.deltaRequired })
  .int(V.deltaInteger)
  .refine((v) => v !== 0, V.deltaNotZero)
  .refine((v) => Math.abs(v) <= (Quantity.maxValue ?? 1_000_000), V.deltaTooLarge);

export const StockAdjustmentRequest = InboundRequest.pick({ ean: true, customer_id: true, location_barcode: true, batch_number: true })
  .extend({
    quantity_delta: QuantityDelta,
    reason: z.enum(ADJUSTMENT_REASONS, { error: V.reasonInvalid }),
    note: optionalText(1000),
  })
  .superRefine((b, ctx) => {
    if (b.reason === 'other' && !b.note) ctx.addIssue({ code: 'custom', path: ['note'], message: V.noteRequired });
  });
export type StockAdjustmentRequest = z.infer<typeof StockAdjustmentRequest>;
export type StockAdjustmentInput = z.input<typeof StockAdjustmentRequest>;

export const StockAdjustmentResponse = InboundResponse.pick({ product_id: true, ean: true, customer_id: true, location_barcode: true }).extend({
  /** One movement, or one per stock row when a batch lies there with several expiry dates (booked off FEFO). */
  movement_ids: z.array(z.number()),
  quantity_delta: z.number(),
  reason: z.enum(ADJUSTMENT_REASONS),
  /** Quantity of this product, customer and batch at the place after the correction. */
  quantity_after: z.number(),
});
export type StockAdjustmentResponse = z.infer<typeof StockAdjustmentResponse>;
