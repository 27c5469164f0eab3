import { sql } from 'kysely';
import { RETURNS_WAITING_STATUS } from '../../../shared/domain/returns';
import type { ReturnDetail, ReturnListQuery, ReturnSummary, ReturnsWaiting } from '../../../shared/schemas/returns';
import type { Actor } from '../../auth/actor';
import { inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * Reads of returns (docs/operations.md "Returns"): the list, one return with
 * its lines and receipts, and what an order may still send back. Every read
 * is limited to the actor's customers; a return outside is answered 404.
 */

/** Units a line counts against the order: the announced or, when more came, the received quantity. */
const RECEIVED_PER_ITEM = sql`(SELECT coalesce(sum(rr.quantity), 0)::int FROM return_receipts rr WHERE rr.return_item_id = ri.id)`;

/** The returns of the actor's customers with the customer's name and the order's number and tracking number (the list and the working set). */
export function returnHeads(db: DbOrTrx, actor: Actor) {
  return db
    .selectFrom('returns as r')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .innerJoin('outbound_orders as o', 'o.id', 'r.outbound_order_id')
    .select([
      'r.id',
      'r.return_number',
      'r.status',
      'r.customer_id',
      'c.company_name as customer_name',
      'r.outbound_order_id',
      'o.order_number',
      'o.tracking_number',
    ])
    .where((eb) => inScope(eb, 'r.customer_id', actor.scope));
}

function summaries(db: DbOrTrx, actor: Actor) {
  return returnHeads(db, actor).select([
    'o.delivery_name',
    'r.note',
    'r.created_at',
    'r.received_at',
    'r.completed_at',
    'r.cancelled_at',
    sql<number>`(SELECT coalesce(sum(ri.quantity), 0)::int FROM return_items ri WHERE ri.return_id = r.id)`.as('announced_quantity'),
    sql<number>`(SELECT coalesce(sum(rr.quantity), 0)::int FROM return_receipts rr WHERE rr.return_id = r.id)`.as('received_quantity'),
  ]);
}

export async function listReturns(db: DbOrTrx, actor: Actor, q: ReturnListQuery): Promise<ReturnSummary[]> {
  let query = summaries(db, actor);
  if (q.status) query = query.where('r.status', '=', q.status);
  if (q.customer_id) query = query.where('r.customer_id', '=', q.customer_id);
  if (q.from_date) query = query.where(sql<boolean>`r.created_at >= ${q.from_date}::date`);
  if (q.to_date) query = query.where(sql<boolean>`r.created_at < ${q.to_date}::date + 1`);
  const rows = await query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(q.limit).execute();
  return rows.map(({ tracking_number: _t, ...r }) => r);
}

/** The staff dashboard's tile (docs/operations.md "Analytics and the dashboard"): returns announced and not received yet, in scope. */
export async function waitingReturns(db: DbOrTrx, actor: Actor): Promise<ReturnsWaiting> {
  const row = await db
    .selectFrom('returns as r')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('r.status', '=', RETURNS_WAITING_STATUS)
    .where((eb) => inScope(eb, 'r.customer_id', actor.scope))
    .executeTakeFirstOrThrow();
  return { count: row.count };
}

export async function returnDetail(db: DbOrTrx, actor: Actor, id: number): Promise<ReturnDetail> {
  const head = await summaries(db, actor).where('r.id', '=', id).executeTakeFirst();
  if (!head) throw new AppError('RETURN_NOT_FOUND', { id });
  const lines = await db
    .selectFrom('return_items as ri')
    .innerJoin('products as p', 'p.id', 'ri.product_id')
    .select(['ri.product_id', 'p.ean as product_ean', 'p.title as product_title', 'ri.quantity', 'ri.reason', RECEIVED_PER_ITEM.as('received_quantity')])
    .where('ri.return_id', '=', id)
    .orderBy('ri.id')
    .execute();
  const receipts = await db
    .selectFrom('return_receipts as rr')
    .innerJoin('return_items as ri', 'ri.id', 'rr.return_item_id')
    .innerJoin('products as p', 'p.id', 'ri.product_id')
    .leftJoin('locations as l', 'l.id', 'rr.location_id')
    .leftJoin('users as u', 'u.id', 'rr.user_id')
    .select([
      'rr.id',
      'p.ean as product_ean',
      'rr.quantity',
      'rr.condition',
      'rr.disposition',
      'l.barcode as location_barcode',
      'u.full_name as received_by_name',
      'rr.created_at as received_at',
    ])
    .where('rr.return_id', '=', id)
    .orderBy('rr.id')
    .execute();
  return { ...head, lines: lines.map((l) => ({ ...l, received_quantity: Number(l.received_quantity) })), receipts };
}

export interface OrderLineBalance {
  product_id: number;
  product_ean: string;
  product_title: string;
  shipped: number;
  /** What the order's other returns (not cancelled) announce or received, whichever is more, per line. */
  returned: number;
}

/**
 * Per product of an order: shipped (picked) units and what returns already
 * claim. `exceptReturnId` leaves one return out (the one being received).
 */
export async function orderBalances(db: DbOrTrx, orderId: number, exceptReturnId: number | null = null): Promise<OrderLineBalance[]> {
  const { rows } = await sql<OrderLineBalance>`
    SELECT p.id AS product_id, p.ean AS product_ean, p.title AS product_title,
           s.shipped::int AS shipped,
           coalesce((
             SELECT sum(greatest(ri.quantity, ${RECEIVED_PER_ITEM}))
             FROM return_items ri JOIN returns r ON r.id = ri.return_id
             WHERE r.outbound_order_id = ${orderId} AND r.status <> 'cancelled'
               AND ri.product_id = p.id AND r.id IS DISTINCT FROM ${exceptReturnId}::int
           ), 0)::int AS returned
    FROM (SELECT product_id, sum(picked_quantity) AS shipped FROM outbound_order_items WHERE order_id = ${orderId} GROUP BY product_id) s
    JOIN products p ON p.id = s.product_id
    ORDER BY p.title`.execute(db);
  return rows;
}
