import { isCustomerUser, isStaff, type RoleSubject } from './roles';
import { RECEIPT_UI } from '../i18n/inbound';
import { texts } from '../i18n/translate';
import { UI } from '../i18n/ui';

/**
 * The inbound announcement (Avisierung) status machine, spec part 2 §4.
 *
 *   announced ──confirm (staff)──▶ confirmed ──receipt──▶ receiving ──▶ completed
 *       │                              └──────receipt (everything in)──────▲
 *       └──cancel (customer)──▶ cancelled
 *
 * One table decides who may do what in which state. The server refuses a
 * wrong state with 409 and a wrong role with 403; the screens ask the same
 * functions which buttons to offer, so the two never disagree.
 *
 * Completion rule (decided here, the spec leaves it open):
 *  - after every booked receipt the announcement is `completed` when every
 *    item has received at least its announced quantity, otherwise `receiving`;
 *  - staff may finish a `receiving` announcement with "Fertig" (action
 *    `complete`) once every item has received something (> 0). Short items
 *    then stay recorded as Mindermenge. An item that never arrived keeps the
 *    announcement open, because quantity 0 cannot be booked.
 */

export const NOTIFICATION_STATUSES = ['announced', 'confirmed', 'receiving', 'completed', 'cancelled'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = {
  announced: 'Avisiert',
  confirmed: UI.statusConfirmed,
  receiving: 'In Bearbeitung',
  completed: UI.statusCompleted,
  cancelled: UI.statusCancelled,
};

export type NotificationAction = 'edit' | 'cancel' | 'confirm' | 'receive' | 'complete' | 'viewReceipts';

/** German names of the actions, for the 409 detail ("… Bestätigen ist nicht möglich"). */
export const NOTIFICATION_ACTION_LABELS: Record<NotificationAction, string> = {
  edit: UI.edit,
  cancel: UI.cancelAction,
  confirm: UI.confirm,
  receive: 'Wareneingang',
  complete: UI.completeAction,
  viewReceipts: 'Wareneingänge anzeigen',
};

type Who = 'customer' | 'staff' | 'any';

const RULES: Record<NotificationAction, { who: Who; from: readonly NotificationStatus[] }> = {
  edit: { who: 'customer', from: ['announced'] },
  cancel: { who: 'customer', from: ['announced'] },
  confirm: { who: 'staff', from: ['announced'] },
  receive: { who: 'staff', from: ['confirmed', 'receiving'] },
  complete: { who: 'staff', from: ['receiving'] },
  viewReceipts: { who: 'any', from: ['receiving', 'completed'] },
};

/**
 * The state an action leads to (receive: see statusAfterReceipt). The server's
 * commands write these statuses (server/features/inbound-notifications/service.ts).
 */
export const NOTIFICATION_TARGET = {
  confirm: 'confirmed',
  cancel: 'cancelled',
  complete: 'completed',
} as const satisfies Partial<Record<NotificationAction, NotificationStatus>>;

export function isNotificationStatus(s: string): s is NotificationStatus {
  return (NOTIFICATION_STATUSES as readonly string[]).includes(s);
}

export function notificationStatusLabel(s: string): string {
  return isNotificationStatus(s) ? texts(NOTIFICATION_STATUS_LABELS)[s] : s;
}

function roleFits(user: RoleSubject, who: Who): boolean {
  if (who === 'any') return true;
  return who === 'customer' ? isCustomerUser(user) : isStaff(user);
}

export type ActionCheck = { ok: true } | { ok: false; reason: 'role' | 'status' };

/** Whether `user` may do `action` on an announcement in `status`; the reason when not. Role is checked first. */
export function checkNotificationAction(user: RoleSubject, status: string, action: NotificationAction): ActionCheck {
  const rule = RULES[action];
  if (!roleFits(user, rule.who)) return { ok: false, reason: 'role' };
  if (!isNotificationStatus(status) || !rule.from.includes(status)) return { ok: false, reason: 'status' };
  return { ok: true };
}

export function canDoNotificationAction(user: RoleSubject, status: string, action: NotificationAction): boolean {
  return checkNotificationAction(user, status, action).ok;
}

/** The actions a user is offered on an announcement in `status` (what the screens show). */
export function allowedNotificationActions(user: RoleSubject, status: string): NotificationAction[] {
  return (Object.keys(RULES) as NotificationAction[]).filter((a) => canDoNotificationAction(user, status, a));
}

export interface ReceivableItem {
  quantity: number;
  received_quantity: number;
}

/** Every item received at least as announced. */
export function allItemsFullyReceived(items: readonly ReceivableItem[]): boolean {
  return items.length > 0 && items.every((i) => i.received_quantity >= i.quantity);
}

/** Every item received something (the condition for "Fertig"). */
export function allItemsTouched(items: readonly ReceivableItem[]): boolean {
  return items.length > 0 && items.every((i) => i.received_quantity > 0);
}

/** The status after a receipt was booked (the announcement was confirmed or receiving before). */
export function statusAfterReceipt(items: readonly ReceivableItem[]): 'receiving' | 'completed' {
  return allItemsFullyReceived(items) ? 'completed' : 'receiving';
}

/** Received minus expected: > 0 Übermenge, < 0 Mindermenge. */
export function receiptDiscrepancy(expected: number, received: number): number {
  return received - expected;
}

/** "Übermenge: +3" / "Mindermenge: -2" / null when it matches (in the language in use). */
export function discrepancyText(diff: number): string | null {
  if (diff > 0) return texts(RECEIPT_UI).surplus(diff);
  if (diff < 0) return texts(RECEIPT_UI).shortfall(diff);
  return null;
}
