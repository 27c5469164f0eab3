import type { ErrorEntry } from './types';

/** Error codes of returns (Retouren, docs/operations.md "Returns"). */
export const returnErrors = {
  RETURN_NOT_FOUND: { status: 404, de: 'Retoure nicht gefunden' },
  /** params: code (what was scanned or typed) */
  RETURN_LOOKUP_NOT_FOUND: { status: 404, de: 'Kein versendeter Auftrag zu „{code}“ gefunden' },
  /** params: order_number, status (German) */
  RETURN_ORDER_NOT_SHIPPED: {
    status: 409,
    de: 'Für Auftrag {order_number} ist keine Retoure möglich: Status „{status}“ (nur versendete oder abgeschlossene Aufträge)',
  },
  /** params: ean, order_number */
  RETURN_ITEM_NOT_IN_ORDER: { status: 409, de: 'Artikel {ean} ist nicht in Auftrag {order_number} enthalten' },
  /** params: ean, return_number */
  RETURN_ITEM_NOT_ANNOUNCED: { status: 409, de: 'Artikel {ean} ist in Retoure {return_number} nicht angekündigt' },
  /** params: ean, returnable (what may still come back), requested */
  RETURN_TOO_MANY: { status: 409, de: 'Zu viele Einheiten für Artikel {ean}: höchstens {returnable} Stück können noch zurückkommen' },
  /** params: return_number, status (German) */
  RETURN_WRONG_STATUS: { status: 409, de: 'Retoure {return_number} ist „{status}“ – das ist in diesem Status nicht möglich' },
  RETURN_PLACE_REQUIRED: { status: 400, de: 'Bitte den Lagerplatz scannen, auf den die Ware kommt' },
  /** params: barcode */
  RETURN_RESTOCK_BLOCKED: { status: 409, de: 'Lagerplatz {barcode} ist ein Sperrplatz – zum Wiedereinlagern bitte einen normalen Platz scannen' },
  /** params: barcode */
  RETURN_QUARANTINE_NOT_BLOCKED: { status: 409, de: 'Lagerplatz {barcode} ist kein Sperrplatz – Ware ins Sperrlager nur auf einen gesperrten Platz' },
} satisfies Record<string, ErrorEntry>;
