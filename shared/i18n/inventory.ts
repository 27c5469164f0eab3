import { FIELD_LABELS } from './fields';
import { formatMessage, formatNumber } from './format';
import { STOCK_TEXTS } from './stock';
import { PAGER, UI, WORDS } from './ui';
import { SCREEN_TITLES } from './titles';

/**
 * German texts of the stock screens: Bestandsübersicht (/inventory), Produktdetail
 * (/warehouse/products/$productId) and Mein Bestand (/my-stock).
 */
export const INVENTORY_UI = {
  overviewTitle: 'Bestandsübersicht',
  overviewSubtitle: 'Bestand aller Kunden mit Lagerorten',
  overviewSearch: 'Produkt, EAN oder Kunde suchen',
  myStockTitle: SCREEN_TITLES.myStock,
  myStockSubtitle: 'Ware im Lager mit verfügbarer und reservierter Menge',
  myStockSearch: 'Produkt oder EAN suchen',
  search: FIELD_LABELS.search,
  customer: WORDS.customer,
  allCustomers: WORDS.allCustomers,
  products: WORDS.products,
  itemsTotal: 'Artikel gesamt',
  noStock: 'Kein Bestand vorhanden',
  noProducts: WORDS.noProductsFound,
  noMovements: 'Keine Bewegungen',
  recentMovements: 'Letzte Bewegungen',
  stockRegion: WORDS.stock,
  expand: 'Aufklappen',
  collapse: 'Zuklappen',
  showLocations: 'Lagerorte anzeigen',
  locationsCount: (n: number) => `${WORDS.locations} (${n})`,
  locationCount: (n: number) => `${n} ${n === 1 ? WORDS.location : WORDS.locations}`,
  // table heads
  product: FIELD_LABELS.productId,
  ean: FIELD_LABELS.ean,
  available: UI.statusAvailable,
  reserved: WORDS.reserved,
  /** Stock on blocked places (docs/operations.md "Blocked places"), shown apart from the available stock. */
  blocked: FIELD_LABELS.is_blocked,
  blockedPart: (n: string) => `davon ${n} gesperrt`,
  total: WORDS.total,
  place: WORDS.place,
  name: FIELD_LABELS.name,
  quantity: WORDS.quantity,
  notes: FIELD_LABELS.notes,
  location: WORDS.location,
  locations: WORDS.locations,
  barcode: WORDS.barcode,
  unit: FIELD_LABELS.unit,
  batch: WORDS.batch,
  bestBefore: 'MHD',
  time: WORDS.time,
  kind: 'Art',
  user: WORDS.user,
  reference: 'Bezug',
  placesRegion: UI.locations,
  movementsRegion: STOCK_TEXTS.movementsRegion,
  notificationRef: (number: string) => `Avisierung ${number}`,
  notificationIdRef: (id: number) => `Avisierung #${id}`,
  orderIdRef: (id: number) => `Auftrag #${id}`,
  // product detail
  detailTitle: 'Produktdetail',
  detailEan: WORDS.ean,
  tabOverview: 'Übersicht',
  tabPlaces: (n: number) => `Orte (${n})`,
  tabHistory: (n: number) => `Historie (${n})`,
  title: WORDS.title,
  baseUnit: FIELD_LABELS.base_unit,
  weight: WORDS.weight,
  dimensions: 'Maße (L × B × H)',
  description: FIELD_LABELS.description,
  totalQuantity: WORDS.totalQuantity,
  // my stock
  eanAndBaseUnit: (ean: string, unit: string) => `EAN ${ean} · Basiseinheit: ${unit}`,
  loadMore: PAGER.more,
  shownOf: (shown: number, total: number) => formatMessage(PAGER.shown, { shown, total, items: PAGER.products }),
  veSummary: (quantity: number, unit: string, pieces: number) => `${formatNumber(quantity)} ${unit} à ${formatNumber(pieces)} ${WORDS.pieces}`,
} as const;
