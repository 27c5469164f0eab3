import { z } from 'zod';
import { ORDER_PAGE_SIZE } from '../constants';
import { ORDER_STATUS_FILTERS, ORDER_STATUSES } from '../domain/order-status';
import { bodyId, idNumber, NullableTimestamp, optionalText, PG_INTEGER_MAX, Timestamp } from './common';
import { DeliveryAddress, StoredDeliveryAddress } from './address';
import { Product } from './products';
import { VALIDATION } from '../i18n/validation';

/**
 * Outbound orders (Ausgangsaufträge), spec part 2 §3/§5/§7.
 * Quantities are in the product's base unit (pieces for the demo data). A VE
 * line carries the packaging unit chosen (box/pallet), how many and the pieces
 * per unit; the server recomputes quantity = count × unit size from the
 * product master data, so a stale client cannot under-reserve.
 */

/** A package of a shipped order as the customer sees it (shared/domain/tracking.ts). */
export const ShipmentPackage = z.object({
  carrier: z.string(),
  carrier_type: z.string().nullable(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable(),
});

export const VE_TYPES = ['box', 'pallet'] as const;
export type VeType = (typeof VE_TYPES)[number];
export const VE_TYPE_LABELS: Record<VeType, string> = { box: 'Karton', pallet: 'Palette' };

export const OrderItemInput = z.object({
  product_id: bodyId(VALIDATION.chooseArticle),
  /** Loose lines: the quantity. VE lines: ignored (count × unit size). */
  quantity: z.number().int(VALIDATION.quantityInteger).min(1, VALIDATION.quantityPositive).max(1_000_000, VALIDATION.quantityTooLarge).optional(),
  unit: z.string().trim().min(1).max(20).default('piece'),
  notes: optionalText(1000),
  selected_ve_type: z.enum(VE_TYPES).nullish(),
  selected_ve_quantity: z.number().int('Anzahl muss eine ganze Zahl sein').min(1, 'Anzahl muss größer als 0 sein').max(100_000).nullish(),
  selected_ve_unit_size: z.number().int().positive().max(PG_INTEGER_MAX).nullish(),
});
export type OrderItemInput = z.infer<typeof OrderItemInput>;

/**
 * PATCH /outbound-orders/{id}/delivery-address. delivery_email may be absent
 * (the packing station's variant): then it stays as it is.
 */
export const DeliveryAddressPatch = DeliveryAddress.extend({
  delivery_email: z.string().max(200).nullish(),
});
export type DeliveryAddressPatch = z.infer<typeof DeliveryAddressPatch>;

/** POST /outbound-orders/ and PATCH /outbound-orders/{id}. */
export const OrderRequest = DeliveryAddress.extend({
  notes: optionalText(2000),
  items: z.array(OrderItemInput).max(500),
  /** Staff create for a customer; customer users always for their own. */
  customer_id: bodyId().nullish(),
});
export type OrderRequest = z.infer<typeof OrderRequest>;
export type OrderRequestInput = z.input<typeof OrderRequest>;

/** What an imported order carries beyond OrderRequest (docs/integrations.md "CSV order import"). */
export const OrderSource = z.object({
  order_reference: z.string().trim().min(1, VALIDATION.requiredFieldsMissing).max(100),
  delivery_company: optionalText(200),
  delivery_phone: optionalText(50),
});
export type OrderSource = z.infer<typeof OrderSource>;

export const OrderListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(ORDER_PAGE_SIZE),
  status_filter: z.enum(ORDER_STATUS_FILTERS).default('open'),
  /** Staff: one customer only. */
  customer_id: idNumber().optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const OrderItem = z.object({
  id: z.number(),
  product_id: Product.shape.id,
  product_ean: Product.shape.ean,
  product_title: Product.shape.title,
  quantity: z.number(),
  picked_quantity: z.number(),
  /** What the line currently holds reserved (0 after cancel, falls while picking consumes it). */
  reserved_quantity: z.number(),
  unit: z.string(),
  notes: z.string().nullable(),
  selected_ve_type: z.string().nullable(),
  selected_ve_quantity: z.number().nullable(),
  selected_ve_unit_size: z.number().nullable(),
  product: Product.pick({
    image_url: true,
    weight_kg: true,
    length_cm: true,
    width_cm: true,
    height_cm: true,
    units_per_box: true,
    boxes_per_pallet: true,
  }),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const OutboundOrder = z.object({
  id: z.number(),
  order_number: z.string(),
  status: OrderStatusSchema,
  customer_id: z.number(),
  customer_name: z.string(),
  ...StoredDeliveryAddress.shape,
  notes: z.string().nullable(),
  item_count: z.number(),
  /** Same as item_count (the spec's lists read both names). */
  total_items: z.number(),
  total_quantity: z.number(),
  created_at: Timestamp,
  updated_at: Timestamp,
  confirmed_at: NullableTimestamp,
  picking_started_at: NullableTimestamp,
  picking_completed_at: NullableTimestamp,
  packed_at: NullableTimestamp,
  shipped_at: NullableTimestamp,
  completed_at: NullableTimestamp,
  cancelled_at: NullableTimestamp,
  carrier: z.string().nullable(),
  carrier_type: z.string().nullable(),
  tracking_number: z.string().nullable(),
  num_packages: z.number().nullable(),
  total_weight_grams: z.number().nullable(),
  num_pallets: z.number().nullable(),
  pallet_dimensions: z.unknown().nullable(),
  freight_quote_requested_at: NullableTimestamp,
  freight_quote_price: z.number().nullable(),
  freight_quote_notes: z.string().nullable(),
  /** The shop's reference and the recipient's company and phone (CSV import, docs/integrations.md). */
  order_reference: z.string().nullable(),
  delivery_company: z.string().nullable(),
  delivery_phone: z.string().nullable(),
  /** One per tracking number, with the DHL tracking link (shared/domain/tracking.ts). */
  packages: z.array(ShipmentPackage),
  items: z.array(OrderItem),
});
export type OutboundOrder = z.infer<typeof OutboundOrder>;

export const OrderPage = z.object({
  items: z.array(OutboundOrder),
  total: z.number(),
  total_pages: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type OrderPage = z.infer<typeof OrderPage>;
