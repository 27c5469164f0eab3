import { formatMessage } from '../../../shared/i18n/format';
import { RECEIPT_FLOW_UI, RECEIPT_UI } from '../../../shared/i18n/inbound';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';
import { CompleteReceiptCommand, NotificationEntity, ReceiveItemOfflineCommand } from '../../../shared/schemas/inbound';
import { defineDeviceCommand, deviceTable } from '../../../sync/device/registry';
import type { LagerwerkDb } from '../../db';
import { assertNotFrozen } from '../stock/local-stock';

/**
 * Goods receipt on the device: the announcements the dock can receive
 * offline, one receipt.receiveItem mutation per confirmed line (its stock
 * shows at the place at once) and receipt.complete for "Fertig".
 */
export const notificationTable = deviceTable(NotificationEntity, 'id, customer_id, status');

export const receiveItem = defineDeviceCommand(ReceiveItemOfflineCommand, async ({ notification_id, item }, db: LagerwerkDb) => {
  const [n, loc] = await Promise.all([db.notification.get(notification_id), db.locations.get(item.location_id)]);
  // A place being counted takes no goods (docs/operations.md "Stocktake").
  assertNotFrozen(loc);
  const title = n?.items.find((i) => i.ean === item.ean)?.title ?? texts(STOCK_TEXTS).eanLine(item.ean);
  return {
    label: formatMessage(texts(RECEIPT_UI).outboxLabel, {
      number: String(n?.notification_number ?? notification_id),
      qty: item.quantity,
      title,
      location: loc?.barcode ?? String(item.location_id),
    }),
    // Without the announcement on the device the owner is unknown: nothing to show until the server answers.
    effect: n ? { stock: [{ ean: item.ean, location_id: item.location_id, customer_id: n.customer_id, stock_id: null, delta: item.quantity }] } : undefined,
  };
});

export const completeReceipt = defineDeviceCommand(CompleteReceiptCommand, async ({ notification_id }, db: LagerwerkDb) => {
  const n = await db.notification.get(notification_id);
  return { label: texts(RECEIPT_FLOW_UI).completed(String(n?.notification_number ?? notification_id)) };
});

export const receiptCommands = [receiveItem, completeReceipt];
