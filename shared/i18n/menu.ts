import { API_KEYS_UI } from './api-keys';
import { FIELD_LABELS } from './fields';
import { NOTIFICATION_UI } from './inbound';
import { INVOICE_UI } from './invoices';
import { INVENTORY_UI } from './inventory';
import { RELOCATION_TEXTS } from './relocation';
import { RETURN_RECEIVE_UI, RETURNS_UI } from './returns';
import { STOCKTAKE_COUNT_UI } from './stocktake-count';
import { STOCKTAKE_UI } from './stocktakes';
import { STATUS_LOG_UI } from './status-logs';
import { SYNC_SCREEN_UI } from './sync-screen';
import { PLACE_NAMES, SHIPPING_WORDS, UI, WORDS } from './ui';
import { ACCESS_UI } from './users';

/** The app's navigation (client/app/menu.ts, Shell): groups and entries, by screen title where the screen has one. */
export const MENU = {
  open: 'Menü öffnen',
  close: 'Menü schließen',
  myData: 'Meine Daten',
  warehouse: WORDS.warehouse,
  administration: 'Administration',
  myStock: INVENTORY_UI.myStockTitle,
  outboundOrders: UI.outboundOrders,
  notifications: NOTIFICATION_UI.title,
  waveBuilder: PLACE_NAMES.waveBuilder,
  packing: PLACE_NAMES.packing,
  picking: PLACE_NAMES.picking,
  freight: SHIPPING_WORDS.freight,
  inbound: WORDS.inbound,
  outbound: WORDS.outbound,
  relocate: RELOCATION_TEXTS.title,
  returns: RETURNS_UI.title,
  returnsReceive: RETURN_RECEIVE_UI.title,
  apiKeys: API_KEYS_UI.title,
  myInvoices: INVOICE_UI.listTitle,
  stocktakes: STOCKTAKE_UI.title,
  stocktakeCount: STOCKTAKE_COUNT_UI.title,
  stock: WORDS.stock,
  search: FIELD_LABELS.search,
  products: 'Produkte (VE)',
  sync: SYNC_SCREEN_UI.title,
  locations: UI.locations,
  history: 'Historie',
  statusLogs: STATUS_LOG_UI.title,
  customers: FIELD_LABELS.customer_ids,
  billing: INVOICE_UI.title,
  buildings: FIELD_LABELS.building_id,
  pallets: WORDS.pallets,
  disposableBarcodes: 'Einweg-Barcodes',
  users: WORDS.user,
  customerAccess: ACCESS_UI.title,
  settings: PLACE_NAMES.settings,
} as const;
