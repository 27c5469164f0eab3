import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { WAREHOUSE_TIME_ZONE } from '../../../shared/constants';
import type { StatusLogType } from '../../../shared/domain/status-logs';
import type { StatusLogEntry, StatusLogQuery } from '../../../shared/schemas/status-logs';
import type { CustomerScope } from '../../auth/scope';
import { inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import type { Database } from '../../db/schema';
import { stripOtherCustomers } from './scoped-events';

/**
 * Reading the picking and packing logs (GET /status-logs/picking|packing).
 *
 * Scope (spec: a staff user limited to some customers sees only their data):
 *  - an event with an order is visible when the order's customer is;
 *  - an event with a wave but no order is visible when at least one order of
 *    the wave belongs to a visible customer, without the other customers'
 *    orders and the wave's totals (scoped-events.ts);
 *  - an event with neither (none is written today) is visible to unrestricted
 *    staff only: it cannot be attributed to a customer.
 *
 * Every filter keeps the newest-first order (created_at DESC, id DESC) and is
 * served by an index of 0006/0008, so a page of 1 M rows stays an index scan.
 */

type LogEb = ExpressionBuilder<Database & { l: Database['status_logs'] }, 'l'>;

/**
 * The scope condition on a status_logs row aliased `l`, for the alerts'
 * counts (bounded by event type and time window). The list uses two joins
 * instead (listStatusLogs).
 */
export function logInScope(eb: LogEb, scope: CustomerScope) {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  // IN (…) rather than EXISTS: PostgreSQL can then answer from the order and
  // wave indexes (BitmapOr) when the user's customers have few events, instead
  // of walking the whole log newest first looking for them.
  const scopedOrders = eb
    .selectFrom('outbound_orders as so')
    .select('so.id')
    .where((e) => inScope(e, 'so.customer_id', scope));
  const scopedWaves = eb
    .selectFrom('picking_wave_orders as swo')
    .innerJoin('outbound_orders as swoo', 'swoo.id', 'swo.order_id')
    .select('swo.wave_id')
    .where((e) => inScope(e, 'swoo.customer_id', scope));
  return eb.or([eb('l.order_id', 'in', scopedOrders), eb.and([eb('l.order_id', 'is', null), eb('l.wave_id', 'in', scopedWaves)])]);
}

/** Start of a warehouse calendar day as a timestamptz (sargable on created_at). */
export const dayStart = (day: string) => sql<Date>`(${day}::date)::timestamp AT TIME ZONE ${WAREHOUSE_TIME_ZONE}`;
const dayEnd = (day: string) => sql<Date>`((${day}::date + 1)::timestamp) AT TIME ZONE ${WAREHOUSE_TIME_ZONE}`;

function filteredLogs(db: DbOrTrx, logType: StatusLogType, q: StatusLogQuery) {
  let query = db
    .selectFrom('status_logs as l')
    .leftJoin('outbound_orders as o', 'o.id', 'l.order_id')
    .leftJoin('picking_waves as w', 'w.id', 'l.wave_id')
    .select([
      'l.id',
      'l.event_type',
      'l.old_status',
      'l.new_status',
      'l.description',
      'l.wave_id',
      'l.cart_id',
      'l.order_id',
      'l.user_id',
      'l.user_name',
      'l.tracking_number',
      'l.carrier',
      'l.event_data',
      'l.created_at',
      'o.order_number',
      'w.wave_number',
    ])
    .where('l.log_type', '=', logType);
  if (q.wave_id !== undefined) query = query.where('l.wave_id', '=', q.wave_id);
  if (q.cart_id !== undefined) query = query.where('l.cart_id', '=', q.cart_id);
  if (q.order_id !== undefined) query = query.where('l.order_id', '=', q.order_id);
  if (q.user_id !== undefined) query = query.where('l.user_id', '=', q.user_id);
  if (q.event_type !== undefined) query = query.where('l.event_type', '=', q.event_type);
  if (q.from_date) query = query.where('l.created_at', '>=', dayStart(q.from_date));
  if (q.to_date) query = query.where('l.created_at', '<', dayEnd(q.to_date));
  return query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(q.limit);
}

type LogRow = Awaited<ReturnType<ReturnType<typeof filteredLogs>['execute']>>[number];

const newestFirst = (a: LogRow, b: LogRow) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || Number(b.id) - Number(a.id);

/**
 * A limited user's page is the merge of two newest-first pages: events of
 * their orders (a plain join, so PostgreSQL estimates the customer's share
 * and picks either the order index or the time index) and order-less events
 * of waves holding one of their orders. One query with OR / EXISTS made the
 * planner walk the whole log for a customer with few events; the two joins
 * stop after the page either way.
 */
export async function listStatusLogs(db: DbOrTrx, logType: StatusLogType, q: StatusLogQuery, scope: CustomerScope): Promise<StatusLogEntry[]> {
  let rows: LogRow[];
  if (scope.kind === 'all') {
    rows = await filteredLogs(db, logType, q).execute();
  } else {
    const scopedWaves = db
      .selectFrom('picking_wave_orders as swo')
      .innerJoin('outbound_orders as swoo', 'swoo.id', 'swo.order_id')
      .select('swo.wave_id')
      .distinct()
      .where((e) => inScope(e, 'swoo.customer_id', scope))
      .as('sw');
    const [ofOrders, ofWaves] = await Promise.all([
      filteredLogs(db, logType, q)
        .where((eb) => inScope(eb, 'o.customer_id', scope))
        .execute(),
      filteredLogs(db, logType, q).innerJoin(scopedWaves, 'sw.wave_id', 'l.wave_id').where('l.order_id', 'is', null).execute(),
    ]);
    rows = [...ofOrders, ...ofWaves].sort(newestFirst).slice(0, q.limit);
  }
  const entries = rows.map((r) => ({
    ...r,
    id: Number(r.id),
    event_data: (r.event_data ?? {}) as Record<string, unknown>,
  }));
  return stripOtherCustomers(db, entries, scope);
}

/** The newest `perLog` entries of each log, merged newest first, the first `shown` of them (dashboard Recent Activity). */
export async function recentActivity(db: DbOrTrx, scope: CustomerScope, perLog: number, shown: number): Promise<StatusLogEntry[]> {
  const q = { limit: perLog } as StatusLogQuery;
  const [picking, packing] = await Promise.all([listStatusLogs(db, 'picking', q, scope), listStatusLogs(db, 'packing', q, scope)]);
  return [...picking, ...packing].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id).slice(0, shown);
}
