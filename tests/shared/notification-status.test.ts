import { describe, expect, it } from 'vitest';
import {
  allowedNotificationActions,
  checkNotificationAction,
  discrepancyText,
  NOTIFICATION_STATUS_LABELS,
  notificationStatusLabel,
  statusAfterReceipt,
} from '../../shared/domain/notification-status';

const customer = { role: 'customer_user' as const, is_admin: false };
const worker = { role: 'warehouse_worker' as const, is_admin: false };
const manager = { role: 'warehouse_manager' as const, is_admin: false };
const flaggedCustomer = { role: 'customer_user' as const, is_admin: true };

describe('notification status machine', () => {
  it('labels', () => {
    expect(NOTIFICATION_STATUS_LABELS).toEqual({
      announced: 'Avisiert',
      confirmed: 'Bestätigt',
      receiving: 'In Bearbeitung',
      completed: 'Abgeschlossen',
      cancelled: 'Storniert',
    });
    expect(notificationStatusLabel('xyz')).toBe('xyz');
  });

  it('offers customers edit/cancel only while announced, and receipt details for receiving/completed', () => {
    expect(allowedNotificationActions(customer, 'announced')).toEqual(['edit', 'cancel']);
    expect(allowedNotificationActions(customer, 'confirmed')).toEqual([]);
    expect(allowedNotificationActions(customer, 'receiving')).toEqual(['viewReceipts']);
    expect(allowedNotificationActions(customer, 'completed')).toEqual(['viewReceipts']);
    expect(allowedNotificationActions(customer, 'cancelled')).toEqual([]);
  });

  it('offers staff confirm while announced, receive while confirmed/receiving, complete while receiving', () => {
    for (const staff of [worker, manager, flaggedCustomer]) {
      expect(allowedNotificationActions(staff, 'announced')).toEqual(['confirm']);
      expect(allowedNotificationActions(staff, 'confirmed')).toEqual(['receive']);
      expect(allowedNotificationActions(staff, 'receiving')).toEqual(['receive', 'complete', 'viewReceipts']);
      expect(allowedNotificationActions(staff, 'completed')).toEqual(['viewReceipts']);
      expect(allowedNotificationActions(staff, 'cancelled')).toEqual([]);
    }
  });

  it('says why an action is refused: role first, then state', () => {
    expect(checkNotificationAction(customer, 'confirmed', 'confirm')).toEqual({ ok: false, reason: 'role' });
    expect(checkNotificationAction(worker, 'cancelled', 'receive')).toEqual({ ok: false, reason: 'status' });
    expect(checkNotificationAction(worker, 'announced', 'edit')).toEqual({ ok: false, reason: 'role' });
    expect(checkNotificationAction(worker, 'bogus', 'confirm')).toEqual({ ok: false, reason: 'status' });
  });

  it('receiving until every item has at least its quantity', () => {
    expect(
      statusAfterReceipt([
        { quantity: 5, received_quantity: 5 },
        { quantity: 2, received_quantity: 1 },
      ]),
    ).toBe('receiving');
    expect(
      statusAfterReceipt([
        { quantity: 5, received_quantity: 6 },
        { quantity: 2, received_quantity: 2 },
      ]),
    ).toBe('completed');
  });

  it('discrepancy texts', () => {
    expect(discrepancyText(3)).toBe('Übermenge: +3');
    expect(discrepancyText(-2)).toBe('Mindermenge: -2');
    expect(discrepancyText(0)).toBeNull();
  });
});
