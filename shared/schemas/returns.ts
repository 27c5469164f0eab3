import { z } from 'zod';
import { offlineCommand, workingSetEntity } from '../offline';
import { RETURN_CONDITIONS, RETURN_DISPOSITIONS, RETURN_REASONS, RETURN_STATUSES } from '../domain/returns';
import { bodyId, idNumber, IsoDate, NullableTimestamp, optionalText, Timestamp } from './common';
import { ProductCode } from './products';
import { LocationBarcode, Quantity } from './stock';
import { RETURN_VALIDATION } from '../i18n/returns';

/**
 * Returns (Retouren, docs/operations.md "Returns"): announce, list, look up
 * at the dock, receive item by item.
 */

export const ReturnStatus = z.enum(RETURN_STATUSES, { error: RETURN_VALIDATION.status });
export const ReturnReason = z.enum(RETURN_REASONS, { error: RETURN_VALIDATION.reason });
export const ReturnCondition = z.enum(RETURN_CONDITIONS, { error: RETURN_VALIDATION.condition });
export const ReturnDisposition = z.enum(RETURN_DISPOSITIONS, { error: RETURN_VALIDATION.disposition });

export const CreateReturnItem = z.object({
  product_ean: ProductCode,
  quantity: Quantity,
  reason: ReturnReason,
});
export const CreateReturnRequest = z.object({
  outbound_order_id: bodyId(RETURN_VALIDATION.order),
  items: z.array(CreateReturnItem).min(1, RETURN_VALIDATION.items).max(200),
  note: optionalText(1000),
});
export type CreateReturnRequest = z.infer<typeof CreateReturnRequest>;

export const ReceiveReturnItemRequest = z.object({
  product_ean: ProductCode,
  quantity: Quantity,
  condition: ReturnCondition,
  disposition: ReturnDisposition,
  location_barcode: LocationBarcode.optional(),
});
export type ReceiveReturnItemRequest = z.infer<typeof ReceiveReturnItemRequest>;

/** One receipt at the dock: what came, in which state, where it went. */
export const ReturnReceipt = z.object({
  id: z.number(),
  product_ean: z.string(),
  quantity: z.number(),
  condition: ReturnCondition,
  disposition: ReturnDisposition,
  location_barcode: z.string().nullable(),
  received_by_name: z.string().nullable(),
  received_at: Timestamp,
});
export type ReturnReceipt = z.infer<typeof ReturnReceipt>;

export const ReturnLine = z.object({
  product_id: z.number(),
  product_ean: z.string(),
  product_title: z.string(),
  quantity: z.number(),
  reason: ReturnReason,
  received_quantity: z.number(),
});
export type ReturnLine = z.infer<typeof ReturnLine>;

export const ReturnSummary = z.object({
  id: z.number(),
  return_number: z.string(),
  status: ReturnStatus,
  customer_id: z.number(),
  customer_name: z.string(),
  outbound_order_id: z.number(),
  order_number: z.string(),
  delivery_name: z.string(),
  announced_quantity: z.number(),
  received_quantity: z.number(),
  note: z.string().nullable(),
  created_at: Timestamp,
  received_at: NullableTimestamp,
  completed_at: NullableTimestamp,
  cancelled_at: NullableTimestamp,
});
export type ReturnSummary = z.infer<typeof ReturnSummary>;

export const ReturnDetail = ReturnSummary.extend({
  tracking_number: z.string().nullable(),
  lines: z.array(ReturnLine),
  receipts: z.array(ReturnReceipt),
});
export type ReturnDetail = z.infer<typeof ReturnDetail>;

export const ReturnListQuery = z.object({
  status: ReturnStatus.optional(),
  customer_id: idNumber().optional(),
  from_date: IsoDate.optional(),
  to_date: IsoDate.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ReturnListQuery = z.infer<typeof ReturnListQuery>;
export const ReturnList = z.array(ReturnSummary);

/** GET /returns/waiting: how many returns wait at the dock (RETURNS_WAITING_STATUS) in the reader's scope. */
export const ReturnsWaiting = z.object({ count: z.number() });
export type ReturnsWaiting = z.infer<typeof ReturnsWaiting>;

export const ReturnableQuery = z.object({ outbound_order_id: idNumber() });
export const ReturnLookupQuery = z.object({ code: z.string().trim().min(1, RETURN_VALIDATION.code).max(100) });

/** The order a parcel at the dock belongs to, with what may still come back and its open returns. */
export const ReturnLookupResponse = z.object({
  outbound_order_id: z.number(),
  order_number: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  delivery_name: z.string(),
  status: z.string(),
  tracking_number: z.string().nullable(),
  lines: z.array(z.object({ product_ean: z.string(), product_title: z.string(), shipped: z.number(), returned: z.number(), returnable: z.number() })),
  open_returns: z.array(ReturnSummary.pick({ id: true, return_number: true, status: true })),
});
export type ReturnLookupResponse = z.infer<typeof ReturnLookupResponse>;

export const ReceiveReturnItemResponse = z.object({
  return_id: z.number(),
  return_number: z.string(),
  status: ReturnStatus,
  receipt: ReturnReceipt,
  /** The place's quantity of this product and customer after the receipt; null when disposed. */
  location_quantity: z.number().nullable(),
});
export type ReceiveReturnItemResponse = z.infer<typeof ReceiveReturnItemResponse>;

/**
 * Offline twin of POST /returns/{id}/receive-item (docs/operations.md
 * "Returns"): the REST body plus the return's id from the path.
 */
export const ReceiveReturnItemArgs = ReceiveReturnItemRequest.extend({ return_id: bodyId() });
export type ReceiveReturnItemArgs = z.infer<typeof ReceiveReturnItemArgs>;
export const ReceiveReturnItemCommand = offlineCommand('returns.receiveItem', ReceiveReturnItemArgs);

/**
 * Working-set row: an open return (announced or received) the dock can
 * receive offline, found by its order number or tracking number. Per line
 * the announced and received quantities and `returnable`: what was shipped
 * minus what the order's other returns claim (the most this return may
 * receive of the product).
 */
export const WsReturnLine = ReturnLine.pick({ product_id: true, product_ean: true, product_title: true, quantity: true, received_quantity: true }).extend({
  returnable: z.number(),
});
export type WsReturnLine = z.infer<typeof WsReturnLine>;
export const WsReturn = ReturnDetail.pick({
  id: true,
  return_number: true,
  status: true,
  customer_id: true,
  customer_name: true,
  outbound_order_id: true,
  order_number: true,
  tracking_number: true,
}).extend({
  lines: z.array(WsReturnLine),
  /** Every EAN of the order (a product outside it is refused otherwise than one it holds but the return does not announce). */
  order_eans: z.array(z.string()),
});
export type WsReturn = z.infer<typeof WsReturn>;
export const ReturnEntity = workingSetEntity('returns', WsReturn);
