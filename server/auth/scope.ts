import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import type { Actor } from './actor';

/**
 * Which customers' data an actor may see. The one place that turns a user's
 * role and access list into a filter; every query on customer data goes
 * through inScope() or assertCustomerVisible().
 *  - customer users: only their own customer
 *  - staff without restriction: all
 *  - staff with an include list: only those; with an exclude list: all but those
 */
export type CustomerScope = { kind: 'all' } | { kind: 'only'; ids: number[] } | { kind: 'except'; ids: number[] };

export function scopeFor(user: { role: string; is_admin: boolean; customer_id: number | null; is_exclude: boolean }, accessIds: number[]): CustomerScope {
  if (user.role === 'customer_user' && !user.is_admin) {
    return { kind: 'only', ids: user.customer_id ? [user.customer_id] : [] };
  }
  if (accessIds.length === 0) return { kind: 'all' };
  return user.is_exclude ? { kind: 'except', ids: accessIds } : { kind: 'only', ids: accessIds };
}

export function canSeeCustomer(scope: CustomerScope, customerId: number): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'only') return scope.ids.includes(customerId);
  return !scope.ids.includes(customerId);
}

/** A WHERE condition limiting `column` (a customer id column) to the scope. */
export function inScope<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: string, scope: CustomerScope): Expression<SqlBool> {
  // biome-ignore lint/suspicious/noExplicitAny: column names are checked by the callers' queries
  const ref = eb.ref(column as any);
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'only') {
    return scope.ids.length > 0 ? eb(ref, 'in', scope.ids) : sql<SqlBool>`false`;
  }
  return scope.ids.length > 0 ? eb(ref, 'not in', scope.ids) : sql<SqlBool>`true`;
}

/**
 * A WHERE condition: the wave in `waveIdColumn` is visible to the scope. A wave
 * holding one order of a customer outside the scope is not visible at all (its
 * number, corners and picks belong to that customer too), see docs/fulfilment.md
 * "Waves" and docs/operations.md "Roles and customer scope". A wave without
 * orders is visible.
 */
export function waveVisibleTo<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, waveIdColumn: string, scope: CustomerScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  const foreignOrder = expressionBuilder<Database, never>()
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
    .select('wo.order_id')
    .where('wo.wave_id', '=', sql.ref<number>(waveIdColumn))
    .where((x) => x.not(inScope(x, 'o.customer_id', scope)));
  return eb.not(eb.exists(foreignOrder));
}

/** Not visible is answered like unknown (404), so ids cannot be probed. */
export function assertCustomerVisible(actor: Actor, customerId: number): void {
  if (!canSeeCustomer(actor.scope, customerId)) throw new AppError('CUSTOMER_NOT_FOUND', { id: customerId });
}
