import { FIELD_LABELS } from './fields';
import { formatNumber } from './format';
import { SHIPPING_WORDS, UI, WORDS } from './ui';
import { errorText } from './errors';
/** German texts of the order screens: fallback texts of the spec's error catalogue, Orders row (part 2 §8), and screen texts. */
export const ORDER_ERRORS = {
  countries: 'Fehler beim Laden der Länder',
  list: UI.loadOrdersError,
  order: 'Fehler beim Laden der Bestellung',
  update: 'Fehler beim Aktualisieren',
  create: UI.createError,
  address: UI.updateAddressError,
  orderDetails: 'Fehler beim Laden der Bestelldetails',
  orderDetailsStaff: UI.loadOrderDetailsError,
  startPicking: UI.startPickingError,
  cancel: UI.cancelError,
  complete: 'Fehler beim Abschließen',
  stock: UI.loadStockError,
} as const;

export const ORDER_NOT_FOUND = errorText('ORDER_NOT_FOUND');
export const NO_ORDERS = 'Keine Aufträge gefunden';

/** Labels of the order list and the order detail screen. */
export const ORDER_UI = {
  statusFilter: FIELD_LABELS.status_filter,
  listRegion: WORDS.orders,
  selectAll: 'Alle auswählen',
  select: (orderNumber: string) => `${orderNumber} auswählen`,
  order: WORDS.order,
  status: WORDS.status,
  customer: WORDS.customer,
  recipient: SHIPPING_WORDS.recipient,
  items: WORDS.article,
  quantity: WORDS.quantity,
  created: WORDS.created,
  actions: WORDS.actions,
  cardSummary: (items: number, pieces: number) => `${formatNumber(items)} ${WORDS.article} · ${formatNumber(pieces)} ${WORDS.pieces}`,
  title: (orderNumber: string) => `${WORDS.order} ${orderNumber}`,
  itemsCount: WORDS.articleCount,
  totalQuantity: (quantity: number) => `${WORDS.totalQuantity}: ${formatNumber(quantity)}`,
  customerId: (id: number) => `Kunden-ID ${id}`,
  backToList: 'Zurück zur Übersicht',
  startPicking: WORDS.startPicking,
  editAddress: 'Adresse bearbeiten',
  deliveryAddress: SHIPPING_WORDS.deliveryAddress,
  notes: FIELD_LABELS.notes,
  history: 'Verlauf',
  shipping: SHIPPING_WORDS.shipping,
  carrier: 'Versanddienst',
  shippingType: SHIPPING_WORDS.shippingType,
  trackingNumber: SHIPPING_WORDS.shipmentNumber,
  packages: 'Pakete und Sendungsnummern',
  packageNumber: (n: number) => `${n}.`,
  freightCarrier: (carrier: string) => `${SHIPPING_WORDS.freight} ${carrier}`,
  trackAt: (carrier: string, number: string) => `${SHIPPING_WORDS.shipmentNumber} ${number} bei ${carrier} verfolgen`,
  reference: (reference: string) => `${FIELD_LABELS.order_reference}: ${reference}`,
  /** Steps of the order's timeline (also its test ids: timeline-<label>). */
  timeline: { created: WORDS.created, pickingStarted: 'Kommissionierung gestartet', packed: UI.statusPacked, shipped: UI.statusShipped },
  ean: WORDS.ean,
  itemNote: (note: string) => `Notiz: ${note}`,
  picked: (quantity: string) => `Kommissioniert: ${quantity}`,
  /** Toast after an action: "Auftrag A-1 bestätigt". */
  actionDone: (orderNumber: string, done: string) => `${WORDS.order} ${orderNumber} ${done}`,
  done: { confirm: 'bestätigt', start_picking: 'in Kommissionierung', cancel: 'storniert', complete: 'abgeschlossen', other: 'aktualisiert' },
  cancelQuestion: (orderNumber: string) => `Möchten Sie den Auftrag ${orderNumber} wirklich stornieren? Der reservierte Bestand wird freigegeben.`,
  cancelled: (orderNumber: string) => `${WORDS.order} ${orderNumber} storniert`,
  customerSubtitle: 'Versand aus Ihrem Bestand beauftragen und verfolgen',
  newOrder: 'Neuer Auftrag',
  // delivery address dialog
  editAddressTitle: `${SHIPPING_WORDS.deliveryAddress} bearbeiten`,
  addressUpdated: 'Adresse aktualisiert',
  emailOptional: `${FIELD_LABELS.email} (optional)`,
} as const;

/** The order form and its lines (client/features/outbound-orders/OrderFormDialog.tsx, OrderLines.tsx). */
export const ORDER_FORM_UI = {
  newTitle: 'Neuer Ausgangsauftrag',
  editTitle: (orderNumber: string) => `${WORDS.order} ${orderNumber} bearbeiten`,
  submitNew: 'Auftrag anlegen',
  saved: (orderNumber: string) => `${WORDS.order} ${orderNumber} gespeichert`,
  created: (orderNumber: string) => `${WORDS.order} ${orderNumber} angelegt`,
  stockLoading: 'Bestand wird geladen...',
  chooseArticle: '– Artikel wählen –',
  articleOption: (title: string, ean: string, available: string, unit: string) => `${title} (EAN ${ean}) – ${available} ${unit} verfügbar`,
  /** Before the available quantity in bold. */
  available: `${UI.statusAvailable}:`,
  availableRest: (unit: string, reserved: string) => `${unit} · reserviert: ${reserved}`,
  veShare: (count: string, ve: string, pieces: number) => `· ${count} ${ve} à ${pieces}`,
  orderMode: 'Bestellart',
  modeVe: `${FIELD_LABELS.selected_ve_type} (VE)`,
  modeLoose: 'Lose Stückzahl',
  veType: 'VE-Typ',
  veOption: (ve: string, pieces: number) => `${ve} (${pieces} ${WORDS.pieces})`,
  veCount: 'Anzahl VE',
  quantityIn: (unit: string) => `${WORDS.quantity} (${unit})`,
  itemNote: 'Notiz zum Artikel',
  addItem: WORDS.addArticle,
  noLines: 'Noch keine Artikel.',
  ean: WORDS.ean,
} as const;

/** The "start picking" dialog of /warehouse/outbound (client/features/outbound-orders/WarehouseOutboundScreen.tsx). */
export const ORDER_PICKING_UI = {
  title: WORDS.startPicking,
  description: 'Neue Aufträge werden zuerst bestätigt; Aufträge in Kommissionierung werden übersprungen.',
  withCount: (n: number) => `${WORDS.startPicking}${n > 0 ? ` (${n})` : ''}`,
  started: (n: number) => `Kommissionierung für ${n} ${n === 1 ? WORDS.order : WORDS.orders} gestartet`,
  stepConfirmStart: 'wird bestätigt und gestartet',
  stepStart: UI.starting,
  stepSkip: (status: string) => `wird übersprungen (${status})`,
  outcomeStarted: 'gestartet',
  outcomeSkipped: 'übersprungen',
} as const;
