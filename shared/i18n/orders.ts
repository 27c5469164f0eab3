import { UI } from './ui';
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
