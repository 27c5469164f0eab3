import { type RequestFreightQuote, RequestFreightQuoteResponse } from '../../../shared/schemas/freight';
import { OutboundOrder } from '../../../shared/schemas/orders';
import { type ItemDiscrepancyRequest, ItemDiscrepancyResponse, MarkPackedResponse, PackingInfo, PackingPalletResponse } from '../../../shared/schemas/packing';
import { type ShipQueryInput, ShipResponse } from '../../../shared/schemas/shipping';
import type { DeliveryAddressPatch } from '../../../shared/schemas/orders';
import { apiGet, apiPatch, apiPost, qs } from '../../app/api';

/**
 * The packing station's calls (spec part 2 §7). Only the pallet and order
 * loads and the shipping itself need the network; the verification scans
 * run on the device against the loaded packing info.
 */

export const fetchPackingPallet = (barcode: string) => apiGet(`/outbound-orders/packing/pallet/${encodeURIComponent(barcode.trim())}`, PackingPalletResponse);

export const fetchPackingInfo = (orderId: number) => apiGet(`/outbound-orders/${orderId}/packing-info`, PackingInfo);

/**
 * mark-packed and ship carry an Idempotency-Key: the same call sent again
 * (its answer lost on a flaky network) is answered from the first one, for
 * DHL with the same labels instead of a second set.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `packing-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const markPacked = (orderId: number, body: { num_packages: number; total_weight_grams: number | null }, key: string) =>
  apiPost(`/outbound-orders/${orderId}/mark-packed`, body, MarkPackedResponse, keyed(key));

/** The ship query as sent: label_weights already a JSON list of grams. */
export type ShipParams = Record<keyof ShipQueryInput, string | number | boolean | undefined>;

export const shipOrder = (orderId: number, query: Partial<ShipParams>, key: string) =>
  apiPost(`/outbound-orders/${orderId}/ship${qs(query)}`, undefined, ShipResponse, keyed(key));

/** A refused verification scan, logged as item_discrepancy (the screen has answered the scan already). */
export const reportItemDiscrepancy = (orderId: number, body: ItemDiscrepancyRequest) =>
  apiPost(`/outbound-orders/${orderId}/item-discrepancy`, body, ItemDiscrepancyResponse);

/** Freight abroad: the packed order waits for a forwarder's offer in /freight-quotations. */
export const requestFreightQuote = (orderId: number, body: RequestFreightQuote) =>
  apiPost(`/outbound-orders/${orderId}/request-freight-quote`, body, RequestFreightQuoteResponse);

/** The packing station's address correction: the delivery fields without delivery_email (it stays as it is). */
export type PackingAddress = Omit<DeliveryAddressPatch, 'delivery_email'>;

export const patchDeliveryAddress = (orderId: number, address: PackingAddress) =>
  apiPatch(`/outbound-orders/${orderId}/delivery-address`, address, OutboundOrder);
