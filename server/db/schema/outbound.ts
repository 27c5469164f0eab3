import type { Generated } from 'kysely';
import type { CarrierType } from '../../../shared/constants';
import type { OrderStatus } from '../../../shared/domain/order-status';
import type { Json, Timestamp, TimestampDefault, Version } from './columns';

/** Table types: outbound orders, their items and the stock reserved for them. */

export interface OutboundOrdersTable {
  id: Generated<number>;
  order_number: string;
  customer_id: number;
  status: Generated<OrderStatus>;
  delivery_name: string;
  delivery_email: string | null;
  delivery_address: string;
  delivery_city: string;
  delivery_postal_code: string;
  delivery_country: Generated<string>;
  notes: string | null;
  created_by: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  confirmed_at: Timestamp | null;
  picking_started_at: Timestamp | null;
  /** 0004: complete-picking (the order stays picking until packed). */
  picking_completed_at: Timestamp | null;
  packed_at: Timestamp | null;
  shipped_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  carrier: string | null;
  carrier_type: CarrierType | null;
  tracking_number: string | null;
  num_packages: number | null;
  total_weight_grams: number | null;
  num_pallets: number | null;
  pallet_dimensions: Json | null;
  freight_quote_requested_at: Timestamp | null;
  freight_quote_price: number | null;
  freight_quote_notes: string | null;
  /** 0010: a ship call is talking to DHL for this order (migration 0010_ship_claim). */
  ship_claimed_at: Timestamp | null;
  change_version: Version;
  /** 0031: the shop's reference (unique per customer) and the recipient's company and phone (CSV import). */
  order_reference: string | null;
  delivery_company: string | null;
  delivery_phone: string | null;
}

export interface OutboundOrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  quantity: number;
  picked_quantity: Generated<number>;
  unit: Generated<string>;
  notes: string | null;
  selected_ve_type: string | null;
  selected_ve_quantity: number | null;
  selected_ve_unit_size: number | null;
  sort_index: Generated<number>;
  change_version: Version;
}

export interface OrderReservationsTable {
  id: Generated<number>;
  order_item_id: number;
  stock_id: number;
  quantity: number;
  created_at: TimestampDefault;
}
