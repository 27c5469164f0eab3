import { z } from 'zod';
import { offlineCommand } from '../offline';
import { InboundRequest, LocationBarcode } from './stock';

/**
 * Relocation (Umlagern, docs/operations.md "Relocation"): free units of one
 * product, customer and batch move from one place to another. The body of
 * POST /relocations is also the args of the offline command stock.relocate,
 * and its response the stored result of an applied mutation.
 */

export const RelocationRequest = InboundRequest.pick({ ean: true, customer_id: true, quantity: true, batch_number: true }).extend({
  from_location_barcode: LocationBarcode,
  to_location_barcode: LocationBarcode,
});
export type RelocationRequest = z.infer<typeof RelocationRequest>;
export type RelocationInput = z.input<typeof RelocationRequest>;

/** One side of a relocation: the place and the quantity of the moved stock (product, customer, batch) there after the move. */
export const RelocationSide = z.object({
  location_barcode: z.string(),
  quantity: z.number(),
});
export type RelocationSide = z.infer<typeof RelocationSide>;

export const RelocationResponse = z.object({
  relocation_id: z.string(),
  from: RelocationSide,
  to: RelocationSide,
});
export type RelocationResponse = z.infer<typeof RelocationResponse>;

/** Offline twin of POST /relocations: same args, same result. */
export const StockRelocateCommand = offlineCommand('stock.relocate', RelocationRequest);
