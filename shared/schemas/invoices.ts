import { z } from 'zod';
import { INVOICE_KINDS, INVOICE_STATUSES } from '../constants';
import { INVOICE_VALIDATION as V } from '../i18n/billing';
import { bodyId, idNumber, Timestamp } from './common';
import { ChargeCodeSchema, RealDay } from './billing';

/**
 * Invoices (docs/operations.md "Billing (Abrechnung)"): a draft per customer
 * and period, finalized with a number, cancelled by a cancellation invoice.
 * Amounts are euro cents (net per line, VAT once on the total).
 */

export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES, { error: V.status });

export const CreateInvoiceRequest = z
  .object({ customer_id: bodyId(), period_from: RealDay, period_to: RealDay })
  .refine((b) => b.period_from <= b.period_to, { message: V.periodOrder, path: ['period_to'] });
export type CreateInvoiceRequest = z.infer<typeof CreateInvoiceRequest>;

export const InvoiceListQuery = z.object({
  customer_id: idNumber().optional(),
  status: InvoiceStatusSchema.optional(),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

const Party = z.object({
  name: z.string(),
  street: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullish(),
  customer_number: z.string().optional(),
  vat_id: z.string().nullish(),
  iban: z.string().nullish(),
});
export type InvoiceParty = z.infer<typeof Party>;

export const Invoice = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  number: z.string().nullable(),
  kind: z.enum(INVOICE_KINDS),
  cancels_invoice_id: z.number().nullable(),
  /** The cancellation invoice of a cancelled invoice. */
  cancelled_by_invoice_id: z.number().nullable(),
  status: InvoiceStatusSchema,
  period_from: z.string(),
  period_to: z.string(),
  net_cents: z.number(),
  vat_rate: z.number(),
  vat_cents: z.number(),
  gross_cents: z.number(),
  created_at: Timestamp,
  finalized_at: Timestamp.nullable(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceList = z.array(Invoice);

export const InvoiceLine = z.object({
  code: ChargeCodeSchema,
  description: z.string(),
  quantity: z.number(),
  unit_price_cents: z.number(),
  net_cents: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceDetail = Invoice.extend({ seller: Party.nullable(), buyer: Party.nullable(), lines: z.array(InvoiceLine) });
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;
