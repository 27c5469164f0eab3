import type { Insertable, Selectable, Updateable } from 'kysely';
import type { SyncTables } from '../../sync/server/tables';
import type { ApiKeysTable, CustomersTable, LoginAttemptsTable, UserCustomerAccessTable, UserRoomsTable, UsersTable } from './schema/accounts';
import type { BuildingsTable, LocationsTable, ProductsTable, RoomsTable, StockMovementsTable, StockTable } from './schema/warehouse';
import type { InboundNotificationItemsTable, InboundNotificationsTable, InboundReceiptsTable } from './schema/inbound';
import type { OrderReservationsTable, OutboundOrderItemsTable, OutboundOrdersTable } from './schema/outbound';
import type { CountriesTable, IdempotencyKeysTable, JobsTable, SettingsTable } from './schema/system';
import type { DisposablePalletsTable, FreightPalletsTable, PalletsTable, StatusLogsTable } from './schema/shipping';
import type { PickingCartsTable, PickingWaveOrdersTable, PickingWavesTable } from './schema/picking';
import type { StocktakeLinesTable, StocktakePlacesTable, StocktakesTable } from './schema/stocktakes';
import type { ReturnItemsTable, ReturnReceiptsTable, ReturnsTable } from './schema/returns';
import type { CustomerRatesTable, InvoiceLinesTable, InvoiceNumberCountersTable, InvoicesTable, StorageSnapshotsTable } from './schema/billing';
import type { WebhookDeliveriesTable, WebhookEventsTable, WebhooksTable } from './schema/webhooks';

export type * from './schema/accounts';
export type * from './schema/warehouse';
export type * from './schema/inbound';
export type * from './schema/outbound';
export type * from './schema/system';
export type * from './schema/shipping';
export type * from './schema/picking';
export type * from './schema/stocktakes';
export type * from './schema/returns';
export type * from './schema/billing';
export type * from './schema/webhooks';

/**
 * Table types: one interface per table, matching server/db/migrations, grouped
 * by area under server/db/schema/; this file composes them into `Database`.
 * The string unions come from the constants in shared/ (which the CHECK
 * constraints of the migrations mirror), so a new status is added in one place.
 */

export interface Database extends SyncTables {
  customers: CustomersTable;
  users: UsersTable;
  user_customer_access: UserCustomerAccessTable;
  user_rooms: UserRoomsTable;
  login_attempts: LoginAttemptsTable;
  api_keys: ApiKeysTable;
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
  stocktakes: StocktakesTable;
  stocktake_places: StocktakePlacesTable;
  stocktake_lines: StocktakeLinesTable;
  returns: ReturnsTable;
  return_items: ReturnItemsTable;
  return_receipts: ReturnReceiptsTable;
  customer_rates: CustomerRatesTable;
  storage_snapshots: StorageSnapshotsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_number_counters: InvoiceNumberCountersTable;
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Customer = Selectable<CustomersTable>;
export type Product = Selectable<ProductsTable>;
export type Location = Selectable<LocationsTable>;
export type Stock = Selectable<StockTable>;
