import { z } from 'zod';
import { ADJUSTMENT_REASONS, MOVEMENTS_LIMIT, MOVEMENT_TYPES, SEARCH_LIMIT } from '../constants';
import { offlineCommand, workingSetEntity } from '../offline';
import { bodyId, IsoDate, idNumber, optionalText, Timestamp } from './common';
import { Product, ProductCode } from './products';
import { VALIDATION } from '../i18n/validation';

/**
 * Scan-based stock: Einlagern, Auslagern, Suche, Bewegungshistorie.
 * The bodies of POST /inbound and POST /outbound are also the args of the
 * offline commands stock.inbound / stock.outbound, and their responses are
 * the stored results of applied mutations.
 */

export const Quantity = z
  .number({ error: VALIDATION.quantityRequired })
  .int(VALIDATION.quantityInteger)
  .min(1, VALIDATION.quantityAtLeastOne)
  .max(1_000_000, VALIDATION.quantityTooLarge);

/** Shelf barcode as scanned (e.g. A-01-01). */
export const LocationBarcode = z.string({ error: VALIDATION.locationBarcodeRequired }).trim().min(1, VALIDATION.locationBarcodeRequired).max(100);

const CustomerId = bodyId(VALIDATION.customerRequired);

/** The spec's clients send user_id; the user always comes from the token, so it is accepted and ignored. */
const IgnoredUserId = z.unknown().optional();

export const InboundRequest = z.object({
  ean: ProductCode,
  quantity: Quantity,
  location_barcode: LocationBarcode,
  notes: optionalText(1000),
  user_id: IgnoredUserId,
  customer_id: CustomerId,
  /** Optional batch and best-before date of the goods (stock is kept per batch/expiry). */
  batch_number: optionalText(100),
  expiry_date: IsoDate.nullish(),
});
export type InboundRequest = z.infer<typeof InboundRequest>;
export type InboundInput = z.input<typeof InboundRequest>;

export const InboundResponse = z.object({
  product_id: Product.shape.id,
  product_title: Product.shape.title,
  ean: Product.shape.ean,
  customer_id: z.number(),
  location_id: z.number(),
  location_barcode: z.string(),
  /** Building / room / barcode. */
  location_path: z.string(),
  quantity: z.number(),
  /** Quantity of this stock row (product, customer, place, batch) after the booking. */
  stock_quantity: z.number(),
  movement_id: z.number(),
});
export type InboundResponse = z.infer<typeof InboundResponse>;

export const OutboundLookupRequest = z.object({ ean: ProductCode });
export type OutboundLookupRequest = z.infer<typeof OutboundLookupRequest>;

export const OutboundLookupLocation = z.object({
  location_id: z.number(),
  location_barcode: z.string(),
  location_path: z.string(),
  /** Unreserved quantity that may be taken out here (all visible customers); 0 on a blocked place. */
  available_quantity: z.number(),
  quantity: z.number(),
  reserved_quantity: z.number(),
  /** Unreserved quantity on a blocked place (docs/operations.md "Blocked places"). */
  blocked_quantity: z.number(),
});
export type OutboundLookupLocation = z.infer<typeof OutboundLookupLocation>;

export const OutboundLookupResponse = z.object({
  product_id: Product.shape.id,
  product_title: Product.shape.title,
  ean: Product.shape.ean,
  image_url: Product.shape.image_url,
  /** Sum of available_quantity over the locations. */
  total_quantity: z.number(),
  locations: z.array(OutboundLookupLocation),
});
export type OutboundLookupResponse = z.infer<typeof OutboundLookupResponse>;

export const OutboundRequest = z.object({
  ean: ProductCode,
  quantity: Quantity,
  location_barcode: LocationBarcode,
  notes: optionalText(1000),
  user_id: IgnoredUserId,
  /**
   * Whose goods to take when several customers store this EAN at the place.
   * Without it the server takes the visible customers' stock, earliest expiry
   * first, then oldest stock first (FEFO/FIFO).
   */
  customer_id: CustomerId.nullish(),
});
export type OutboundRequest = z.infer<typeof OutboundRequest>;
export type OutboundInput = z.input<typeof OutboundRequest>;

export const OutboundResponse = z.object({
  product_id: Product.shape.id,
  product_title: Product.shape.title,
  ean: Product.shape.ean,
  quantity: z.number(),
  location_id: z.number(),
  location_barcode: z.string(),
  location_path: z.string(),
  /** Unreserved quantity of this product left at the place (visible customers). */
  remaining_quantity: z.number(),
  /** One movement per stock row taken from (several when batches or customers were combined). */
  movement_ids: z.array(z.number()),
});
export type OutboundResponse = z.infer<typeof OutboundResponse>;

export const InventorySearchRequest = z.object({
  query: z.string({ error: VALIDATION.searchRequired }).trim().min(1, VALIDATION.searchRequired).max(200),
  limit: z.number().int().min(1).max(SEARCH_LIMIT).default(SEARCH_LIMIT),
});
export type InventorySearchRequest = z.infer<typeof InventorySearchRequest>;

/** A stock row as the search list shows it. */
export const StockEntry = z.object({
  stock_id: z.number(),
  product_id: Product.shape.id,
  product_title: Product.shape.title,
  product_ean: Product.shape.ean,
  image_url: Product.shape.image_url,
  customer_id: z.number(),
  customer_name: z.string(),
  location_id: z.number(),
  location_barcode: z.string().nullable(),
  location_path: z.string(),
  quantity: z.number(),
  reserved_quantity: z.number(),
  available_quantity: z.number(),
  batch_number: z.string(),
  expiry_date: z.string().nullable(),
  notes: z.string().nullable(),
});
export type StockEntry = z.infer<typeof StockEntry>;

export const InventorySearchResponse = z.array(StockEntry);
export type InventorySearchResponse = z.infer<typeof InventorySearchResponse>;

/** The filters of the movement history, shared by GET /movements and its CSV export GET /movements.csv. */
export const MovementsFilter = z.object({
  movement_type: z.enum(MOVEMENT_TYPES).optional(),
  adjustment_reason: z.enum(ADJUSTMENT_REASONS).optional(),
  product_id: idNumber().optional(),
  customer_id: idNumber().optional(),
});
export type MovementsFilter = z.infer<typeof MovementsFilter>;

export const MovementsQuery = MovementsFilter.extend({
  limit: z.coerce.number().int().min(1).max(500).default(MOVEMENTS_LIMIT),
  /** Keyset paging: the movements older than this one (the last id of the previous page). */
  before_id: idNumber().optional(),
});
export type MovementsQuery = z.infer<typeof MovementsQuery>;

export const Movement = z.object({
  id: z.number(),
  movement_type: z.enum(MOVEMENT_TYPES),
  product_id: Product.shape.id,
  product_title: Product.shape.title,
  product_ean: Product.shape.ean,
  /** Always positive (display value); direction says whether it went in or out. */
  quantity: z.number(),
  direction: z.enum(['in', 'out']),
  location_id: z.number(),
  location_path: z.string(),
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  user_full_name: z.string().nullable(),
  customer_id: z.number(),
  customer_name: z.string(),
  batch_number: z.string(),
  expiry_date: z.string().nullable(),
  notes: z.string().nullable(),
  /** Why a correction was booked (docs/operations.md "Stock corrections"); null for other movements. */
  adjustment_reason: z.enum(ADJUSTMENT_REASONS).nullable(),
  created_at: Timestamp,
});
export type Movement = z.infer<typeof Movement>;

export const MovementsResponse = z.array(Movement);
export type MovementsResponse = z.infer<typeof MovementsResponse>;

/** Working-set row: one stock row (product × customer × place × batch) of the visible customers. */
export const WsStock = z.object({
  id: z.number(),
  product_id: z.number(),
  customer_id: z.number(),
  location_id: z.number(),
  batch_number: z.string(),
  expiry_date: z.string().nullable(),
  quantity: z.number(),
  reserved_quantity: z.number(),
});
export type WsStock = z.infer<typeof WsStock>;
export const StockEntity = workingSetEntity('stock', WsStock);

/** Offline twins of POST /inbound and POST /outbound: same args, same result. */
export const StockInboundCommand = offlineCommand('stock.inbound', InboundRequest);
export const StockOutboundCommand = offlineCommand('stock.outbound', OutboundRequest);
