import type { Trx } from '../../db/index';
import { emitWebhookEvent } from './outbox';

/**
 * The events' payloads, one function per event (docs/integrations.md
 * "Webhooks"), called by the features in the transaction of their change.
 */

interface OrderRef {
  id: number;
  customer_id: number;
  order_number: string;
}

/** order.status_changed: every move of the status machine (a repeat that keeps the status sends nothing). */
export async function emitOrderStatusChanged(trx: Trx, o: OrderRef, oldStatus: string, newStatus: string): Promise<void> {
  if (oldStatus === newStatus) return;
  await emitWebhookEvent(
    trx,
    o.customer_id,
    'order.status_changed',
    { order_id: o.id, order_number: o.order_number, old_status: oldStatus, new_status: newStatus },
    { orderId: o.id },
  );
}

export interface ShippedData {
  carrier: string;
  carrier_type: string;
  tracking_numbers: string[];
  num_packages: number;
  /** Weight per package in grams where the packer gave them (else null). */
  package_weights_grams: number[] | null;
  total_weight_grams: number | null;
  shipped_at: Date | string;
}

/** packed → shipped: the status change, then order.shipped with carrier, tracking numbers and packages. */
export async function emitOrderShipped(trx: Trx, o: OrderRef, s: ShippedData): Promise<void> {
  await emitOrderStatusChanged(trx, o, 'packed', 'shipped');
  const packages = Array.from({ length: Math.max(s.num_packages, s.tracking_numbers.length) }, (_, i) => ({
    number: i + 1,
    tracking_number: s.tracking_numbers[i] ?? null,
    weight_grams: s.package_weights_grams?.[i] ?? null,
  }));
  await emitWebhookEvent(
    trx,
    o.customer_id,
    'order.shipped',
    {
      order_id: o.id,
      order_number: o.order_number,
      carrier: s.carrier,
      carrier_type: s.carrier_type,
      tracking_numbers: s.tracking_numbers,
      num_packages: s.num_packages,
      total_weight_grams: s.total_weight_grams,
      packages,
      shipped_at: new Date(s.shipped_at).toISOString(),
    },
    { orderId: o.id },
  );
}
