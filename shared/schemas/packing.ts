import { z } from 'zod';
import { PALLET_STATUSES } from '../domain/pallets';
import { MAX_TOTAL_WEIGHT_GRAMS } from '../domain/shipping';
import { PACKING_VALIDATION as V } from '../i18n/packing';
import { NullableTimestamp } from './common';
import { DELIVERY_ADDRESS_FIELDS } from './address';
import { OrderItem, OrderStatusSchema, OutboundOrder } from './orders';
import { PalletBarcode } from './pallets';
import { ProductCode } from './products';
import { Grams, PackageCount } from './shipping';
import { Quantity } from './stock';

/**
 * The packing station's four calls (spec part 2 §3 "Packing info", "Packing
 * pallet response", "Parcel shipment"; §5 "Shipping / packing"; §7):
 *   GET  /outbound-orders/packing/pallet/{barcode} -> PackingPalletResponse
 *   GET  /outbound-orders/{id}/packing-info         -> PackingInfo
 *   POST /outbound-orders/{id}/mark-packed          MarkPackedRequest -> MarkPackedResponse
 *   POST /outbound-orders/{id}/ship?ShipQuery       -> ShipResponse (schemas: shipping.ts)
 *   POST /outbound-orders/{id}/item-discrepancy    ItemDiscrepancyRequest -> ItemDiscrepancyResponse
 * Weights are integer grams everywhere.
 */

export const PackingPalletParams = z.object({ barcode: PalletBarcode });
export type PackingPalletParams = z.infer<typeof PackingPalletParams>;

/** One line of an order as the select screen needs it (EAN match, counts). */
export const PackingItemPreview = OrderItem.pick({ product_ean: true, product_title: true, quantity: true, picked_quantity: true });
export type PackingItemPreview = z.infer<typeof PackingItemPreview>;

export const PackingPalletOrder = OutboundOrder.pick({
  id: true,
  order_number: true,
  status: true,
  customer_name: true,
  delivery_name: true,
  total_items: true,
  carrier: true,
  carrier_type: true,
}).extend({
  /** Every line fully picked (picked ≥ ordered). */
  all_items_picked: z.boolean(),
  /** Every line fully picked or its rest recorded as shortage: mark-packed is accepted. */
  ready_to_pack: z.boolean(),
  items_preview: z.array(PackingItemPreview),
});
export type PackingPalletOrder = z.infer<typeof PackingPalletOrder>;

export const PackingPalletResponse = z.object({
  pallet_barcode: z.string(),
  /** reusable (PAL-…) or disposable (DISP-…). */
  pallet_kind: z.enum(['reusable', 'disposable']),
  /** Reusable: the pallet's status after this scan; disposable: null. */
  pallet_status: z.enum(PALLET_STATUSES).nullable(),
  total: z.number().int(),
  /** 'N Aufträge auf dieser Palette' or, empty, 'Keine Aufträge auf dieser Palette'. */
  message: z.string(),
  orders: z.array(PackingPalletOrder),
});
export type PackingPalletResponse = z.infer<typeof PackingPalletResponse>;

export const PackingInfoItem = OrderItem.pick({
  id: true,
  product_id: true,
  product_ean: true,
  product_title: true,
  quantity: true,
  picked_quantity: true,
  unit: true,
}).extend({
  /** Pieces recorded missing at picking (ordered − picked − still reserved). */
  shortage_quantity: z.number(),
  image_url: z.string().nullable(),
  weight_kg: z.number().nullable(),
});
export type PackingInfoItem = z.infer<typeof PackingInfoItem>;

export const PackingInfo = OutboundOrder.pick({
  id: true,
  order_number: true,
  status: true,
  customer_id: true,
  customer_name: true,
  carrier: true,
  carrier_type: true,
  tracking_number: true,
  num_packages: true,
  total_weight_grams: true,
  packed_at: true,
  shipped_at: true,
  ...DELIVERY_ADDRESS_FIELDS,
  /** Freight abroad: set once a quotation was requested (the order then waits in /freight-quotations). */
  freight_quote_requested_at: true,
}).extend({
  items: z.array(PackingInfoItem),
  ...PackingPalletOrder.pick({ all_items_picked: true, ready_to_pack: true }).shape,
  /** Sum of product weights × picked pieces, grams; null when a product has no weight. */
  estimated_weight_grams: z.number().int().nullable(),
  /** The setting packing_verify_each_piece: every picked piece is scanned (true) or one scan confirms a line (false). */
  verify_each_piece: z.boolean(),
});
export type PackingInfo = z.infer<typeof PackingInfo>;

/** What the verification scan found: an article not in the order, or one scanned more often than picked. */
export const ITEM_DISCREPANCY_KINDS = ['not_in_order', 'over_picked'] as const;
export type ItemDiscrepancyKind = (typeof ITEM_DISCREPANCY_KINDS)[number];

export const ItemDiscrepancyRequest = z.object({
  product_ean: ProductCode,
  kind: z.enum(ITEM_DISCREPANCY_KINDS, { error: V.discrepancyKindInvalid }),
  /** How often the article was scanned for this order (over_picked: more than picked). */
  scanned_quantity: Quantity.optional(),
});
export type ItemDiscrepancyRequest = z.infer<typeof ItemDiscrepancyRequest>;

export const ItemDiscrepancyResponse = z.object({
  /** The item_discrepancy entry of the packing log. */
  id: z.number().int(),
  message: z.string(),
});
export type ItemDiscrepancyResponse = z.infer<typeof ItemDiscrepancyResponse>;

export const MarkPackedRequest = z.object({
  num_packages: PackageCount,
  total_weight_grams: Grams(MAX_TOTAL_WEIGHT_GRAMS).nullish(),
});
export type MarkPackedRequest = z.infer<typeof MarkPackedRequest>;

export const MarkPackedResponse = z.object({
  message: z.string(),
  id: z.number(),
  order_number: z.string(),
  status: OrderStatusSchema,
  packed_at: NullableTimestamp,
  num_packages: z.number().nullable(),
  total_weight_grams: z.number().nullable(),
});
export type MarkPackedResponse = z.infer<typeof MarkPackedResponse>;
