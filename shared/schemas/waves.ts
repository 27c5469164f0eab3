import { z } from 'zod';
import { MAX_ORDERS_PER_WAVE } from '../constants';
import { ORDER_STATUSES } from '../domain/order-status';
import { PALLET_CORNERS, WAVE_CREATION_METHODS, WAVE_STATUSES } from '../domain/wave-status';
import { VALIDATION } from '../i18n/validation';
import { offlineCommand } from '../offline';
import { bodyId, idNumber, NullableTimestamp, optionalText, Timestamp } from './common';
import { PalletBarcode } from './pallets';

/**
 * Picking waves and picking carts (spec part 2 §3 "Picking wave",
 * "Progress", §5 "Waves and pallets", §7 "Waves and carts";
 * docs/fulfilment.md "Waves"). The spec's calls pass order ids as a comma list and the
 * cart's corner assignments as JSON, both in the query string.
 */

export const WaveStatusSchema = z.enum(WAVE_STATUSES);
export const WaveCreationMethodSchema = z.enum(WAVE_CREATION_METHODS);
export const PalletCornerSchema = z.enum(PALLET_CORNERS);

const OrderId = idNumber('Ungültige Auftrags-ID');

/** 1–4 distinct order ids, as an array (bodies) … */
export const WaveOrderIdArray = z
  .array(OrderId, { error: VALIDATION.waveOrdersRequired })
  .min(1, VALIDATION.waveOrdersRequired)
  .max(MAX_ORDERS_PER_WAVE, VALIDATION.waveTooManyOrders)
  .refine((ids) => new Set(ids).size === ids.length, 'Ein Auftrag ist mehrfach ausgewählt');

/** … or as the spec's comma list in a query string ("12,13,14"). */
export const WaveOrderIdList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s.length > 0)
      : v,
  WaveOrderIdArray,
);

/** POST /picking-waves/?name=&order_ids=1,2&creation_method=manual */
export const CreateWaveQuery = z.object({
  name: optionalText(200),
  order_ids: WaveOrderIdList,
  creation_method: WaveCreationMethodSchema.default('manual'),
});
export type CreateWaveQuery = z.infer<typeof CreateWaveQuery>;
export type CreateWaveInput = z.input<typeof CreateWaveQuery>;

/** GET /picking-waves/ lists every status; the wave builder filters draft/ready/picking. */
export const WaveListQuery = z.object({
  status: WaveStatusSchema.optional(),
});
export type WaveListQuery = z.infer<typeof WaveListQuery>;

/** POST /picking-waves/{id}/start?pallet_barcode= (reusable PAL-… or disposable DISP-…). */
export const StartWaveQuery = z.object({ pallet_barcode: PalletBarcode });
export type StartWaveQuery = z.infer<typeof StartWaveQuery>;

export const WaveOrder = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  customer_id: z.number(),
  customer_name: z.string(),
  delivery_name: z.string(),
  delivery_city: z.string(),
  /** Order lines. */
  item_count: z.number(),
  /** Pieces ordered / picked so far. */
  total_quantity: z.number(),
  picked_quantity: z.number(),
  pallet_corner: PalletCornerSchema,
});
export type WaveOrder = z.infer<typeof WaveOrder>;

export const PickingWave = z.object({
  id: z.number(),
  wave_number: z.string(),
  name: z.string(),
  status: WaveStatusSchema,
  creation_method: WaveCreationMethodSchema,
  order_ids: z.array(z.number()),
  pallet_barcode: z.string().nullable(),
  /** Which kind of pallet was scanned at start. */
  pallet_kind: z.enum(['reusable', 'disposable']).nullable(),
  total_orders: z.number(),
  /** Order lines over all orders. */
  total_items: z.number(),
  /** Distinct storage locations still holding the orders' reservations. */
  total_locations: z.number(),
  total_quantity: z.number(),
  picked_quantity: z.number(),
  picker_user_id: z.number().nullable(),
  picker_name: z.string().nullable(),
  created_at: Timestamp,
  started_at: NullableTimestamp,
  picking_started_at: NullableTimestamp,
  completed_at: NullableTimestamp,
  orders: z.array(WaveOrder),
});
export type PickingWave = z.infer<typeof PickingWave>;
export const PickingWaveList = z.array(PickingWave);
export type PickingWaveList = z.infer<typeof PickingWaveList>;

/**
 * Where the picker is on the picking screen (spec §3 "Progress"). Only the
 * screen position: the picked quantities are the server's (docs/fulfilment.md "What books stock").
 */
export const SaveProgressRequest = z.object({
  current_item_index: z.number().int().min(0).max(100_000),
  current_location_index: z.number().int().min(0).max(100_000),
  scan_step: z.string().trim().min(1).max(40),
  /** Keys of the steps the screen has ticked off (e.g. "itemIndex:locationIndex"). */
  picked_items: z.array(z.string().max(100)).max(5_000).default([]),
});
export type SaveProgressRequest = z.infer<typeof SaveProgressRequest>;

export const WaveProgress = SaveProgressRequest.extend({
  has_progress: z.boolean(),
  updated_at: NullableTimestamp,
});
export type WaveProgress = z.infer<typeof WaveProgress>;

/** Corner → order id, as the spec's `assignments` JSON ({"A": 12, "B": 13}). */
export const CornerAssignments = z.partialRecord(PalletCornerSchema, OrderId);
export type CornerAssignments = z.infer<typeof CornerAssignments>;

/** A cart as the offline command picking.createCart sends it (ids as an array, corners as an object). */
export const CreateCartArgs = z.object({
  pallet_barcode: PalletBarcode,
  order_ids: WaveOrderIdArray,
  assignments: CornerAssignments,
});
export type CreateCartArgs = z.infer<typeof CreateCartArgs>;

/** POST /picking-carts/create?pallet_barcode=&order_ids=1,2&assignments={"A":1,"B":2}: the same cart in the spec's query form. */
export const CreateCartQuery = CreateCartArgs.extend({
  order_ids: WaveOrderIdList,
  assignments: z
    .string({ error: 'Eckenzuordnung ist erforderlich' })
    .max(2000)
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Eckenzuordnung ist kein gültiges JSON' });
        return z.NEVER;
      }
    })
    .pipe(CornerAssignments),
});
export type CreateCartQuery = z.infer<typeof CreateCartQuery>;

export const PickingCart = z.object({
  id: z.number(),
  wave_id: z.number().nullable(),
  pallet_barcode: z.string(),
  order_ids: z.array(z.number()),
  assignments: CornerAssignments,
  created_at: Timestamp,
});
export type PickingCart = z.infer<typeof PickingCart>;

/**
 * Offline twin of POST /picking-waves/{id}/complete: the picker finishes the
 * wave in the aisle; the completion queues behind the wave's picks and is
 * applied once, after them.
 */
export const CompleteWaveArgs = z.object({ wave_id: bodyId() });
export type CompleteWaveArgs = z.infer<typeof CompleteWaveArgs>;
export const CompleteWaveCommand = offlineCommand('picking.complete', CompleteWaveArgs);

/** Offline twin of POST /picking-carts/create: after the last rolling pick, queued before picking.complete. */
export const CreateCartCommand = offlineCommand('picking.createCart', CreateCartArgs);
