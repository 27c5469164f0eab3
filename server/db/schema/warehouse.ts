import type { Generated } from 'kysely';
import type { AdjustmentReason, BaseUnit, LocationKind, MovementType, RoomType } from '../../../shared/constants';
import type { DateOnly, Json, Num, NumDefault, TimestampDefault, Version } from './columns';

/** Table types of the warehouse: buildings, rooms, locations, products, stock and its movements. */

export interface BuildingsTable {
  id: Generated<number>;
  building_code: string;
  name: string;
  address: string | null;
  is_active: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface RoomsTable {
  id: Generated<number>;
  building_id: number;
  room_code: string;
  name: string;
  room_type: Generated<RoomType>;
  is_active: Generated<boolean>;
  /** Blocked room: all its places count as blocked (docs/operations.md "Blocked places"). */
  is_blocked: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface LocationsTable {
  id: Generated<number>;
  kind: LocationKind;
  parent_id: number | null;
  rack_id: number | null;
  code: string;
  barcode: string | null;
  name: string | null;
  description: string | null;
  building_id: number | null;
  room_id: number | null;
  /** Floor-plan position in decimetres (10 = 1 m). */
  position_x: NumDefault;
  position_y: NumDefault;
  sort_index: Generated<number>;
  is_active: Generated<boolean>;
  /** Blocked place (Sperrplatz): its stock is not available (docs/operations.md "Blocked places"). */
  is_blocked: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  change_version: Version;
}

export interface ProductsTable {
  id: Generated<number>;
  ean: string;
  title: string;
  description: string | null;
  brand: string | null;
  base_unit: Generated<BaseUnit>;
  units_per_box: number | null;
  boxes_per_pallet: number | null;
  weight_kg: Num | null;
  length_cm: Num | null;
  width_cm: Num | null;
  height_cm: Num | null;
  image_url: string | null;
  keepa_data: Json | null;
  source: Generated<string>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  change_version: Version;
}

export interface StockTable {
  id: Generated<number>;
  product_id: number;
  customer_id: number;
  location_id: number;
  batch_number: Generated<string>;
  expiry_date: DateOnly | null;
  quantity: Generated<number>;
  reserved_quantity: Generated<number>;
  notes: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  change_version: Version;
}

export interface StockMovementsTable {
  id: Generated<number>;
  movement_type: MovementType;
  product_id: number;
  customer_id: number;
  location_id: number;
  stock_id: number | null;
  batch_number: Generated<string>;
  expiry_date: DateOnly | null;
  /** Signed: positive into the stock row, negative out of it. */
  quantity: number;
  unit: Generated<string>;
  user_id: number | null;
  notes: string | null;
  order_id: number | null;
  inbound_notification_id: number | null;
  client_id: string | null;
  mutation_id: number | null;
  /** Shared by the two movements of one relocation (0019); null otherwise. */
  relocation_id: string | null;
  /** Why an adjustment was booked (0020); null for other movements. */
  adjustment_reason: AdjustmentReason | null;
  /** The stocktake a count_difference adjustment was booked by (0021); null otherwise. */
  stocktake_id: number | null;
  /** The return a `return` movement received (0022); null otherwise. */
  return_id: number | null;
  created_at: TimestampDefault;
}
