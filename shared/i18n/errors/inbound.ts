import type { ErrorEntry } from './types';
import { VALIDATION } from '../validation';
import { masterdataErrors } from './masterdata';
import { stockErrors } from './stock';

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
  NOTIFICATION_ITEMS_REQUIRED: { status: 400, de: VALIDATION.itemsRequired },
  NOTIFICATION_DATE_RANGE: { status: 400, de: VALIDATION.dateToBeforeFrom },
  /** params: id */
  RECEIPT_LOCATION_NOT_FOUND: { status: 404, de: masterdataErrors.LOCATION_ID_NOT_FOUND.de },
  /** params: id (product) */
  INVENTORY_PRODUCT_NOT_FOUND: { status: 404, de: stockErrors.PRODUCT_NOT_FOUND.de },
} satisfies Record<string, ErrorEntry>;
