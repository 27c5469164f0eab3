import type { ErrorEntry } from './types';

/**
 * Error codes of the inbound area (announcements, goods receipt) and the
 * stock views. Param-driven, so a device renders a rejected receipt mutation
 * with the same words as the REST answer.
 */
export const inboundErrors = {
  /** params: id */
  NOTIFICATION_NOT_FOUND: { status: 404, de: 'Avisierung nicht gefunden' },
  /** params: number, status (German label), action (German label) */
  NOTIFICATION_STATUS_CONFLICT: { status: 409, de: 'Avisierung {number} ist im Status „{status}“ – {action} ist nicht möglich' },
  /** params: number. A receipt (also a queued offline one) for a cancelled announcement. */
  NOTIFICATION_CANCELLED: { status: 409, de: 'Avisierung {number} wurde storniert – Wareneingang nicht möglich' },
  /** params: number, open (count of items without any receipt) */
  NOTIFICATION_ITEMS_OPEN: { status: 409, de: 'Avisierung {number} kann nicht abgeschlossen werden: {open} Artikel noch ohne Wareneingang' },
  /** params: ean */
  NOTIFICATION_ITEM_NOT_FOUND: { status: 404, de: 'Artikel mit EAN {ean} nicht in dieser Avisierung gefunden' },
  NOTIFICATION_ITEMS_REQUIRED: { status: 400, de: 'Bitte mindestens einen Artikel hinzufügen' },
  NOTIFICATION_DATE_RANGE: { status: 400, de: 'Das Enddatum darf nicht vor dem Anlieferdatum liegen' },
  /** params: id */
  RECEIPT_LOCATION_NOT_FOUND: { status: 404, de: 'Lagerplatz nicht gefunden' },
  /** params: id (product) */
  INVENTORY_PRODUCT_NOT_FOUND: { status: 404, de: 'Produkt nicht gefunden' },
} satisfies Record<string, ErrorEntry>;
