import type { ErrorEntry } from './types';

/** Error codes of the stocktake (Inventur, docs/operations.md "Stocktake"). */
export const stocktakeErrors = {
  /** A booking on a frozen place. params: barcode, number (the open stocktake) */
  LOCATION_IN_STOCKTAKE: {
    status: 409,
    de: 'Lagerplatz {barcode} wird gerade gezählt (Inventur {number}) – Buchungen dort erst nach Abschluss der Inventur',
  },
  /** params: id */
  STOCKTAKE_NOT_FOUND: { status: 404, de: 'Inventur nicht gefunden' },
  STOCKTAKE_SCOPE_REQUIRED: { status: 400, de: 'Bitte genau eine Auswahl angeben: Lagerplätze, Regale oder einen Raum' },
  STOCKTAKE_SCOPE_EMPTY: { status: 400, de: 'Die Auswahl enthält keine Lagerplätze' },
  /** params: barcode */
  STOCKTAKE_NOT_STORAGE_PLACE: { status: 400, de: 'Nur Fächer (Lagerplätze) können gezählt werden – {barcode} ist keines' },
  /** params: id */
  STOCKTAKE_RACK_NOT_FOUND: { status: 404, de: 'Regal {id} nicht gefunden' },
  /** params: barcodes, number (the other open stocktake) */
  STOCKTAKE_PLACE_TAKEN: { status: 409, de: 'Lagerplatz {barcodes} wird bereits in Inventur {number} gezählt' },
  /** params: number, status (German label) */
  STOCKTAKE_NOT_COUNTING: { status: 409, de: 'Inventur {number} ist {status} – keine Änderung mehr möglich' },
  /** params: number, count, barcodes */
  STOCKTAKE_PLACES_OPEN: { status: 409, de: 'Inventur {number} kann noch nicht gebucht werden: {count} Plätze nicht fertig gezählt ({barcodes})' },
  /** params: barcode, number */
  STOCKTAKE_PLACE_NOT_IN: { status: 409, de: 'Lagerplatz {barcode} gehört nicht zur Inventur {number}' },
  /** params: ean */
  STOCKTAKE_CUSTOMER_REQUIRED: { status: 400, de: 'Zu Artikel {ean} bitte den Kunden angeben – er ist nicht eindeutig' },
} satisfies Record<string, ErrorEntry>;
