import { sql } from 'kysely';
import { warehouseDayHour } from '../../../shared/domain/warehouse-time';
import type { InvoiceDetail } from '../../../shared/schemas/invoices';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { lockDraft } from './invoice-drafts';
import { buyerSnapshot, sellerSnapshot } from './invoice-parties';
import { getInvoice } from './invoice-queries';

/**
 * Finalizing and cancelling (docs/operations.md "Billing (Abrechnung)").
 * Numbers RE-YYYY-NNNNN are gapless per year of finalization (Europe/Berlin):
 * the year's counter row is incremented in the same transaction and stays
 * locked until it commits, so concurrent finalizations queue on it and a
 * rolled-back one gives its number back. Lock order everywhere: invoice,
 * customer, counter (no deadlock between finalize and cancel).
 */

export function invoiceNumber(year: number, n: number): string {
  return `RE-${year}-${String(n).padStart(5, '0')}`;
}

async function nextNumber(trx: Trx, now: Date): Promise<string> {
  const year = Number(warehouseDayHour(now).day.slice(0, 4));
  const { rows } = await sql<{ last_number: number }>`
    INSERT INTO invoice_number_counters (year, last_number) VALUES (${year}, 1)
    ON CONFLICT (year) DO UPDATE SET last_number = invoice_number_counters.last_number + 1
    RETURNING last_number`.execute(trx);
  return invoiceNumber(year, rows[0].last_number);
}

export async function finalizeInvoice(trx: Trx, actor: Actor, id: number, now = new Date()): Promise<InvoiceDetail> {
  const inv = await lockDraft(trx, actor, id);
  const lines = await trx.selectFrom('invoice_lines').select('id').where('invoice_id', '=', id).limit(1).execute();
  if (lines.length === 0) throw new AppError('INVOICE_EMPTY', { id });
  // The customer row lock serialises the overlap check of two drafts of one customer.
  const buyer = await buyerSnapshot(trx, inv.customer_id, true);
  const overlap = await trx
    .selectFrom('invoices')
    .select(['number', 'period_from', 'period_to'])
    .where('customer_id', '=', inv.customer_id)
    .where('kind', '=', 'invoice')
    .where('status', '=', 'final')
    .where('period_from', '<=', inv.period_to)
    .where('period_to', '>=', inv.period_from)
    .executeTakeFirst();
  if (overlap) throw new AppError('INVOICE_PERIOD_OVERLAP', { number: overlap.number, from: overlap.period_from, to: overlap.period_to });
  await trx
    .updateTable('invoices')
    .set({
      status: 'final',
      number: await nextNumber(trx, now),
      finalized_at: now,
      seller: JSON.stringify(await sellerSnapshot(trx)),
      buyer: JSON.stringify(buyer),
    })
    .where('id', '=', id)
    .execute();
  return getInvoice(trx, actor, id);
}

/**
 * Cancels a final invoice: a cancellation invoice (own number, the same
 * period, parties and lines with negated quantities and amounts) is issued
 * and the original is marked cancelled, which frees its period. Answers the
 * cancellation invoice.
 */
export async function cancelInvoice(trx: Trx, actor: Actor, id: number, now = new Date()): Promise<InvoiceDetail> {
  const inv = await trx.selectFrom('invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!inv || !canSeeCustomer(actor.scope, inv.customer_id)) throw new AppError('INVOICE_NOT_FOUND', { id });
  if (inv.status !== 'final' || inv.kind !== 'invoice') throw new AppError('INVOICE_NOT_CANCELLABLE', { id });
  await trx.selectFrom('customers').select('id').where('id', '=', inv.customer_id).forUpdate().execute();
  const storno = await trx
    .insertInto('invoices')
    .values({
      customer_id: inv.customer_id,
      number: await nextNumber(trx, now),
      kind: 'cancellation',
      cancels_invoice_id: id,
      status: 'final',
      period_from: inv.period_from,
      period_to: inv.period_to,
      net_cents: -inv.net_cents,
      vat_rate: inv.vat_rate,
      vat_cents: -inv.vat_cents,
      gross_cents: -inv.gross_cents,
      seller: inv.seller === null ? null : JSON.stringify(inv.seller),
      buyer: inv.buyer === null ? null : JSON.stringify(inv.buyer),
      finalized_at: now,
      created_by: actor.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO invoice_lines (invoice_id, position, code, description, quantity, unit_price_cents, net_cents)
    SELECT ${storno.id}, position, code, description, -quantity, unit_price_cents, -net_cents
    FROM invoice_lines WHERE invoice_id = ${id}`.execute(trx);
  await trx.updateTable('invoices').set({ status: 'cancelled' }).where('id', '=', id).execute();
  return getInvoice(trx, actor, storno.id);
}
