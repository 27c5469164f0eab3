import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { SyncTables } from '../../sync/server/tables';
import type { BaseUnit, CarrierType, LocationKind, MovementType, RoomType } from '../../shared/constants';
import type { NotificationStatus } from '../../shared/domain/notification-status';
import type { OrderStatus } from '../../shared/domain/order-status';
import type { DisposablePalletStatus, PalletStatus } from '../../shared/domain/pallets';
import type { StatusLogEvent, StatusLogType } from '../../shared/domain/status-logs';
import type { Role } from '../../shared/domain/roles';
import type { PalletCorner, WaveCreationMethod, WaveStatus } from '../../shared/domain/wave-status';
import type { JobStatus } from '../../shared/schemas/catalog';
import type { SettingCategory } from '../../shared/schemas/settings';

/**
 * Table types: one interface per table, matching server/db/migrations.
 * The string unions come from the constants in shared/ (which the CHECK
 * constraints of the migrations mirror), so a new status is added in one place.
 */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default (optional on insert). */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Version = ColumnType<number, never, never>;
/** numeric columns come back as numbers (parsers set in server/db/index.ts). */
type Num = ColumnType<number, number | string, number | string>;
type NumDefault = ColumnType<number, number | string | undefined, number | string>;
type DateOnly = ColumnType<string, string, string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export interface CustomersTable {
  id: Generated<number>;
  customer_number: string;
  company_name: string;
  contact_person: string | null;
  email: string | null;
  phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postal_code: string | null;
  city: string | null;
  country: Generated<string>;
  notes: string | null;
  is_active: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  change_version: Version;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  full_name: string | null;
  password_hash: string | null;
  qr_token_hash: string | null;
  is_admin: Generated<boolean>;
  role: Role;
  customer_id: number | null;
  is_active: Generated<boolean>;
  is_exclude: Generated<boolean>;
  sound_enabled: Generated<boolean>;
  /** Raised by a password change or reset; tokens carrying an older value are refused. */
  session_version: Generated<number>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface UserCustomerAccessTable {
  user_id: number;
  customer_id: number;
}

export interface LoginAttemptsTable {
  key: string;
  failures: Generated<number>;
  window_start: TimestampDefault;
  locked_until: Timestamp | null;
}

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

export interface InboundNotificationsTable {
  id: Generated<number>;
  notification_number: string;
  customer_id: number;
  status: Generated<NotificationStatus>;
  expected_date: DateOnly;
  expected_date_to: DateOnly | null;
  reference_number: string | null;
  notes: string | null;
  created_by: number | null;
  confirmed_by: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  confirmed_at: Timestamp | null;
  receiving_started_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  change_version: Version;
}

export interface InboundNotificationItemsTable {
  id: Generated<number>;
  notification_id: number;
  product_id: number | null;
  ean: string;
  title: string;
  quantity: number;
  unit: Generated<string>;
  notes: string | null;
  image_url: string | null;
  received_quantity: Generated<number>;
  sort_index: Generated<number>;
  change_version: Version;
}

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
  created_at: TimestampDefault;
}

export interface InboundReceiptsTable {
  id: Generated<number>;
  notification_id: number;
  item_id: number | null;
  product_id: number;
  location_id: number;
  movement_id: number | null;
  expected_quantity: number;
  received_quantity: number;
  discrepancy: number;
  unit: Generated<string>;
  batch_number: string | null;
  expiry_date: DateOnly | null;
  packaging_level1: Json | null;
  packaging_level2: Json | null;
  notes: string | null;
  user_id: number | null;
  created_at: TimestampDefault;
}

export interface SettingsTable {
  key: string;
  value: string | null;
  category: Generated<SettingCategory>;
  is_encrypted: Generated<boolean>;
  description: string | null;
  updated_at: TimestampDefault;
}

export interface CountriesTable {
  code: string;
  name_de: string;
  is_active: Generated<boolean>;
  sort_index: Generated<number>;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  status: Generated<JobStatus>;
  total: Generated<number>;
  done: Generated<number>;
  succeeded: Generated<number>;
  failed: Generated<number>;
  payload: Json | null;
  result: Json | null;
  error: string | null;
  created_by: number | null;
  created_at: TimestampDefault;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  route: string;
  /** sha256 of method, path and canonical body; null for rows older than migration 0008. */
  request_hash: string | null;
  status_code: number;
  response: Json | null;
  created_at: TimestampDefault;
}

/** sync_clients, sync_mutations, sync_tombstones: typed by the sync layer (sync/server/tables.ts). */
/** A freight order's pallets (migration 0013); numeric columns come back as strings. */
export interface FreightPalletsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  length_cm: number | string | null;
  width_cm: number | string | null;
  height_cm: number | string | null;
  weight_kg: number | string | null;
  sscc: string | null;
  created_at: Generated<Timestamp>;
}

export interface PalletsTable {
  id: Generated<number>;
  barcode: string;
  name: string | null;
  active: Generated<boolean>;
  status: Generated<PalletStatus>;
  last_used_at: Timestamp | null;
  /** The wave the pallet carries (no FK until the waves table lands). */
  current_wave_id: number | null;
  current_order_count: Generated<number>;
  picker_user_id: number | null;
  packer_user_id: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  change_version: Version;
}

export interface DisposablePalletsTable {
  id: Generated<number>;
  barcode: string;
  status: Generated<DisposablePalletStatus>;
  used_for_order_id: number | null;
  created_at: TimestampDefault;
  used_at: Timestamp | null;
  change_version: Version;
}

export interface StatusLogsTable {
  id: Generated<number>;
  log_type: StatusLogType;
  event_type: StatusLogEvent;
  old_status: string | null;
  new_status: string | null;
  description: string | null;
  wave_id: number | null;
  cart_id: number | null;
  order_id: number | null;
  user_id: number | null;
  user_name: string | null;
  tracking_number: string | null;
  carrier: string | null;
  event_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: TimestampDefault;
}

/** 0007: picking waves (handbook FULFILMENT.md "Wave status machine"). */
export interface PickingWavesTable {
  id: Generated<number>;
  wave_number: string;
  name: string;
  status: Generated<WaveStatus>;
  creation_method: WaveCreationMethod;
  pallet_barcode: string | null;
  pallet_id: number | null;
  disposable_pallet_id: number | null;
  picker_user_id: number | null;
  created_by: number | null;
  /** The picker's screen position (SaveProgressRequest), last write wins. */
  progress: Json | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  started_at: Timestamp | null;
  picking_started_at: Timestamp | null;
  completed_at: Timestamp | null;
  change_version: Version;
}

/** A wave's orders in list order; position 0..3 = pallet corner A..D; is_open until the wave completes. */
export interface PickingWaveOrdersTable {
  wave_id: number;
  order_id: number;
  position: number;
  is_open: Generated<boolean>;
}

export interface PickingCartsTable {
  id: Generated<number>;
  wave_id: number | null;
  pallet_barcode: string;
  pallet_id: number | null;
  assignments: Json<Partial<Record<PalletCorner, number>>>;
  created_by: number | null;
  created_at: TimestampDefault;
}

export interface Database extends SyncTables {
  customers: CustomersTable;
  users: UsersTable;
  user_customer_access: UserCustomerAccessTable;
  login_attempts: LoginAttemptsTable;
  buildings: BuildingsTable;
  rooms: RoomsTable;
  locations: LocationsTable;
  products: ProductsTable;
  stock: StockTable;
  inbound_notifications: InboundNotificationsTable;
  inbound_notification_items: InboundNotificationItemsTable;
  outbound_orders: OutboundOrdersTable;
  outbound_order_items: OutboundOrderItemsTable;
  order_reservations: OrderReservationsTable;
  stock_movements: StockMovementsTable;
  inbound_receipts: InboundReceiptsTable;
  settings: SettingsTable;
  countries: CountriesTable;
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
  pallets: PalletsTable;
  freight_pallets: FreightPalletsTable;
  disposable_pallets: DisposablePalletsTable;
  status_logs: StatusLogsTable;
  picking_waves: PickingWavesTable;
  picking_wave_orders: PickingWaveOrdersTable;
  picking_carts: PickingCartsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Customer = Selectable<CustomersTable>;
export type Product = Selectable<ProductsTable>;
export type Location = Selectable<LocationsTable>;
export type Stock = Selectable<StockTable>;
