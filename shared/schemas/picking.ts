import { z } from 'zod';
import { offlineCommand } from '../offline';
import { optionalText } from './common';
import { ProductCode } from './products';
import { LocationBarcode, Quantity } from './stock';
import { PalletCornerSchema, SaveProgressRequest } from './waves';

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

// ─── Pick lists (handbook FULFILMENT.md "Pick lists", "The walking distance and the route") ───

export const VeRecommendationSchema = z.object({
  text: z.string(),
  items: z.array(z.object({ count: z.number(), name: z.string(), unit_size: z.number() })),
});

/** One stop of a line: a place holding part of the line's reservation. */
export const PickingListLocation = z.object({
  /** 1, 2, … over all stops of the list in route order. */
  sequence: z.number(),
  location_id: z.number(),
  location_name: z.string(),
  full_path: z.string(),
  location_barcode: z.string(),
  building: z.string().nullable(),
  room: z.string().nullable(),
  rack: z.string(),
  level: z.string(),
  compartment: z.string(),
  quantity_to_pick: z.number(),
  /** Pieces lying in this stock row (place × batch). */
  available_quantity: z.number(),
  batch_number: z.string(),
  expiry_date: z.string().nullable(),
  /** JSON of {units_per_box, boxes_per_pallet}, as the spec's screen reads it. */
  packaging_info: z.string(),
  ve_recommendation: VeRecommendationSchema,
  total_pieces: z.number(),
});
export type PickingListLocation = z.infer<typeof PickingListLocation>;

export const PickingListItem = z.object({
  order_item_id: z.number(),
  product_id: z.number(),
  product_ean: z.string(),
  product_title: z.string(),
  quantity_ordered: z.number(),
  picked_quantity: z.number(),
  unit: z.string(),
  /** Ordered − picked − still reserved: units no place covers any more. */
  shortage: z.number(),
  locations: z.array(PickingListLocation),
});
export type PickingListItem = z.infer<typeof PickingListItem>;

export const PickingList = z.object({
  order_id: z.number(),
  order_number: z.string(),
  route_length_m: z.number(),
  items: z.array(PickingListItem),
});
export type PickingList = z.infer<typeof PickingList>;

export const RollingPick = z.object({
  order_id: z.number(),
  order_item_id: z.number(),
  product_title: z.string(),
  product_ean: z.string(),
  quantity: z.number(),
  unit: z.string(),
  pallet_corner: PalletCornerSchema,
  order_number: z.string(),
  batch_number: z.string(),
  expiry_date: z.string().nullable(),
});
export type RollingPick = z.infer<typeof RollingPick>;

export const RollingPickingList = z.object({
  order_ids: z.array(z.number()),
  wave_id: z.number(),
  route_length_m: z.number(),
  pallet_assignments: z.array(z.object({ corner: PalletCornerSchema, order_id: z.number(), order_number: z.string(), customer_name: z.string() })),
  locations: z.array(
    z.object({
      sequence: z.number(),
      location_id: z.number(),
      location_barcode: z.string(),
      full_path: z.string(),
      picks: z.array(RollingPick),
    }),
  ),
});
export type RollingPickingList = z.infer<typeof RollingPickingList>;

/** Where a line's reservation now lies, in route order (after a shortage). */
export const NextLocation = PickingListLocation.pick({
  location_id: true,
  location_barcode: true,
  full_path: true,
  batch_number: true,
  expiry_date: true,
}).extend({
  quantity: z.number(),
});

export const ShortageResponse = z.object({
  order_id: z.number(),
  order_item_id: z.number(),
  /** Pieces booked off the scanned place (adjustment). */
  written_off: z.number(),
  /** Pieces newly reserved on other places of the customer. */
  reserved_elsewhere: z.number(),
  /** The line's shortage after this report (PickingListItem.shortage). */
  shortage: z.number(),
  next_locations: z.array(NextLocation),
});
export type ShortageResponse = z.infer<typeof ShortageResponse>;
