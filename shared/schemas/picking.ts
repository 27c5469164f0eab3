import { z } from 'zod';
import { offlineCommand, workingSetEntity } from '../offline';
import { bodyId, optionalText } from './common';
import { Product, ProductCode } from './products';
import { LocationBarcode, Quantity } from './stock';
import { PalletCornerSchema, PickingWave, SaveProgressRequest, WaveOrder } from './waves';

/**
 * Picks and shortages (docs/fulfilment.md "What books stock"). The REST
 * bodies of POST /picking-waves/{id}/pick and /shortage; the offline commands
 * take the same body plus wave_id.
 */

const WaveId = bodyId();
const OrderIdField = bodyId('Auftrag ist erforderlich');

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

// ─── Pick lists (docs/fulfilment.md "Pick lists", "Walking distance and route") ───

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

export const RollingPick = PickingListItem.pick({ order_item_id: true, product_title: true, product_ean: true, unit: true }).extend({
  order_id: z.number(),
  order_number: z.string(),
  quantity: z.number(),
  pallet_corner: PalletCornerSchema,
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

// ─── The wave working set of the handheld (docs/architecture.md "How to add a working-set entity") ───

/**
 * Working-set entity 'waves': a wave in `ready` or `picking` the picker may
 * work on (every order's customer in scope, held by them or by nobody), with
 * all the handheld picking screen needs offline: the orders and their pallet
 * corners, every line with its picked quantity, and the reservation stops in
 * route order (shared/domain/pick-route.ts) with the walking distance.
 */
/** With its status: an order cancelled in the office while the wave is picked is no longer offered (and its picks are refused). */
export const WsWaveOrder = WaveOrder.pick({ id: true, order_number: true, status: true, delivery_name: true, customer_id: true, pallet_corner: true });
export type WsWaveOrder = z.infer<typeof WsWaveOrder>;

export const WsWaveLine = PickingListItem.pick({
  order_item_id: true,
  product_id: true,
  product_ean: true,
  product_title: true,
  unit: true,
  quantity_ordered: true,
  picked_quantity: true,
}).extend({
  order_id: z.number(),
  ...Product.pick({ units_per_box: true, boxes_per_pallet: true }).shape,
});
export type WsWaveLine = z.infer<typeof WsWaveLine>;

/** One reservation of a line at a place; `quantity` is what is reserved (still to take) there. */
export const WsWaveStop = PickingListLocation.pick({
  sequence: true,
  location_id: true,
  location_barcode: true,
  full_path: true,
  batch_number: true,
  expiry_date: true,
}).extend({
  order_id: z.number(),
  order_item_id: z.number(),
  rack_code: z.string(),
  level_code: z.string(),
  compartment_code: z.string(),
  quantity: z.number(),
  stock_id: z.number(),
});
export type WsWaveStop = z.infer<typeof WsWaveStop>;

export const WsWave = PickingWave.pick({
  id: true,
  wave_number: true,
  name: true,
  status: true,
  pallet_barcode: true,
  picker_user_id: true,
  creation_method: true,
}).extend({
  progress: SaveProgressRequest.nullable(),
  orders: z.array(WsWaveOrder),
  lines: z.array(WsWaveLine),
  stops: z.array(WsWaveStop),
  route_length_m: z.number(),
});
export type WsWave = z.infer<typeof WsWave>;
export const WaveEntity = workingSetEntity('waves', WsWave);
