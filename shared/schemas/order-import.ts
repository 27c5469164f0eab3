import { z } from 'zod';
import { ORDER_IMPORT_MESSAGES } from '../i18n/order-import';
import { idNumber } from './common';
import { OrderSource, OutboundOrder, VE_TYPE_LABELS, VE_TYPES, type VeType } from './orders';

/**
 * CSV order import, POST /outbound-orders/import (docs/integrations.md "CSV
 * order import"). The file's columns map onto the order request
 * (shared/schemas/orders.ts), whose schemas and rules check every row.
 */

export const IMPORT_REQUIRED_COLUMNS = [
  'order_reference',
  'recipient_name',
  'street',
  'house_number',
  'postal_code',
  'city',
  'country_code',
  'ean',
  'quantity',
] as const;
export const IMPORT_OPTIONAL_COLUMNS = ['company', 'email', 'phone', 'packaging_unit'] as const;
export const IMPORT_COLUMNS = [...IMPORT_REQUIRED_COLUMNS, ...IMPORT_OPTIONAL_COLUMNS] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The columns that make the order's head: rows of one reference must agree on them. */
export const IMPORT_HEAD_COLUMNS = [
  'recipient_name',
  'company',
  'street',
  'house_number',
  'postal_code',
  'city',
  'country_code',
  'email',
  'phone',
] as const satisfies readonly ImportColumn[];

/** packaging_unit: empty = loose pieces; box/pallet or the German words (Karton/Palette), any case. */
export function packagingUnitOf(text: string): VeType | null | undefined {
  const v = text.trim().toLowerCase();
  if (!v) return null;
  return VE_TYPES.find((t) => t === v || VE_TYPE_LABELS[t].toLowerCase() === v);
}

/** The example file the portal offers (and docs/integrations.md shows): the demo data's tea and coffee (Müller Naturkost stores both). */
export const IMPORT_EXAMPLE_CSV = [
  IMPORT_COLUMNS.join(';'),
  'SHOP-1001;Erika Mustermann;Hauptstraße;5;10117;Berlin;DE;4006381333023;2;;erika@example.de;;',
  'SHOP-1001;Erika Mustermann;Hauptstraße;5;10117;Berlin;DE;4006381333009;1;;erika@example.de;;Karton',
  'SHOP-1002;Max Muster;Damrak;1;1012 AB;Amsterdam;NL;4006381333023;3;Muster B.V.;;+31 20 1234567;',
].join('\r\n');

export const OrderImportQuery = z.object({
  /** Staff import for this customer; customer users and API keys always for their own. */
  customer_id: idNumber().optional(),
  dry_run: z
    .enum(['true', 'false'], { error: ORDER_IMPORT_MESSAGES.dryRunInvalid })
    .default('false')
    .transform((v) => v === 'true'),
});
export type OrderImportQuery = z.infer<typeof OrderImportQuery>;

/** The body: the file as text (Content-Type text/csv). */
export const OrderImportBody = z.string();

/** One refusal: the line as a person counts it (header = 1), the column and the German reason. */
export const OrderImportRowError = z.object({ row: z.number(), field: z.string(), detail: z.string() });
export type OrderImportRowError = z.infer<typeof OrderImportRowError>;

export const OrderImportLine = z.object({
  row: z.number(),
  ean: z.string(),
  title: z.string(),
  quantity: z.number(),
  packaging_unit: z.enum(VE_TYPES).nullable(),
});
export type OrderImportLine = z.infer<typeof OrderImportLine>;

/** dry_run=true: what would be booked. */
export const OrderImportPreview = z.object({
  orders: z.array(
    z.object({
      order_reference: OrderSource.shape.order_reference,
      recipient_name: z.string(),
      lines: z.array(OrderImportLine),
    }),
  ),
});
export type OrderImportPreview = z.infer<typeof OrderImportPreview>;

export const OrderImportResult = z.object({
  created: z.array(OutboundOrder.pick({ id: true, order_number: true }).extend({ order_reference: z.string() })),
});
export type OrderImportResult = z.infer<typeof OrderImportResult>;
