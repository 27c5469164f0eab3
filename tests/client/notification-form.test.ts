import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../client/db';
import { formError } from '../../client/features/inbound-notifications/form-logic';
import { itemForEan, withQueuedReceipts } from '../../client/features/inbound-notifications/receipt-queue';
import type { WsNotification } from '../../shared/schemas/inbound';

describe('announcement form', () => {
  it('start date required, end not before start, at least one item', () => {
    expect(formError({ expected_date: '', expected_date_to: '', items: [1] })).toBe('Bitte ein Anlieferdatum angeben');
    expect(formError({ expected_date: '2026-12-02', expected_date_to: '2026-12-01', items: [1] })).toBe('Das Enddatum darf nicht vor dem Anlieferdatum liegen');
    expect(formError({ expected_date: '2026-12-02', expected_date_to: '', items: [] })).toBe('Bitte mindestens einen Artikel hinzufügen');
    expect(formError({ expected_date: '2026-12-02', expected_date_to: '2026-12-02', items: [1] })).toBeNull();
  });
});

describe('queued receipts on the device', () => {
  const n: WsNotification = {
    id: 7,
    notification_number: 'AV-2026-000007',
    customer_id: 1,
    customer_name: 'Kunde',
    status: 'confirmed',
    expected_date: '2026-12-01',
    expected_date_to: null,
    reference_number: null,
    notes: null,
    items: [
      { id: 1, product_id: null, ean: '4006381333009', title: 'A', quantity: 5, received_quantity: 2, unit: 'piece', image_url: null },
      { id: 2, product_id: null, ean: '4006381333009', title: 'A (2. Zeile)', quantity: 3, received_quantity: 0, unit: 'piece', image_url: null },
    ],
  };
  const entry = (id: number, name: OutboxEntry['name'], args: unknown): OutboxEntry => ({
    clientId: 'c',
    id,
    name,
    args,
    userId: 1,
    createdAt: '',
    status: 'pending',
    label: '',
  });

  it('fills lines of the same EAN in order, as the server does; UPC/EAN forms match', () => {
    expect(itemForEan(n.items, '4006381333009')?.id).toBe(1);
    expect(itemForEan(n.items, '0000')).toBeUndefined();
  });

  it('adds queued lines of this announcement only, and notes a queued "Fertig"', () => {
    const v = withQueuedReceipts(n, [
      entry(1, 'receipt.receiveItem', { notification_id: 7, item: { ean: '4006381333009', quantity: 3, location_id: 1 } }),
      entry(2, 'receipt.receiveItem', { notification_id: 7, item: { ean: '4006381333009', quantity: 1, location_id: 1 } }),
      entry(3, 'receipt.receiveItem', { notification_id: 8, item: { ean: '4006381333009', quantity: 9, location_id: 1 } }),
      entry(4, 'receipt.complete', { notification_id: 7 }),
    ]);
    expect(v.items.map((i) => [i.received_quantity, i.pending_quantity])).toEqual([
      [5, 3],
      [1, 1],
    ]);
    expect(v.completeQueued).toBe(true);
  });
});
