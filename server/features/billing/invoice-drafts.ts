import { CHARGE_CODES, VAT_RATE_PERCENT_DEFAULT, VAT_RATE_PERCENT_KEY } from '../../../shared/constants';
import { warehouseDayHour } from '../../../shared/domain/warehouse-time';
import { CHARGE_CODE_LABELS } from '../../../shared/i18n/billing';
import type { CreateInvoiceRequest, InvoiceDetail, InvoiceLine } from '../../../shared/schemas/invoices';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible, canSeeCustomer } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { countCharges } from './charges';
import { getInvoice } from './invoice-queries';
import { loadRates } from './rates';

/**
 * Invoice drafts (docs/operations.md "Billing (Abrechnung)"): one line per
 * charge code with a price and a quantity above 0 in the period; line net =
 * quantity × price; VAT once on the net total, rounded half up. A draft can be
 * recomputed or deleted; anything else answers 409.
 */

/** The setting vat_rate_percent; unset or unreadable: 19. */
export async function vatRatePercent(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', VAT_RATE_PERCENT_KEY).executeTakeFirst();
  const n = row?.value == null || row.value === '' ? Number.NaN : Number(row.value);
  return Number.isInteger(n) && n >= 0 && n <= 99 ? n : VAT_RATE_PERCENT_DEFAULT;
}

/** VAT of a net total in cents at `rate` percent, rounded half up (away from zero for a negative total). */
export function vatOf(netCents: number, rate: number): number {
  const abs = Math.floor((Math.abs(netCents) * rate + 50) / 100);
  return netCents < 0 ? -abs : abs;
}

export async function computeLines(db: DbOrTrx, customerId: number, from: string, to: string): Promise<InvoiceLine[]> {
  const [counts, card] = await Promise.all([countCharges(db, customerId, from, to), loadRates(db, customerId)]);
  const price = new Map(card.rates.map((r) => [r.code, r.price_cents]));
  return CHARGE_CODES.flatMap((code) => {
    const unit = price.get(code);
    const quantity = counts[code];
    if (unit === undefined || quantity <= 0) return [];
    return [{ code, description: CHARGE_CODE_LABELS[code], quantity, unit_price_cents: unit, net_cents: quantity * unit }];
  });
}

function totals(lines: InvoiceLine[], vatRate: number) {
  const net = lines.reduce((sum, l) => sum + l.net_cents, 0);
  const vat = vatOf(net, vatRate);
  return { net_cents: net, vat_rate: vatRate, vat_cents: vat, gross_cents: net + vat };
}

async function writeLines(trx: Trx, invoiceId: number, lines: InvoiceLine[]): Promise<void> {
  await trx.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  if (lines.length === 0) return;
  await trx
    .insertInto('invoice_lines')
    .values(lines.map((l, i) => ({ invoice_id: invoiceId, position: i + 1, ...l })))
    .execute();
}

/** `createdBy`: the user who created it (the seed passes null). */
export async function createInvoice(
  trx: Trx,
  actor: Actor,
  input: CreateInvoiceRequest,
  now = new Date(),
  createdBy: number | null = actor.id,
): Promise<InvoiceDetail> {
  assertCustomerVisible(actor, input.customer_id);
  const customer = await trx.selectFrom('customers').select('id').where('id', '=', input.customer_id).executeTakeFirst();
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND', { id: input.customer_id });
  const today = warehouseDayHour(now).day;
  if (input.period_to > today) throw new AppError('INVOICE_PERIOD_FUTURE', { from: input.period_from, to: input.period_to, today });
  const lines = await computeLines(trx, input.customer_id, input.period_from, input.period_to);
  const inv = await trx
    .insertInto('invoices')
    .values({
      customer_id: input.customer_id,
      number: null,
      cancels_invoice_id: null,
      period_from: input.period_from,
      period_to: input.period_to,
      ...totals(lines, await vatRatePercent(trx)),
      seller: null,
      buyer: null,
      finalized_at: null,
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeLines(trx, inv.id, lines);
  return getInvoice(trx, actor, inv.id);
}

/** The invoice locked for a change by an admin: unknown or outside the scope 404, not a draft 409. */
export async function lockDraft(trx: Trx, actor: Actor, id: number) {
  const inv = await trx.selectFrom('invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!inv || !canSeeCustomer(actor.scope, inv.customer_id)) throw new AppError('INVOICE_NOT_FOUND', { id });
  if (inv.status !== 'draft') throw new AppError('INVOICE_NOT_DRAFT', { number: inv.number });
  return inv;
}

/** Counts again from today's facts, rate card and VAT rate. */
export async function recomputeInvoice(trx: Trx, actor: Actor, id: number): Promise<InvoiceDetail> {
  const inv = await lockDraft(trx, actor, id);
  const lines = await computeLines(trx, inv.customer_id, inv.period_from, inv.period_to);
  await trx
    .updateTable('invoices')
    .set(totals(lines, await vatRatePercent(trx)))
    .where('id', '=', id)
    .execute();
  await writeLines(trx, id, lines);
  return getInvoice(trx, actor, id);
}

export async function deleteInvoice(trx: Trx, actor: Actor, id: number): Promise<void> {
  await lockDraft(trx, actor, id);
  await trx.deleteFrom('invoices').where('id', '=', id).execute();
}
