import type { ErrorEntry } from './types';

/**
 * Error codes of the packing station and parcel shipping (spec part 2 §5, §8;
 * docs/fulfilment.md "Packing and parcel shipping"). Shipping validation (weights, tracking
 * numbers) is a 400 VALIDATION with the texts of PACKING_VALIDATION.
 */
export const packingErrors = {
  /** params: barcode, status (German label), status_code. The pallet is not at the packing table (still picking, or free). */
  PACKING_PALLET_NOT_READY: { status: 409, de: 'Palette {barcode} ist nicht bereit zum Verpacken (Status: {status})' },
  /** params: number, lines (count), titles. A line is neither fully picked nor recorded as shortage. */
  PACKING_ITEMS_OPEN: { status: 409, de: 'Auftrag {number} ist noch nicht fertig kommissioniert: {titles}' },
  /** params: number, status (German label), status_code. Item discrepancies are reported at the packing table only (picking/packed). */
  ITEM_DISCREPANCY_NOT_PACKING: { status: 409, de: 'Auftrag {number} ist nicht am Packtisch (Status: {status}) – keine Artikel-Abweichung möglich' },
  /** params: number, kind, reason (German). The reported kind does not fit the order's lines. */
  ITEM_DISCREPANCY_CONTRADICTS: { status: 409, de: 'Artikel-Abweichung passt nicht zu Auftrag {number}: {reason}' },
  /** params: number, status (German label). Ship only packed orders (also a second ship call). */
  SHIP_NOT_PACKED: { status: 409, de: 'Auftrag {number} ist nicht verpackt (Status: {status}) – Versand nicht möglich' },
  /** params: number. Another ship call for the same order is running. */
  SHIP_IN_PROGRESS: { status: 409, de: 'Auftrag {number} wird gerade versendet – bitte kurz warten und neu laden' },
  /** params: missing (German labels, comma list) */
  DHL_SETTINGS_MISSING: { status: 409, de: 'DHL-Versand ist nicht eingerichtet: bitte unter Einstellungen → Versand ausfüllen: {missing}' },
  /** params: message (DHL's own words), field. DHL refused the consignee address; nothing was shipped. */
  DHL_ADDRESS_INVALID: { status: 422, de: 'DHL hat die Adresse abgelehnt: {message}' },
  /** params: message. DHL refused the shipment for another reason (product, billing number, weight). */
  DHL_REJECTED: { status: 422, de: 'DHL hat die Sendung abgelehnt: {message}' },
  /** params: status. 401/403 from DHL: key, user or password wrong. */
  DHL_AUTH_FAILED: { status: 409, de: 'DHL hat die Zugangsdaten abgelehnt – bitte unter Einstellungen → Versand prüfen (HTTP {status})' },
  /** DHL answered a label that is no readable PDF; the shipments were cancelled again. */
  DHL_LABEL_UNREADABLE: { status: 502, de: 'DHL hat ein unlesbares Label geliefert – die Sendung wurde storniert, bitte erneut versenden' },
  /** params: status (HTTP status or 'timeout'). 429/5xx/timeout/network; no label was created. */
  DHL_UNAVAILABLE: { status: 503, de: 'DHL ist gerade nicht erreichbar ({status}) – es wurde kein Label erstellt, bitte später erneut versenden' },
} satisfies Record<string, ErrorEntry>;
