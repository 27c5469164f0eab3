import { z } from 'zod';
import { STOCKTAKE_PAGE_MAX, STOCKTAKE_STATUSES } from '../constants';
import { VALIDATION } from '../i18n/validation';
import { offlineCommand, workingSetEntity } from '../offline';
import { bodyId, IdParams, requiredText, Timestamp } from './common';
import { InboundRequest, LocationBarcode, Quantity } from './stock';

/**
 * Stocktake (Inventur, docs/operations.md "Stocktake"). The count body is
 * also the args of the offline command stocktake.count (plus stocktake_id
 * from the path), as picking.pick carries wave_id.
 */

export const StocktakeStatus = z.enum(STOCKTAKE_STATUSES);

const IdList = z.array(bodyId()).min(1).max(50_000);

/** Exactly one scope (places, racks or a room); the service names a missing or double scope (400). */
export const CreateStocktakeRequest = z.object({
  name: requiredText(VALIDATION.nameRequired, 200),
  location_ids: IdList.optional(),
  rack_ids: IdList.optional(),
  room_id: bodyId().optional(),
  blind: z.boolean().default(true),
});
export type CreateStocktakeRequest = z.infer<typeof CreateStocktakeRequest>;

export const CreateStocktakeResponse = z.object({
  id: z.number(),
  number: z.string(),
  status: StocktakeStatus,
  places: z.number(),
});
export type CreateStocktakeResponse = z.infer<typeof CreateStocktakeResponse>;

export const StocktakeSummary = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  status: StocktakeStatus,
  blind: z.boolean(),
  places: z.number(),
  done_places: z.number(),
  /**
   * Lines whose counted quantity differs from the expected one (an uncounted line of a done place counts 0);
   * null for a warehouse_worker on a blind stocktake until booked.
   */
  differences: z.number().nullable(),
  created_at: Timestamp,
});
export type StocktakeSummary = z.infer<typeof StocktakeSummary>;
export const StocktakeList = z.array(StocktakeSummary);

export const StocktakeLine = z.object({
  ean: z.string(),
  product_title: z.string(),
  customer_id: z.number(),
  batch_number: z.string(),
  /** Null for a warehouse_worker on a blind stocktake until booked. */
  expected: z.number().nullable(),
  /** Null until counted (an uncounted line of a done place counts 0). */
  counted: z.number().nullable(),
  difference: z.number().nullable(),
});
export type StocktakeLine = z.infer<typeof StocktakeLine>;

export const StocktakePlace = z.object({
  location_barcode: z.string(),
  done: z.boolean(),
  lines: z.array(StocktakeLine),
});
export type StocktakePlace = z.infer<typeof StocktakePlace>;

/**
 * The review in pages of places (keyset: the last place shown), optionally only the places with a
 * difference. Without `limit` every place in one answer.
 */
export const StocktakeDetailQuery = z.object({
  limit: z.coerce.number().int().min(1).max(STOCKTAKE_PAGE_MAX).optional(),
  /** The location barcode of the last place shown. */
  after: z.string().trim().min(1).max(100).optional(),
  only_differences: z.enum(['true', 'false']).optional(),
});
export type StocktakeDetailQuery = z.infer<typeof StocktakeDetailQuery>;

export const StocktakeDetail = StocktakeSummary.pick({
  id: true,
  number: true,
  name: true,
  status: true,
  blind: true,
  created_at: true,
  done_places: true,
  differences: true,
}).extend({
  /** The places of this page (every place without `limit`), in barcode order. */
  places: z.array(StocktakePlace),
  /** All places in the stocktake; `done_places` and `differences` count the whole stocktake too (in the reader's scope). */
  total_places: z.number(),
  /** Places matching the filter (all places without `only_differences`). */
  matching_places: z.number(),
  /** More places follow: ask again with after = the last place's location_barcode. */
  has_more: z.boolean(),
});
export type StocktakeDetail = z.infer<typeof StocktakeDetail>;

/** A count may be 0 (the place is empty); otherwise as Quantity. */
const CountQuantity = z
  .number({ error: VALIDATION.quantityRequired })
  .int(VALIDATION.quantityInteger)
  .min(0, VALIDATION.quantityNotNegative)
  .max(Quantity.maxValue ?? 1_000_000, VALIDATION.quantityTooLarge);

export const CountRequest = InboundRequest.pick({ ean: true, location_barcode: true, batch_number: true }).extend({
  quantity: CountQuantity,
  customer_id: bodyId(VALIDATION.customerRequired).optional(),
});
export type CountRequest = z.infer<typeof CountRequest>;

export const CountResponse = z.object({
  location_barcode: z.string(),
  ean: z.string(),
  customer_id: z.number(),
  batch_number: z.string(),
  counted: z.number(),
});
export type CountResponse = z.infer<typeof CountResponse>;

export const StocktakePlaceParams = IdParams.extend({ barcode: LocationBarcode });
export type StocktakePlaceParams = z.infer<typeof StocktakePlaceParams>;

export const PlaceDoneResponse = z.object({ location_barcode: z.string(), done: z.literal(true), uncounted_as_zero: z.number() });
export type PlaceDoneResponse = z.infer<typeof PlaceDoneResponse>;

export const BookStocktakeResponse = z.object({
  id: z.number(),
  number: z.string(),
  status: StocktakeStatus,
  /** Adjustment movements written (one per changed stock row). */
  movements: z.number(),
  differences: z.number(),
});
export type BookStocktakeResponse = z.infer<typeof BookStocktakeResponse>;

export const CancelStocktakeResponse = CreateStocktakeResponse.pick({ id: true, number: true, status: true });
export type CancelStocktakeResponse = z.infer<typeof CancelStocktakeResponse>;

/**
 * Offline twin of POST /stocktakes/{id}/counts. Registered with the handheld
 * counting screen (device and server registries together); the server side
 * is counts.ts countStock(trx, actor, stocktake_id, args).
 */
export const StocktakeCountArgs = CountRequest.extend({ stocktake_id: bodyId() });
export const StocktakeCountCommand = offlineCommand('stocktake.count', StocktakeCountArgs);

/** Offline twin of POST /stocktakes/{id}/places/{barcode}/done ("Platz fertig"); the server side is counts.ts placeDone. */
export const StocktakePlaceDoneArgs = z.object({ stocktake_id: bodyId(), location_barcode: LocationBarcode });
export const StocktakePlaceDoneCommand = offlineCommand('stocktake.place_done', StocktakePlaceDoneArgs);

/** A count as the handheld shows it: what this person counted at the place (never the expected quantity). */
export const WsStocktakeCount = CountResponse.pick({ ean: true, customer_id: true, batch_number: true, counted: true });
export type WsStocktakeCount = z.infer<typeof WsStocktakeCount>;

/**
 * Working-set row: one place of a counting stocktake (id = the stocktake place), so the
 * handheld can count offline (docs/operations.md "Stocktake"). No expected quantities:
 * a blind count must not show them.
 */
export const WsStocktakePlace = StocktakeSummary.pick({ number: true, name: true }).extend({
  id: z.number(),
  stocktake_id: z.number(),
  location_id: z.number(),
  location_barcode: z.string(),
  done: z.boolean(),
  /** The reader's own counts at the place. */
  counts: z.array(WsStocktakeCount),
});
export type WsStocktakePlace = z.infer<typeof WsStocktakePlace>;
export const StocktakePlaceEntity = workingSetEntity('stocktakePlaces', WsStocktakePlace);
