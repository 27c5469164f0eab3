import type { ErrorEntry } from './types';

/**
 * Error codes of picks and shortages (docs/fulfilment.md "What books
 * stock"). Stable codes: a device shows a sync rejection from code + params.
 */
export const pickingErrors = {
  /** params: ean */
  PICK_PRODUCT_NOT_IN_ORDER: { status: 409, de: 'Produkt {ean} gehört nicht zu diesem Auftrag' },
  /** params: expected (barcodes of the places holding the order's reservation), scanned */
  PICK_WRONG_LOCATION: { status: 409, de: 'Falscher Lagerort! Erwartet: {expected}' },
  /** params: remaining, requested, title */
  PICK_TOO_MANY: { status: 409, de: 'Zu viel: für „{title}“ sind nur noch {remaining} offen ({requested} gescannt)' },
  /** params: order_id, wave (wave number) */
  PICK_ORDER_NOT_IN_WAVE: { status: 409, de: 'Auftrag gehört nicht zu Welle {wave}' },
  /** params: number (order number). The order was cancelled in the office, e.g. while the picker was offline. */
  PICK_ORDER_CANCELLED: { status: 409, de: 'Auftrag {number} wurde im Büro storniert' },
  /** params: location (barcode), reserved, requested. More picked or reported missing than the order holds at that place. */
  PICK_LOCATION_INSUFFICIENT: { status: 409, de: 'Am Lagerort {location} sind für diesen Auftrag nur {reserved} reserviert ({requested} gemeldet)' },
  /** params: expected (batches reserved at the place), scanned */
  PICK_WRONG_BATCH: { status: 409, de: 'Falsche Charge! Erwartet: {expected}' },
  /** params: orders (order numbers). Rolling picking needs all orders in one open wave or none in any. */
  ROLLING_WAVE_MIX: {
    status: 409,
    de: 'Die Aufträge {orders} liegen teils in einer offenen Welle, teils nicht (oder in verschiedenen Wellen) – bitte die Welle fortsetzen oder andere Aufträge wählen',
  },
  /** params: orders (order numbers). Their open wave also holds orders of customers the caller may not see. */
  ROLLING_WAVE_FOREIGN: {
    status: 409,
    de: 'Die Aufträge {orders} liegen in einer offenen Welle mit Aufträgen anderer Kunden – bitte die Welle von einer Person mit Zugriff auf alle Kunden fortsetzen lassen',
  },
} satisfies Record<string, ErrorEntry>;
