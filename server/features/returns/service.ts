import { sql } from 'kysely';
import { gtinVariants } from '../../../shared/domain/product-code';
import { isStaff } from '../../../shared/domain/roles';
import { orderStatusLabel } from '../../../shared/domain/order-status';
import { RETURN_STATUS_LABELS, RETURNABLE_ORDER_STATUSES, type ReturnStatus, TRACKING_SEPARATOR } from '../../../shared/domain/returns';
import type { CreateReturnRequest, ReturnDetail, ReturnLookupResponse } from '../../../shared/schemas/returns';
import type { Actor } from '../../auth/actor';
import { inScope } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { lockOrder } from '../outbound-orders/queries';
import { writeStatusLog } from '../status-logs/writer';
import { RETURN_LOG } from '../../../shared/i18n/returns';
import { type OrderLineBalance, orderBalances, returnDetail } from './queries';

/**
 * Returns (Retouren, docs/operations.md "Returns"): announce, cancel,
 * complete and the dock's lookup. Receiving is receive.ts. Each command locks
 * the order first (then the return), so two returns of one order never
 * claim the same units.
 */

/** The order line an EAN names (GTIN variants match, as scans do). */
export function lineFor(balances: OrderLineBalance[], ean: string): OrderLineBalance | undefined {
  const variants = gtinVariants(ean);
  return balances.find((b) => variants.includes(b.product_ean));
}

export const returnable = (b: OrderLineBalance) => Math.max(0, b.shipped - b.returned);

export async function createReturn(trx: Trx, actor: Actor, input: CreateReturnRequest): Promise<ReturnDetail> {
  const order = await lockOrder(trx, actor, input.outbound_order_id);
  if (!(RETURNABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    throw new AppError('RETURN_ORDER_NOT_SHIPPED', { order_number: order.order_number, status: orderStatusLabel(order.status), status_code: order.status });
  }
  const balances = await orderBalances(trx, order.id);
  // One line per product: the same EAN twice counts once with the sum (the first reason wins).
  const lines = new Map<number, { quantity: number; reason: CreateReturnRequest['items'][number]['reason']; ean: string }>();
  for (const item of input.items) {
    const line = lineFor(balances, item.product_ean);
    if (!line) throw new AppError('RETURN_ITEM_NOT_IN_ORDER', { ean: item.product_ean, order_number: order.order_number });
    const prev = lines.get(line.product_id);
    lines.set(line.product_id, { quantity: (prev?.quantity ?? 0) + item.quantity, reason: prev?.reason ?? item.reason, ean: line.product_ean });
  }
  for (const [productId, l] of lines) {
    const b = balances.find((x) => x.product_id === productId);
    if (!b || l.quantity > returnable(b)) {
      throw new AppError('RETURN_TOO_MANY', { ean: l.ean, returnable: b ? returnable(b) : 0, requested: l.quantity });
    }
  }
  const row = await trx
    .insertInto('returns')
    .values({
      return_number: sql<string>`'R-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('return_number_seq')::text, 6, '0')`,
      customer_id: order.customer_id,
      outbound_order_id: order.id,
      note: input.note ?? null,
      created_by: actor.id,
    })
    .returning(['id', 'return_number'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('return_items')
    .values([...lines].map(([product_id, l]) => ({ return_id: row.id, product_id, quantity: l.quantity, reason: l.reason })))
    .execute();
  const pieces = [...lines.values()].reduce((n, l) => n + l.quantity, 0);
  await writeStatusLog(trx, actor, {
    event_type: 'return_announced',
    order_id: order.id,
    new_status: 'announced',
    description: RETURN_LOG.announced(row.return_number, order.order_number, pieces),
    event_data: {
      return_id: row.id,
      return_number: row.return_number,
      items: [...lines.values()].map((l) => ({ ean: l.ean, quantity: l.quantity, reason: l.reason })),
    },
  });
  return returnDetail(trx, actor, row.id);
}

/** Locks a return after its order (the order first, as every return command does). */
export async function lockReturn(trx: Trx, actor: Actor, id: number) {
  const peek = await trx.selectFrom('returns').select(['outbound_order_id', 'customer_id']).where('id', '=', id).executeTakeFirst();
  if (!peek) throw new AppError('RETURN_NOT_FOUND', { id });
  const order = await lockOrder(trx, actor, peek.outbound_order_id).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'ORDER_NOT_FOUND') throw new AppError('RETURN_NOT_FOUND', { id });
    throw e;
  });
  const ret = await trx
    .selectFrom('returns')
    .select(['id', 'return_number', 'status', 'customer_id', 'outbound_order_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { order, ret };
}

export function assertReturnStatus(ret: { return_number: string; status: ReturnStatus }, allowed: readonly ReturnStatus[]): void {
  if (!allowed.includes(ret.status))
    throw new AppError('RETURN_WRONG_STATUS', { return_number: ret.return_number, status: RETURN_STATUS_LABELS[ret.status], status_code: ret.status });
}

/** announced → cancelled: the customer (its own returns) or staff; frees the announced units. */
export async function cancelReturn(trx: Trx, actor: Actor, id: number): Promise<ReturnDetail> {
  const { ret } = await lockReturn(trx, actor, id);
  assertReturnStatus(ret, ['announced']);
  await trx.updateTable('returns').set({ status: 'cancelled', cancelled_at: sql<Date>`now()`, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
  return returnDetail(trx, actor, id);
}

/** received → completed (staff): the dock is done with the parcel. */
export async function completeReturn(trx: Trx, actor: Actor, id: number): Promise<ReturnDetail> {
  if (!isStaff(actor)) throw new AppError('FORBIDDEN');
  const { ret } = await lockReturn(trx, actor, id);
  assertReturnStatus(ret, ['received']);
  await trx.updateTable('returns').set({ status: 'completed', completed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
  await writeStatusLog(trx, actor, {
    event_type: 'return_completed',
    order_id: ret.outbound_order_id,
    old_status: 'received',
    new_status: 'completed',
    description: RETURN_LOG.completed(ret.return_number),
    event_data: { return_id: ret.id, return_number: ret.return_number },
  });
  return returnDetail(trx, actor, id);
}

/** What an order may still send back, with its open returns (the announce dialog and the dock's lookup). */
async function returnableOf(
  db: DbOrTrx,
  order: {
    id: number;
    order_number: string;
    customer_id: number;
    customer_name: string;
    delivery_name: string;
    status: string;
    tracking_number: string | null;
  },
): Promise<ReturnLookupResponse> {
  const balances = await orderBalances(db, order.id);
  const open = await db
    .selectFrom('returns')
    .select(['id', 'return_number', 'status'])
    .where('outbound_order_id', '=', order.id)
    .where('status', 'in', ['announced', 'received'])
    .orderBy('id')
    .execute();
  return {
    outbound_order_id: order.id,
    order_number: order.order_number,
    customer_id: order.customer_id,
    customer_name: order.customer_name,
    delivery_name: order.delivery_name,
    status: order.status,
    tracking_number: order.tracking_number,
    lines: balances.map((b) => ({
      product_ean: b.product_ean,
      product_title: b.product_title,
      shipped: b.shipped,
      returned: b.returned,
      returnable: returnable(b),
    })),
    open_returns: open,
  };
}

function returnableOrders(db: DbOrTrx, actor: Actor) {
  return db
    .selectFrom('outbound_orders as o')
    .innerJoin('customers as cu', 'cu.id', 'o.customer_id')
    .select(['o.id', 'o.order_number', 'o.customer_id', 'cu.company_name as customer_name', 'o.delivery_name', 'o.status', 'o.tracking_number'])
    .where((eb) => inScope(eb, 'o.customer_id', actor.scope));
}

/**
 * A parcel at the dock: the shipped (or completed) order by its order number
 * or one of its packages' shipment/tracking numbers, with what may still come
 * back and its open returns.
 */
export async function lookupReturnOrder(db: DbOrTrx, actor: Actor, code: string): Promise<ReturnLookupResponse> {
  const c = code.trim();
  const order = await returnableOrders(db, actor)
    .where('o.status', 'in', [...RETURNABLE_ORDER_STATUSES])
    // The same rule as the handheld's offline lookup (shared/domain/returns.ts matchesReturnCode).
    .where(sql<boolean>`(upper(o.order_number) = upper(${c}) OR ${c} = ANY (regexp_split_to_array(o.tracking_number, ${TRACKING_SEPARATOR.source})))`)
    .orderBy('o.id', 'desc')
    .executeTakeFirst();
  if (!order) throw new AppError('RETURN_LOOKUP_NOT_FOUND', { code: c });
  return returnableOf(db, order);
}

/** GET /returns/returnable: one order of the actor's customers; 409 unless shipped or completed. */
export async function returnableForOrder(db: DbOrTrx, actor: Actor, orderId: number): Promise<ReturnLookupResponse> {
  const order = await returnableOrders(db, actor).where('o.id', '=', orderId).executeTakeFirst();
  if (!order) throw new AppError('ORDER_NOT_FOUND', { id: orderId });
  if (!(RETURNABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    throw new AppError('RETURN_ORDER_NOT_SHIPPED', { order_number: order.order_number, status: orderStatusLabel(order.status), status_code: order.status });
  }
  return returnableOf(db, order);
}
