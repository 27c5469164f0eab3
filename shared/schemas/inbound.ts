import { z } from 'zod';
import { NOTIFICATION_STATUSES } from '../domain/notification-status';
import { offlineCommand, workingSetEntity } from '../offline';
import { bodyId, idNumber, NullableTimestamp, optionalText, Timestamp } from './common';
import { Product, ProductCode } from './products';
import { VALIDATION } from '../i18n/validation';

/**
 * Inbound announcements (Avisierungen) and goods receipt, spec part 2 §3/§5/§7.
 * The receive item is both the REST body element of
 * POST /inbound-notifications/{id}/receive and, wrapped with the
 * announcement id, the args of the offline command receipt.receiveItem.
 */

const IsoDate = z.string({ error: 'Datum ist erforderlich' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum im Format JJJJ-MM-TT erwartet');

const PositiveQuantity = z
  .number({ error: VALIDATION.quantityPositive })
  .int(VALIDATION.quantityInteger)
  .min(1, VALIDATION.quantityPositive)
  .max(1_000_000, VALIDATION.quantityTooLarge);

export const NotificationItemInput = z.object({
  ean: ProductCode,
  title: z.string({ error: VALIDATION.allFieldsRequired }).trim().min(1, VALIDATION.allFieldsRequired).max(500),
  quantity: PositiveQuantity,
  unit: z.string().trim().min(1).max(20).default('piece'),
  notes: optionalText(1000),
  image_url: optionalText(2000),
});
export type NotificationItemInput = z.input<typeof NotificationItemInput>;

/** POST /inbound-notifications/ and PATCH /inbound-notifications/{id}. */
export const NotificationRequest = z
  .object({
    expected_date: IsoDate,
    expected_date_to: IsoDate.nullish().or(z.literal('').transform(() => null)),
    reference_number: optionalText(200),
    notes: optionalText(2000),
    items: z.array(NotificationItemInput).min(1, VALIDATION.itemsRequired).max(500),
    /** Staff create for a customer; customer users always for their own. */
    customer_id: bodyId().nullish(),
  })
  .refine((v) => !v.expected_date_to || v.expected_date_to >= v.expected_date, {
    message: VALIDATION.dateToBeforeFrom,
    path: ['expected_date_to'],
  });
export type NotificationRequest = z.infer<typeof NotificationRequest>;
export type NotificationRequestInput = z.input<typeof NotificationRequest>;

export const NotificationStatus = z.enum(NOTIFICATION_STATUSES);

export const NotificationItem = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  ean: z.string(),
  title: z.string(),
  quantity: z.number(),
  unit: z.string(),
  notes: z.string().nullable(),
  image_url: z.string().nullable(),
  received_quantity: z.number(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const InboundNotification = z.object({
  id: z.number(),
  notification_number: z.string(),
  status: NotificationStatus,
  customer_id: z.number(),
  customer_name: z.string(),
  expected_date: z.string(),
  expected_date_to: z.string().nullable(),
  reference_number: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: Timestamp,
  confirmed_at: NullableTimestamp,
  completed_at: NullableTimestamp,
  cancelled_at: NullableTimestamp,
  items: z.array(NotificationItem),
});
export type InboundNotification = z.infer<typeof InboundNotification>;

export const NotificationListQuery = z.object({
  status: NotificationStatus.optional(),
  customer_id: idNumber().optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationList = z.array(InboundNotification);

/** Packaging level (Großkarton / Kleinkarton): pieces per carton and number of cartons. */
export const PackagingLevel = z.object({
  quantity_per_unit: z.number().int().min(1).max(1_000_000),
  total_units: z.number().int().min(0).max(1_000_000),
});
export type PackagingLevel = z.infer<typeof PackagingLevel>;

export const ReceiveItem = z.object({
  ean: ProductCode,
  quantity: PositiveQuantity,
  unit: z.string().trim().min(1).max(20).default('piece'),
  location_id: bodyId(VALIDATION.locationRequired),
  batch_number: optionalText(100),
  /** Best-before date (MHD), optional. */
  expiry_date: IsoDate.nullish().or(z.literal('').transform(() => null)),
  packaging_level1: PackagingLevel.nullish(),
  packaging_level2: PackagingLevel.nullish(),
  notes: optionalText(1000),
});
export type ReceiveItem = z.infer<typeof ReceiveItem>;
export type ReceiveItemInput = z.input<typeof ReceiveItem>;

export const ReceiveRequest = z.object({
  items: z.array(ReceiveItem).min(1, VALIDATION.itemsRequired).max(500),
});
export type ReceiveRequest = z.infer<typeof ReceiveRequest>;

/** Args of the offline command receipt.receiveItem. */
export const ReceiveItemCommand = z.object({
  notification_id: bodyId(),
  item: ReceiveItem,
});
export type ReceiveItemCommand = z.infer<typeof ReceiveItemCommand>;
export type ReceiveItemCommandInput = z.input<typeof ReceiveItemCommand>;

/** Result of one booked receipt line (REST and stored mutation outcome). */
export const ReceiveItemResult = z.object({
  receipt_id: z.number(),
  notification_id: z.number(),
  notification_status: NotificationStatus,
  item_id: z.number(),
  product_id: Product.shape.id,
  ean: Product.shape.ean,
  expected_quantity: z.number(),
  received_quantity: z.number(),
  /** Cumulative for the item: everything received so far minus expected. */
  discrepancy: z.number(),
  item_received_quantity: z.number(),
  location_id: z.number(),
  movement_id: z.number(),
});
export type ReceiveItemResult = z.infer<typeof ReceiveItemResult>;

export const ReceiveResponse = z.object({
  notification: InboundNotification,
  receipts: z.array(ReceiveItemResult),
});
export type ReceiveResponse = z.infer<typeof ReceiveResponse>;

/** Receipt detail (GET /inbound-notifications/{id}/movements). */
export const ReceiptDetail = z.object({
  id: z.number(),
  product_title: Product.shape.title,
  product_ean: Product.shape.ean,
  image_url: Product.shape.image_url,
  expected_quantity: z.number(),
  received_quantity: z.number(),
  unit: z.string(),
  discrepancy: z.number(),
  notes: z.string().nullable(),
  location_path: z.string().nullable(),
  batch_number: z.string().nullable(),
  expiry_date: z.string().nullable(),
  packaging_level1: PackagingLevel.nullable(),
  packaging_level2: PackagingLevel.nullable(),
  created_at: Timestamp,
});
export type ReceiptDetail = z.infer<typeof ReceiptDetail>;
export const ReceiptDetailList = z.array(ReceiptDetail);

/** Args of the offline command receipt.complete ("Fertig" at the dock). */
export const CompleteReceiptArgs = z.object({ notification_id: bodyId() });
export type CompleteReceiptArgs = z.infer<typeof CompleteReceiptArgs>;

/** The dock's offline commands: one mutation per confirmed receipt line, and "Fertig". */
export const ReceiveItemOfflineCommand = offlineCommand('receipt.receiveItem', ReceiveItemCommand);
export const CompleteReceiptCommand = offlineCommand('receipt.complete', CompleteReceiptArgs);

/** Working-set row: an announcement the dock can receive offline (confirmed or receiving), with its items. */
export const WsNotificationItem = NotificationItem.omit({ notes: true });
export const WsNotification = InboundNotification.pick({
  id: true,
  notification_number: true,
  customer_id: true,
  customer_name: true,
  status: true,
  expected_date: true,
  expected_date_to: true,
  reference_number: true,
  notes: true,
}).extend({ items: z.array(WsNotificationItem) });
export type WsNotification = z.infer<typeof WsNotification>;
export const NotificationEntity = workingSetEntity('notification', WsNotification);
