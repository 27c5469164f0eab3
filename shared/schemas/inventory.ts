import { z } from 'zod';
import { ADJUSTMENT_REASONS, INVENTORY_PAGE_SIZE, MY_STOCK_PAGE_MAX } from '../constants';
import { VALIDATION } from '../i18n/validation';
import { idNumber, Timestamp } from './common';
import { Product } from './products';

/**
 * Stock views, spec part 2 §3: the staff inventory overview, the customer's
 * "Mein Bestand" and the staff product detail. Quantities are pieces.
 */

export const CustomerFilterQuery = z.object({
  customer_id: idNumber().optional(),
});
export type CustomerFilterQuery = z.infer<typeof CustomerFilterQuery>;

export const RecentMovement = z.object({
  id: z.number(),
  movement_type: z.string(),
  quantity: z.number(),
  unit: z.string(),
  location_path: z.string().nullable(),
  username: z.string().nullable(),
  order_id: z.number().nullable(),
  inbound_notification_id: z.number().nullable(),
  created_at: Timestamp,
});
export type RecentMovement = z.infer<typeof RecentMovement>;

/**
 * Stock on a blocked place (docs/operations.md "Blocked places") is shown
 * apart: blocked_quantity is its free (unreserved) part, so that
 * available = quantity − reserved − blocked (shared/domain/stock-availability.ts).
 */
const BlockedQuantity = z.number();

export const OverviewLocation = z.object({
  location_id: z.number(),
  location_path: z.string(),
  location_name: z.string().nullable(),
  notes: z.string().nullable(),
  quantity: z.number(),
  available_quantity: z.number(),
  reserved_quantity: z.number(),
  blocked_quantity: BlockedQuantity,
});
export type OverviewLocation = z.infer<typeof OverviewLocation>;

export const ProductSummary = z.object({
  product_id: Product.shape.id,
  ...Product.pick({ ean: true, title: true, image_url: true }).shape,
  customer_id: z.number(),
  customer_name: z.string(),
  available_quantity: z.number(),
  reserved_quantity: z.number(),
  blocked_quantity: BlockedQuantity,
  total_quantity: z.number(),
  locations: z.array(OverviewLocation),
  /** The 5 newest movements of this product for this customer. */
  recent_movements: z.array(RecentMovement),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

/** One page of the staff overview: product rows (product × customer), ordered by title, customer. */
export const InventoryOverviewQuery = CustomerFilterQuery.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(INVENTORY_PAGE_SIZE),
  /** Part of the title, the EAN or the customer's name. */
  search: z.string().trim().max(200).optional(),
  /**
   * Keyset paging: the rows after this one (product and customer of the previous page's last row)
   * instead of skipping (page − 1) × page_size rows; page is then only echoed. Both or neither.
   */
  after_product_id: idNumber().optional(),
  after_customer_id: idNumber().optional(),
}).refine((q) => (q.after_product_id === undefined) === (q.after_customer_id === undefined), {
  message: VALIDATION.overviewCursorPair,
  path: ['after_customer_id'],
});
export type InventoryOverviewQuery = z.infer<typeof InventoryOverviewQuery>;

export const InventoryOverview = z.object({
  /** Headline counts over the whole filter (customer and scope; the search does not change them). */
  total_unique_products: z.number(),
  total_items: z.number(),
  product_summary: z.array(ProductSummary),
  /** The 5 newest movements overall (within the filter). */
  recent_movements: z.array(RecentMovement),
  /** Product rows matching the filter and the search, and the page shown. */
  total: z.number(),
  total_pages: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type InventoryOverview = z.infer<typeof InventoryOverview>;

export const VeUnit = z.object({
  type: z.enum(['box', 'pallet']),
  pieces_per_unit: z.number(),
  /** Whole units of this type in the available quantity. */
  total_quantity: z.number(),
});
export type VeUnit = z.infer<typeof VeUnit>;

export const MyStockLocation = z.object({
  location_id: z.number(),
  location_path: z.string(),
  location_name: z.string().nullable(),
  notes: z.string().nullable(),
  quantity: z.number(),
  blocked_quantity: BlockedQuantity,
});

export const MyStockItem = z.object({
  product_id: Product.shape.id,
  ...Product.pick({ ean: true, title: true, description: true, image_url: true, base_unit: true }).shape,
  available_quantity: z.number(),
  reserved_quantity: z.number(),
  blocked_quantity: BlockedQuantity,
  total_quantity: z.number(),
  location_count: z.number(),
  locations: z.array(MyStockLocation),
  ve_summary: z.object({ has_ve: z.boolean(), ve_units: z.array(VeUnit) }),
});
export type MyStockItem = z.infer<typeof MyStockItem>;
export const MyStockList = z.array(MyStockItem);

/**
 * Mein Bestand in pages (docs/operations.md "Stock views"): with `limit` (or `after_product_id`)
 * the answer is one page of products in the order (title, product id) — the products after
 * `after_product_id`, the previous page's last product — with the scope's sums; without both, the
 * whole list as before (API clients, the order form).
 */
export const MyStockQuery = CustomerFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(MY_STOCK_PAGE_MAX).optional(),
  after_product_id: idNumber().optional(),
  /** Part of the title, the EAN or the description. */
  search: z.string().trim().max(200).optional(),
});
export type MyStockQuery = z.infer<typeof MyStockQuery>;

/** The sums over all of the scope's stock (the search does not change them). */
export const MyStockTotals = z.object({
  products: z.number(),
  ...MyStockItem.pick({ available_quantity: true, reserved_quantity: true, blocked_quantity: true, total_quantity: true }).shape,
});
export type MyStockTotals = z.infer<typeof MyStockTotals>;

export const MyStockPage = z.object({
  items: z.array(MyStockItem),
  /** Products matching the search (all of the scope's products without one). */
  total: z.number(),
  /** More products follow: ask again with after_product_id = the last item's product_id. */
  has_more: z.boolean(),
  totals: MyStockTotals,
});
export type MyStockPage = z.infer<typeof MyStockPage>;

export const ProductIdParams = z.object({ productId: idNumber() });

export const ProductDetail = z.object({
  product: Product.pick({
    id: true,
    title: true,
    ean: true,
    image_url: true,
    base_unit: true,
    units_per_box: true,
    boxes_per_pallet: true,
    weight_kg: true,
    length_cm: true,
    width_cm: true,
    height_cm: true,
    description: true,
  }),
  stock: z.object({
    total_quantity: z.number(),
    blocked_quantity: BlockedQuantity,
    locations_count: z.number(),
    locations: z.array(
      z.object({
        location_id: z.number(),
        location_path: z.string(),
        location_barcode: z.string().nullable(),
        customer_id: z.number(),
        customer_name: z.string(),
        quantity: z.number(),
        reserved_quantity: z.number(),
        blocked_quantity: BlockedQuantity,
        unit: z.string(),
        batch_number: z.string().nullable(),
        expiry_date: z.string().nullable(),
      }),
    ),
  }),
  movement_history: z.array(
    z.object({
      id: z.number(),
      movement_type: z.string(),
      quantity: z.number(),
      unit: z.string(),
      location_path: z.string().nullable(),
      username: z.string().nullable(),
      batch_number: z.string().nullable(),
      notes: z.string().nullable(),
      order_id: z.number().nullable(),
      inbound_notification_id: z.number().nullable(),
      notification_number: z.string().nullable(),
      /** docs/operations.md "Stock corrections" */
      adjustment_reason: z.enum(ADJUSTMENT_REASONS).nullable(),
      created_at: Timestamp,
    }),
  ),
});
export type ProductDetail = z.infer<typeof ProductDetail>;
