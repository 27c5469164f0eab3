import { UI } from '../i18n/ui';

/**
 * Returns (Retouren, docs/operations.md "Returns"): the lists and their German
 * labels, once.
 *
 *   announced ──first item received──▶ received ──complete──▶ completed
 *       └──cancel──▶ cancelled
 */
export const RETURN_STATUSES = ['announced', 'received', 'completed', 'cancelled'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  announced: 'Angekündigt',
  received: 'Eingegangen',
  completed: UI.statusCompleted,
  cancelled: UI.statusCancelled,
};

/** Returns waiting at the dock: announced, nothing received yet (the staff dashboard's tile links to /returns?status=…). */
export const RETURNS_WAITING_STATUS = 'announced' satisfies ReturnStatus;

/** Why the customer sends it back (announced per line). */
export const RETURN_REASONS = ['not_wanted', 'damaged', 'wrong_item', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  not_wanted: 'Gefällt nicht / nicht benötigt',
  damaged: 'Beschädigt',
  wrong_item: 'Falscher Artikel',
  other: 'Sonstiges',
};

/** The state a unit arrives in at the dock. */
export const RETURN_CONDITIONS = ['new', 'opened', 'damaged'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];
export const RETURN_CONDITION_LABELS: Record<ReturnCondition, string> = {
  new: 'Neuwertig',
  opened: 'Geöffnet',
  damaged: 'Beschädigt',
};

/** What the dock does with it: back into stock, into a blocked place, or away. */
export const RETURN_DISPOSITIONS = ['restock', 'quarantine', 'dispose'] as const;
export type ReturnDisposition = (typeof RETURN_DISPOSITIONS)[number];
export const RETURN_DISPOSITION_LABELS: Record<ReturnDisposition, string> = {
  restock: 'Wieder einlagern',
  quarantine: 'Sperrlager',
  dispose: 'Entsorgen',
};

/** Dispositions that put units on a place (and need its barcode). */
export const STOCKED_DISPOSITIONS: readonly ReturnDisposition[] = ['restock', 'quarantine'];

/** Orders a return may be announced for. */
export const RETURNABLE_ORDER_STATUSES = ['shipped', 'completed'] as const;

/**
 * A parcel's code at the dock matches an order by its order number (any case)
 * or by one of its shipment/tracking numbers (exactly; the order keeps them in
 * one text, separated by comma, semicolon or line break). GET /returns/lookup
 * asks the database the same (server/features/returns/service.ts), the
 * handheld its working set.
 */
export const TRACKING_SEPARATOR = /\s*[,;\n]\s*/;

export function matchesReturnCode(order: { order_number: string; tracking_number: string | null }, code: string): boolean {
  const c = code.trim();
  if (!c) return false;
  if (order.order_number.toUpperCase() === c.toUpperCase()) return true;
  return order.tracking_number?.split(TRACKING_SEPARATOR).includes(c) ?? false;
}
