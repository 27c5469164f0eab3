import { z } from 'zod';
import { offlineCommand } from '../offline';
import { optionalText } from './common';
import { ProductCode } from './products';
import { LocationBarcode, Quantity } from './stock';
import { SaveProgressRequest } from './waves';

/**
 * Picks and shortages (handbook FULFILMENT.md "What books stock"). The REST
 * bodies of POST /picking-waves/{id}/pick and /shortage; the offline commands
 * take the same body plus wave_id.
 */

const WaveId = z.number().int().positive();
const OrderIdField = z.number({ error: 'Auftrag ist erforderlich' }).int().positive();

export const PickRequest = z.object({
  order_id: OrderIdField,
  product_ean: ProductCode,
  location_barcode: LocationBarcode,
  quantity: Quantity,
  batch_number: optionalText(100),
});
export type PickRequest = z.infer<typeof PickRequest>;
export type PickInput = z.input<typeof PickRequest>;

export const PickResponse = z.object({
  order_id: z.number(),
  order_item_id: z.number(),
  picked_quantity: z.number(),
  quantity_ordered: z.number(),
  remaining: z.number(),
  wave_progress: z.object({ picked: z.number(), total: z.number() }),
});
export type PickResponse = z.infer<typeof PickResponse>;

export const ShortageRequest = z.object({
  order_id: OrderIdField,
  product_ean: ProductCode,
  location_barcode: LocationBarcode,
  missing_quantity: Quantity,
  note: optionalText(1000),
});
export type ShortageRequest = z.infer<typeof ShortageRequest>;
export type ShortageInput = z.input<typeof ShortageRequest>;

export const PickArgs = PickRequest.extend({ wave_id: WaveId });
export const ShortageArgs = ShortageRequest.extend({ wave_id: WaveId });
export const SaveProgressArgs = SaveProgressRequest.extend({ wave_id: WaveId });

export const PickCommand = offlineCommand('picking.pick', PickArgs);
export const ShortageCommand = offlineCommand('picking.shortage', ShortageArgs);
export const SaveProgressCommand = offlineCommand('picking.saveProgress', SaveProgressArgs);
