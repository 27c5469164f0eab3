import { z } from 'zod';
import { offlineCommand, workingSetEntity } from '../offline';
import { optionalText } from './common';
import { Product, ProductCode } from './products';
import { LocationBarcode, Quantity, WsStock } from './stock';
import { RouteStop } from './wave-planning';
import { PickingWave, SaveProgressRequest, WaveOrder } from './waves';

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

/**
 * Working-set entity 'waves': a wave in `ready` or `picking` the picker may
 * work on (every order's customer in scope, held by them or by nobody), with
 * all the handheld picking screen needs offline: the orders and their pallet
 * corners, every line with its picked quantity, and the reservation stops in
 * route order (shared/domain/pick-route.ts) with the walking distance.
 */
export const WsWaveOrder = WaveOrder.pick({ id: true, order_number: true, delivery_name: true, customer_id: true, pallet_corner: true });
export type WsWaveOrder = z.infer<typeof WsWaveOrder>;

export const WsWaveLine = PickResponse.pick({ order_id: true, order_item_id: true, quantity_ordered: true, picked_quantity: true }).extend({
  product_id: z.number(),
  product_ean: z.string(),
  product_title: z.string(),
  unit: z.string(),
  ...Product.pick({ units_per_box: true, boxes_per_pallet: true }).shape,
});
export type WsWaveLine = z.infer<typeof WsWaveLine>;

/** One reservation of a line at a place; `quantity` is what is reserved (still to take) there. */
export const WsWaveStop = RouteStop.pick({ sequence: true, rack_code: true })
  .extend({
    order_id: z.number(),
    order_item_id: z.number(),
    location_id: z.number(),
    location_barcode: z.string(),
    full_path: z.string(),
    level_code: z.string(),
    compartment_code: z.string(),
    quantity: z.number(),
    stock_id: z.number(),
  })
  .extend(WsStock.pick({ batch_number: true, expiry_date: true }).shape);
export type WsWaveStop = z.infer<typeof WsWaveStop>;

export const WsWave = PickingWave.pick({ id: true, wave_number: true, name: true, status: true, pallet_barcode: true, picker_user_id: true }).extend({
  progress: SaveProgressRequest.nullable(),
  orders: z.array(WsWaveOrder),
  lines: z.array(WsWaveLine),
  stops: z.array(WsWaveStop),
  route_length_m: z.number(),
});
export type WsWave = z.infer<typeof WsWave>;
export const WaveEntity = workingSetEntity('waves', WsWave);
