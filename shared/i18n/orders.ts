import { UI } from './ui';
import { errorText } from './errors';
/** German texts of the order screens: fallback texts of the spec's error catalogue, Orders row (part 2 §8), and screen texts. */
export const ORDER_ERRORS = {
  countries: 'Fehler beim Laden der Länder',
  list: 'Fehler beim Laden der Aufträge',
  order: 'Fehler beim Laden der Bestellung',
  update: 'Fehler beim Aktualisieren',
  create: UI.createError,
  address: 'Fehler beim Aktualisieren der Adresse',
  orderDetails: 'Fehler beim Laden der Bestelldetails',
  orderDetailsStaff: 'Fehler beim Laden der Auftragsdetails',
  startPicking: 'Fehler beim Starten der Kommissionierung',
  cancel: UI.cancelError,
  complete: 'Fehler beim Abschließen',
  stock: UI.loadStockError,
} as const;

export const ORDER_NOT_FOUND = errorText('ORDER_NOT_FOUND');
export const NO_ORDERS = 'Keine Aufträge gefunden';
