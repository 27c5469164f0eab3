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
} as const;
