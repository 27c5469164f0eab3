import { z } from 'zod';
import { CARRIER_TYPES, MAX_ORDERS_PER_WAVE } from '../constants';
import { ORDER_STATUSES } from '../domain/order-status';
import type { SuggestWavesResult } from '../domain/wave-suggestion-types';
import { LOAD_DATA_FIELDS } from './catalog';
import { IsoDate, optionalText, Timestamp } from './common';

/**
 * Wave planning calls (spec part 2 §3 "Suggestion", §7 "Waves and carts";
 * docs/fulfilment.md "Wave suggestions"): POST /picking-waves/suggest and
 * GET /picking-waves/available-orders. The suggestion shapes are the planner's
 * own result (shared/domain/wave-suggestions.ts); the schema below is checked
 * against it at compile time.
 */

export const SuggestQuery = z.object({
  max_orders_per_wave: z.coerce
    .number({ error: `Aufträge pro Welle: 1 bis ${MAX_ORDERS_PER_WAVE}` })
    .int(`Aufträge pro Welle: 1 bis ${MAX_ORDERS_PER_WAVE}`)
    .min(1, `Aufträge pro Welle: 1 bis ${MAX_ORDERS_PER_WAVE}`)
    .max(MAX_ORDERS_PER_WAVE, `Aufträge pro Welle: 1 bis ${MAX_ORDERS_PER_WAVE}`)
    .default(MAX_ORDERS_PER_WAVE),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;

export const MissingProductData = z.object({
  product_id: z.number(),
  ean: z.string(),
  title: z.string(),
  missing: z.array(z.enum(LOAD_DATA_FIELDS)),
});

/** A stop of a suggestion's route, for the small rack-plan map: the rack and its place in the route. */
export const RouteStop = z.object({
  sequence: z.number(),
  rack_id: z.number(),
  rack_code: z.string(),
  position_x: z.number(),
  position_y: z.number(),
});
export type RouteStop = z.infer<typeof RouteStop>;

export const WaveSuggestion = z.object({
  name: z.string(),
  reason: z.string(),
  order_ids: z.array(z.number()),
  creation_method: z.literal('suggestion'),
  total_orders: z.number(),
  total_units: z.number(),
  total_items: z.number(),
  total_locations: z.number(),
  pallet_volume_used: z.number(),
  pallet_weight_used: z.number(),
  pallet_weight_percentage: z.number(),
  has_heavy_order: z.boolean(),
  has_missing_data: z.boolean(),
  missing_product_data: z.array(MissingProductData),
  orders: z.array(z.object({ id: z.number(), order_number: z.string(), delivery_name: z.string(), total_quantity: z.number() })),
  route_length_m: z.number(),
  is_optimal: z.boolean(),
  /** The racks in route order (origin → racks → origin), for the map. */
  route: z.array(RouteStop),
});
export type WaveSuggestion = z.infer<typeof WaveSuggestion>;

export const UnpickableInfo = z.object({
  order_id: z.number(),
  order_number: z.string(),
  reason: z.string(),
  items: z.array(z.object({ product_ean: z.string(), product_title: z.string(), missing_quantity: z.number() })),
});

export const SuggestResponse = z.object({
  suggestions: z.array(WaveSuggestion),
  message: z.string(),
  unpickable_info: z.array(UnpickableInfo),
});
export type SuggestResponse = z.infer<typeof SuggestResponse>;

/** The planner's result is what the route answers, plus the route stops per suggestion. */
type PlannerSuggestion = SuggestWavesResult['suggestions'][number];
type _SameFields = PlannerSuggestion extends Omit<WaveSuggestion, 'route'> ? (Omit<WaveSuggestion, 'route'> extends PlannerSuggestion ? true : never) : never;
export const _suggestionShapeCheck: _SameFields = true;

/**
 * A filter day: the ISO shape and a day the calendar has (2026-02-30 is
 * refused here with a German 400 instead of failing in the database's cast).
 */
const FilterDate = IsoDate.refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'Datum existiert nicht')
  .or(z.literal(''))
  .optional()
  .transform((v) => v || undefined);

/** GET /picking-waves/available-orders: the seven filters of the wave builder's manual panel. */
export const AvailableOrdersQuery = z.object({
  customer_name: optionalText(200),
  carrier: optionalText(100),
  carrier_type: z
    .enum(CARRIER_TYPES)
    .or(z.literal(''))
    .optional()
    .transform((v) => v || undefined),
  date_from: FilterDate,
  date_to: FilterDate,
  product_search: optionalText(200),
  order_number: optionalText(100),
});
export type AvailableOrdersQuery = z.infer<typeof AvailableOrdersQuery>;
export type AvailableOrdersInput = z.input<typeof AvailableOrdersQuery>;

export const AvailableOrder = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  customer_id: z.number(),
  customer_name: z.string(),
  delivery_name: z.string(),
  delivery_city: z.string(),
  delivery_country: z.string(),
  carrier: z.string().nullable(),
  carrier_type: z.string().nullable(),
  created_at: Timestamp,
  item_count: z.number(),
  total_quantity: z.number(),
  /** Every line fully reserved (else the order cannot be picked). */
  fully_reserved: z.boolean(),
  /** A product lacks weight or a dimension (then weight and volume are not the order's full load). */
  has_missing_data: z.boolean(),
  /** Pallet load (shared/domain/pallet-load.ts): Σ quantity × weight, in kg. */
  weight_kg: z.number(),
  /** Σ quantity × length × width × height, in litres. */
  volume_l: z.number(),
});
export type AvailableOrder = z.infer<typeof AvailableOrder>;

export const AvailableOrdersResponse = z.object({ orders: z.array(AvailableOrder) });
export type AvailableOrdersResponse = z.infer<typeof AvailableOrdersResponse>;
