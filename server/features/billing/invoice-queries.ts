import { isAdmin, isCustomerUser } from '../../../shared/domain/roles';
import type { Invoice, InvoiceDetail, InvoiceListQuery } from '../../../shared/schemas/invoices';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer, inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * Who sees which invoice (docs/operations.md "Billing (Abrechnung)"): an admin
 * every invoice of the customers in the admin's scope, drafts included; a
 * customer user or API key only its own customer's final and cancelled
 * invoices and cancellation invoices, never a draft; other staff none (billing
 * is the admin's). What an actor may not see is unknown (404).
 */

type Visibility = { kind: 'admin' } | { kind: 'customer'; customerId: number } | { kind: 'none' };

function visibilityOf(actor: Actor): Visibility {
  if (isAdmin(actor)) return { kind: 'admin' };
  if (isCustomerUser(actor) && actor.customer_id) return { kind: 'customer', customerId: actor.customer_id };
  return { kind: 'none' };
}

export function mayRead(actor: Actor, inv: { customer_id: number; status: string }): boolean {
  const v = visibilityOf(actor);
  if (v.kind === 'none' || !canSeeCustomer(actor.scope, inv.customer_id)) return false;
  return v.kind === 'admin' || (inv.customer_id === v.customerId && inv.status !== 'draft');
}

function baseQuery(db: DbOrTrx) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .leftJoin('invoices as x', 'x.cancels_invoice_id', 'i.id')
    .select([
      'i.id',
      'i.customer_id',
      'c.company_name as customer_name',
      'i.number',
      'i.kind',
      'i.cancels_invoice_id',
      'x.id as cancelled_by_invoice_id',
      'i.status',
      'i.period_from',
      'i.period_to',
      'i.net_cents',
      'i.vat_rate',
      'i.vat_cents',
      'i.gross_cents',
      'i.created_at',
      'i.finalized_at',
    ]);
}

export async function listInvoices(db: DbOrTrx, actor: Actor, query: InvoiceListQuery): Promise<Invoice[]> {
  const v = visibilityOf(actor);
  if (v.kind === 'none') return [];
  let q = baseQuery(db).where((eb) => inScope(eb, 'i.customer_id', actor.scope));
  if (v.kind === 'customer') q = q.where('i.customer_id', '=', v.customerId).where('i.status', '!=', 'draft');
  if (query.customer_id) q = q.where('i.customer_id', '=', query.customer_id);
  if (query.status) q = q.where('i.status', '=', query.status);
  return q.orderBy('i.period_from', 'desc').orderBy('i.id', 'desc').limit(1000).execute();
}

/** One invoice with its lines and snapshots, or 404 when unknown or not visible to the actor. */
export async function getInvoice(db: DbOrTrx, actor: Actor, id: number): Promise<InvoiceDetail> {
  const inv = await baseQuery(db).select(['i.seller', 'i.buyer']).where('i.id', '=', id).executeTakeFirst();
  if (!inv || !mayRead(actor, inv)) throw new AppError('INVOICE_NOT_FOUND', { id });
  const lines = await db
    .selectFrom('invoice_lines')
    .select(['code', 'description', 'quantity', 'unit_price_cents', 'net_cents'])
    .where('invoice_id', '=', id)
    .orderBy('position')
    .execute();
  return { ...inv, lines };
}
