import { sql } from 'kysely';
import { isCustomerUser } from '../../../shared/domain/roles';
import { errorText } from '../../../shared/i18n/errors/index';
import { fieldLabels } from '../../../shared/i18n/fields';
import type { OrderImportPreview, OrderImportQuery, OrderImportResult, OrderImportRowError } from '../../../shared/schemas/order-import';
import type { Actor } from '../../auth/actor';
import type { Db, Trx } from '../../db/index';
import { AppError, isAppError, pgErrorCode } from '../../errors';
import { customerFor } from '../outbound-orders/order-input';
import { createOrder } from '../outbound-orders/service';
import { parseImportCsv } from './parse';
import { type ImportContext, type ImportOrder, ordersFromRows } from './rows';

/**
 * POST /outbound-orders/import (docs/integrations.md "CSV order import"): all
 * or nothing in one transaction. Every row is checked first (all refusals in
 * one answer); a reference the customer imported before refuses the whole
 * file (409), so a file sent twice books nothing twice; then each order goes
 * through createOrder, the service of POST /outbound-orders (address again,
 * products, reservations). A refusal there names the order's line. A dry run
 * does all of it and rolls back, so its preview promises only what a real
 * import would book (order numbers it drew stay unused).
 */

function invalid(rows: OrderImportRowError[]): AppError {
  const [first] = rows;
  return new AppError('ORDER_IMPORT_INVALID', {
    rows,
    count: rows.length,
    row: first?.row,
    field: first?.field ? (fieldLabels[first.field] ?? first.field) : '–',
    reason: first?.detail,
  });
}

async function contextFor(trx: Trx, customerId: number, eans: string[]): Promise<ImportContext> {
  const products = eans.length
    ? await trx
        .selectFrom('products')
        .select(['id', 'ean', 'title', 'units_per_box', 'boxes_per_pallet'])
        .where('ean', 'in', eans)
        .where((eb) =>
          eb.exists(
            eb.selectFrom('stock').select(sql`1`.as('one')).whereRef('stock.product_id', '=', 'products.id').where('stock.customer_id', '=', customerId),
          ),
        )
        .execute()
    : [];
  const countries = await trx.selectFrom('countries').select('code').where('is_active', '=', true).execute();
  return { products: new Map(products.map((p) => [p.ean, p])), activeCountries: new Set(countries.map((c) => c.code)) };
}

async function refuseKnownReferences(trx: Trx, customerId: number, orders: ImportOrder[]): Promise<void> {
  const known = await trx
    .selectFrom('outbound_orders')
    .select('order_reference')
    .where('customer_id', '=', customerId)
    .where(
      'order_reference',
      'in',
      orders.map((o) => o.reference),
    )
    .execute();
  if (known.length === 0) return;
  const refs = new Set(known.map((k) => k.order_reference));
  const hit = orders.filter((o) => refs.has(o.reference));
  throw new AppError('ORDER_IMPORT_REFERENCE_EXISTS', {
    references: hit.map((o) => o.reference).join(', '),
    rows: hit.map((o) => ({ row: o.firstLine, field: 'order_reference', detail: errorText('ORDER_IMPORT_REFERENCE_EXISTS', { references: o.reference }) })),
  });
}

/** A refusal of createOrder, placed on the order's line of the product it names (else the order's first line). */
function rowOfRefusal(o: ImportOrder, e: AppError): OrderImportRowError {
  const productId = e.params.product_id;
  const line = o.lines.find((l) => l.product_id === productId);
  const path = typeof e.params.path === 'string' ? e.params.path : null;
  const field = line ? (e.code === 'ORDER_PRODUCT_NOT_FOUND' ? 'ean' : 'quantity') : path === 'delivery_country' ? 'country_code' : path ? 'street' : '';
  return { row: line?.row ?? o.firstLine, field, detail: e.message };
}

class DryRun extends Error {
  constructor(readonly preview: OrderImportPreview) {
    super('dry run');
  }
}

async function importIn(trx: Trx, actor: Actor, csv: string, q: OrderImportQuery): Promise<OrderImportResult | OrderImportPreview> {
  // A customer user or API key books for its own customer; naming another one is refused, not silently redirected.
  if (isCustomerUser(actor) && q.customer_id && q.customer_id !== actor.customer_id) throw new AppError('FORBIDDEN');
  const customerId = await customerFor(trx, actor, q.customer_id);
  const parsed = parseImportCsv(csv);
  if (!parsed.ok) throw invalid(parsed.errors);
  const ctx = await contextFor(trx, customerId, [...new Set(parsed.records.map((r) => r.values.ean).filter(Boolean))]);
  const { orders, errors } = ordersFromRows(parsed.records, ctx);
  if (errors.length > 0) throw invalid(errors);
  await refuseKnownReferences(trx, customerId, orders);
  const created: OrderImportResult['created'] = [];
  for (const o of orders) {
    try {
      const order = await createOrder(trx, actor, { ...o.request, customer_id: customerId }, o.source);
      created.push({ id: order.id, order_number: order.order_number, order_reference: o.reference });
    } catch (e) {
      if (pgErrorCode(e) === '23505') throw new AppError('ORDER_IMPORT_REFERENCE_EXISTS', { references: o.reference, rows: [] });
      if (isAppError(e) && e.status < 500) throw invalid([rowOfRefusal(o, e)]);
      throw e;
    }
  }
  if (q.dry_run) {
    throw new DryRun({
      orders: orders.map((o) => ({ order_reference: o.reference, recipient_name: o.recipient, lines: o.lines.map(({ product_id: _, ...l }) => l) })),
    });
  }
  return { created };
}

export async function importOrders(db: Db, actor: Actor, csv: string, q: OrderImportQuery): Promise<OrderImportResult | OrderImportPreview> {
  try {
    return await db.transaction().execute((trx) => importIn(trx, actor, csv, q));
  } catch (e) {
    if (e instanceof DryRun) return e.preview;
    throw e;
  }
}
