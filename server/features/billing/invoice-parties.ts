import type { InvoiceDetail, InvoiceParty } from '../../../shared/schemas/invoices';
import type { DbOrTrx } from '../../db/index';
import { COUNTRY_ALPHA3, normalizeCountry } from '../../../shared/domain/countries';

/**
 * Seller and buyer of an invoice (docs/operations.md "Billing (Abrechnung)"):
 * the seller from the settings (company_*, vat_id, iban), the buyer from the
 * customer. Frozen into the invoice at finalize; a draft's documents show
 * them as they are now.
 */

const SELLER_KEYS = ['company_name', 'company_street', 'company_postal_code', 'company_city', 'company_country', 'vat_id', 'iban'] as const;

export async function sellerSnapshot(trx: DbOrTrx): Promise<InvoiceParty> {
  const rows = await trx
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...SELLER_KEYS])
    .execute();
  const v = Object.fromEntries(rows.map((r) => [r.key, r.value || null])) as Record<(typeof SELLER_KEYS)[number], string | null>;
  return {
    name: v.company_name ?? '',
    street: v.company_street ?? null,
    postal_code: v.company_postal_code ?? null,
    city: v.company_city ?? null,
    country: v.company_country ?? 'DEU',
    vat_id: v.vat_id ?? null,
    iban: v.iban ?? null,
  };
}

export async function buyerSnapshot(trx: DbOrTrx, customerId: number, lock = false): Promise<InvoiceParty> {
  let q = trx
    .selectFrom('customers')
    .select(['company_name', 'customer_number', 'address_line1', 'address_line2', 'postal_code', 'city', 'country', 'email'])
    .where('id', '=', customerId);
  if (lock) q = q.forUpdate();
  const c = await q.executeTakeFirstOrThrow();
  return {
    name: c.company_name,
    customer_number: c.customer_number,
    street: [c.address_line1, c.address_line2].filter(Boolean).join(', ') || null,
    postal_code: c.postal_code,
    city: c.city,
    country: c.country,
    email: c.email,
  };
}

/** The parties printed on an invoice: its snapshots, or for a draft the current data. */
export async function partiesOf(
  db: DbOrTrx,
  inv: Pick<InvoiceDetail, 'customer_id' | 'seller' | 'buyer'>,
): Promise<{ seller: InvoiceParty; buyer: InvoiceParty }> {
  return { seller: inv.seller ?? (await sellerSnapshot(db)), buyer: inv.buyer ?? (await buyerSnapshot(db, inv.customer_id)) };
}

/** "DEU", "DE", "Deutschland" → "DE" (EN 16931 wants ISO 3166-1 alpha-2). */
export function countryAlpha2(stored: string | null | undefined): string {
  const v = stored?.trim().toUpperCase() ?? '';
  const fromAlpha3 = Object.entries(COUNTRY_ALPHA3).find(([, a3]) => a3 === v)?.[0];
  return fromAlpha3 ?? normalizeCountry(stored) ?? 'DE';
}
