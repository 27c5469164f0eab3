import type { ErrorEntry } from './types';
import { VALIDATION } from '../validation';

/**
 * Error codes of the stock area (scan booking, products, lookup, Keepa).
 * Texts are param-driven: a device renders a sync rejection from code + params
 * with exactly these words.
 */
export const stockErrors = {
  /** params: location (barcode), available, requested */
  STOCK_INSUFFICIENT: { status: 409, de: 'Bestand nicht ausreichend: Platz {location} hat nur {available} Stück verfügbar' },
  /** params: ean. The text must contain "Produkt nicht gefunden" (spec: opens the manual product dialog). */
  PRODUCT_NOT_FOUND: { status: 404, de: 'Produkt nicht gefunden' },
  /** params: ean */
  PRODUCT_EXISTS: { status: 409, de: 'Produkt mit EAN {ean} existiert bereits' },
  /** Device only: a scanned code the working set does not hold and the server could not be asked (docs/sync.md "Entities"). params: ean */
  PRODUCT_NOT_ON_DEVICE: { status: 404, de: 'Artikel {ean} ist nicht auf diesem Gerät – online erneut scannen' },
  PLACE_NOT_ON_DEVICE: { status: 404, de: 'Lagerplatz {barcode} ist nicht auf diesem Gerät – online erneut scannen' },
  /** params: ean, reason (German), problem (stable key) */
  INVALID_EAN: { status: 400, de: 'Ungültige EAN {ean}: {reason}' },
  /** params: barcode */
  LOCATION_NOT_FOUND: { status: 404, de: 'Lagerplatz {barcode} nicht gefunden' },
  LOCATION_NOT_STORABLE: { status: 409, de: 'Lagerplatz {barcode} ist kein Fach und kann keinen Bestand aufnehmen' },
  LOCATION_INACTIVE: { status: 409, de: 'Lagerplatz {barcode} ist gesperrt' },
  /** A blocked place (Sperrplatz, docs/operations.md "Blocked places"): its stock is not available. params: barcode */
  LOCATION_BLOCKED: { status: 409, de: 'Lagerplatz {barcode} ist ein Sperrplatz – der Bestand dort ist nicht verfügbar' },
  QUANTITY_INVALID: { status: 400, de: VALIDATION.quantityPositive },
  /** params: route */
  IDEMPOTENCY_KEY_MISMATCH: {
    status: 422,
    de: 'Der Idempotency-Key wurde bereits für eine Anfrage mit anderem Inhalt verwendet – nichts gebucht. Bitte mit neuem Schlüssel senden.',
  },
  IDEMPOTENCY_KEY_REUSED: { status: 422, de: 'Der Idempotency-Key wurde bereits für eine andere Anfrage verwendet' },
  /** Keepa client (server/integrations/keepa.ts); params: refill_seconds */
  KEEPA_RATE_LIMITED: { status: 429, de: 'Keepa-Kontingent erschöpft – wieder verfügbar in {refill_seconds} Sekunden' },
  KEEPA_PAYMENT_REQUIRED: { status: 502, de: 'Keepa-Zugang nicht bezahlt oder API-Schlüssel ungültig' },
  KEEPA_UNAVAILABLE: { status: 502, de: 'Keepa ist nicht erreichbar ({reason})' },
  KEEPA_NOT_CONFIGURED: { status: 409, de: 'Kein Keepa-API-Schlüssel hinterlegt' },
} satisfies Record<string, ErrorEntry>;
