import type { ChargeCode } from '../../../shared/constants';
import type { ColumnType, Generated } from 'kysely';
import type { DateOnly, Json, Timestamp, TimestampDefault } from './columns';

/** Table types of billing (migrations 0027 and 0029, docs/operations.md "Billing (Abrechnung)"). */

export interface CustomerRatesTable {
  customer_id: number;
  code: ChargeCode;
  /** Net price per unit of the code, euro cents. */
  price_cents: number;
  updated_at: TimestampDefault;
}

export interface StorageSnapshotsTable {
  /** The Europe/Berlin day whose end the snapshot shows. */
  day: DateOnly;
  customer_id: number;
  /** Places holding stock of the customer at the day's end. */
  places: number;
  units: number;
  created_at: TimestampDefault;
}

/** Seller or buyer as printed on a final invoice (frozen at finalize). */
export interface InvoiceParty {
  name: string;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  /** ISO 3166 alpha-3 as stored (customers.country, setting company_country). */
  country: string | null;
  email?: string | null;
  customer_number?: string;
  vat_id?: string | null;
  iban?: string | null;
}

/** Invoices (migration 0029): drafts, final invoices and cancellation invoices. */
export interface InvoicesTable {
  id: Generated<number>;
  customer_id: number;
  /** RE-YYYY-NNNNN, null while a draft. */
  number: string | null;
  kind: ColumnType<'invoice' | 'cancellation', 'invoice' | 'cancellation' | undefined, never>;
  cancels_invoice_id: number | null;
  status: ColumnType<'draft' | 'final' | 'cancelled', 'draft' | 'final' | 'cancelled' | undefined, 'draft' | 'final' | 'cancelled'>;
  period_from: DateOnly;
  period_to: DateOnly;
  net_cents: number;
  vat_rate: number;
  vat_cents: number;
  gross_cents: number;
  seller: Json<InvoiceParty> | null;
  buyer: Json<InvoiceParty> | null;
  created_at: TimestampDefault;
  finalized_at: Timestamp | null;
  created_by: number | null;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  code: ChargeCode;
  description: string;
  quantity: number;
  unit_price_cents: number;
  net_cents: number;
}

/** The last number given per year (gapless numbering, locked while finalizing). */
export interface InvoiceNumberCountersTable {
  year: number;
  last_number: number;
}
