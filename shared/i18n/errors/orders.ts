import type { ErrorEntry } from './types';
import { VALIDATION } from '../validation';

/**
 * Error codes of the orders area (outbound orders, reservations).
 * The availability texts are the spec's form messages ('Nur X Einheit
 * verfügbar (Y reserviert)', 'Nur X Typ verfügbar'), so the server's 409 and
 * the form's own check read the same.
 */
export const ordersErrors = {
  /** params: id. Also for orders of customers outside the caller's scope (never leak). */
  ORDER_NOT_FOUND: { status: 404, de: 'Bestellung nicht gefunden' },
  /** params: number, status (German label), action (German label) */
  ORDER_STATUS_CONFLICT: { status: 409, de: 'Auftrag {number} ist im Status „{status}“ – {action} ist nicht möglich' },
  ORDER_ITEMS_REQUIRED: { status: 400, de: VALIDATION.itemsRequired },
  /** params: product_id */
  ORDER_ITEM_DUPLICATE: { status: 400, de: VALIDATION.articleDuplicate },
  /** params: product_id */
  ORDER_PRODUCT_NOT_FOUND: { status: 404, de: 'Artikel nicht gefunden' },
  /** params: type (German label), title. The product has no such packaging unit. */
  ORDER_VE_TYPE_NOT_FOUND: { status: 400, de: 'Verpackungseinheit {type} ist für „{title}“ nicht hinterlegt' },
  ORDER_QUANTITY_REQUIRED: { status: 400, de: VALIDATION.quantityPositive },
  /** params: available, reserved, unit (German unit label), title, product_id, requested */
  ORDER_STOCK_INSUFFICIENT: { status: 409, de: 'Nur {available} {unit} verfügbar ({reserved} reserviert)' },
  /** params: available (whole units), type (German label), title, product_id, requested */
  ORDER_VE_INSUFFICIENT: { status: 409, de: 'Nur {available} {type} verfügbar' },
  /** params: field, reason */
  ORDER_ADDRESS_INVALID: { status: 400, de: '{field}: {reason}' },
  /** params: country */
  ORDER_COUNTRY_UNKNOWN: { status: 400, de: 'Unbekanntes Lieferland: {country}' },
  /** Reservation bookkeeping: a pick asked for more of a reservation than it holds. params: stock_id, reserved, requested */
  RESERVATION_INSUFFICIENT: { status: 409, de: 'Reservierung reicht nicht: {reserved} reserviert, {requested} angefordert' },
} satisfies Record<string, ErrorEntry>;
