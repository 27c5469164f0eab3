import { type SqlBool, sql } from 'kysely';
import {
  ALERT_SEVERITIES,
  ALERT_SEVERITY,
  ALERT_TYPES,
  type AlertSeverity,
  type AlertType,
  ORDER_UNPLANNED_HOURS,
  RETURN_OVERDUE_DAYS,
  SEVERITY_RANK,
  STOCKTAKE_OPEN_HOURS,
  WAVE_STUCK_HOURS,
} from '../../../shared/domain/alerts';
import { OPEN_WAVE_STATUSES, WAVE_ELIGIBLE_ORDER_STATUSES } from '../../../shared/domain/wave-status';
import { alertMessage } from '../../../shared/i18n/status-logs';
import type { AlertsSummary } from '../../../shared/schemas/status-logs';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { rejectionVisibleTo } from '../sync/rejections';
import { logInScope } from './queries';

/**
 * GET /status-logs/alerts/summary (docs/operations.md "Alerts"). Nine rules; each yields a
 * count and the time that matters for it (newest event, or since when the
 * oldest case waits). Event rules look back `hours_back` hours; state rules
 * (stuck wave, unplanned order, incomplete product) describe the present and
 * ignore the window.
 */
interface RuleResult {
  count: number;
  at: Date | null;
}

const hoursAgo = (h: number) => sql<Date>`now() - make_interval(hours => ${h})`;

const toResult = (r: { n: string | number | bigint; at: Date | string | null } | undefined): RuleResult => ({
  count: Number(r?.n ?? 0),
  at: r?.at ? new Date(r.at) : null,
});

async function logEvents(db: DbOrTrx, event: 'pick_discrepancy' | 'item_discrepancy', hoursBack: number, scope: CustomerScope) {
  const r = await db
    .selectFrom('status_logs as l')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('l.created_at').as('at')])
    .where('l.event_type', '=', event)
    .where('l.created_at', '>=', hoursAgo(hoursBack))
    .where((eb) => logInScope(eb, scope))
    .executeTakeFirst();
  return toResult(r);
}

/**
 * Orders whose DHL label failed in the window and that got no label and were
 * not shipped since their latest failure: a packer retrying three times counts
 * once, and a later label_generated or order_shipped (any carrier) clears it.
 */
async function labelFailed(db: DbOrTrx, hoursBack: number, scope: CustomerScope) {
  const r = await db
    .selectFrom('status_logs as l')
    .select((eb) => [eb.fn.count('l.order_id').distinct().as('n'), eb.fn.max('l.created_at').as('at')])
    .where('l.event_type', '=', 'label_failed')
    .where('l.created_at', '>=', hoursAgo(hoursBack))
    .where((eb) => logInScope(eb, scope))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('status_logs as later')
            .select(sql`1`.as('one'))
            .whereRef('later.order_id', '=', 'l.order_id')
            .where('later.event_type', 'in', ['label_generated', 'order_shipped'])
            .where(sql<SqlBool>`(later.created_at, later.id) > (l.created_at, l.id)`),
        ),
      ),
    )
    .executeTakeFirst();
  return toResult(r);
}

/** Refused offline bookings: nobody can redo them but a person. Counted as GET /sync/rejections lists them for this scope. */
async function syncRejected(db: DbOrTrx, hoursBack: number, scope: CustomerScope) {
  const r = await db
    .selectFrom('sync_mutations')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('created_at').as('at')])
    .where('status', '=', 'rejected')
    .where('created_at', '>=', hoursAgo(hoursBack))
    .where((eb) => rejectionVisibleTo(eb, scope))
    .executeTakeFirst();
  return toResult(r);
}

async function wavesStuck(db: DbOrTrx, scope: CustomerScope) {
  const r = await db
    .selectFrom('picking_waves as w')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min(sql<Date>`coalesce(w.picking_started_at, w.started_at, w.created_at)`).as('at')])
    .where('w.status', '=', 'picking')
    .where(sql<SqlBool>`coalesce(w.picking_started_at, w.started_at, w.created_at) < ${hoursAgo(WAVE_STUCK_HOURS)}`)
    .where((eb) =>
      scope.kind === 'all'
        ? sql<SqlBool>`true`
        : eb.exists(
            eb
              .selectFrom('picking_wave_orders as wo')
              .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
              .select(sql`1`.as('one'))
              .whereRef('wo.wave_id', '=', 'w.id')
              .where((e) => inScope(e, 'o.customer_id', scope)),
          ),
    )
    .executeTakeFirst();
  return toResult(r);
}

async function ordersUnplanned(db: DbOrTrx, scope: CustomerScope) {
  const r = await db
    .selectFrom('outbound_orders as o')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('o.confirmed_at').as('at')])
    .where('o.status', '=', 'confirmed')
    .where('o.confirmed_at', '<', hoursAgo(ORDER_UNPLANNED_HOURS))
    .where((eb) => inScope(eb, 'o.customer_id', scope))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('picking_wave_orders as wo')
            .innerJoin('picking_waves as w', 'w.id', 'wo.wave_id')
            .select(sql`1`.as('one'))
            .whereRef('wo.order_id', '=', 'o.id')
            .where('wo.is_open', '=', true)
            .where('w.status', 'in', OPEN_WAVE_STATUSES),
        ),
      ),
    )
    .executeTakeFirst();
  return toResult(r);
}

/** Products lacking weight or a dimension in orders still to be planned: the pallet check cannot judge them. */
async function productsIncomplete(db: DbOrTrx, scope: CustomerScope) {
  const r = await db
    .selectFrom('products as p')
    .select((eb) => [eb.fn.countAll().as('n'), sql<Date | null>`null`.as('at')])
    .where((eb) => eb.or([eb('p.weight_kg', 'is', null), eb('p.length_cm', 'is', null), eb('p.width_cm', 'is', null), eb('p.height_cm', 'is', null)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('outbound_order_items as i')
          .innerJoin('outbound_orders as o', 'o.id', 'i.order_id')
          .select(sql`1`.as('one'))
          .whereRef('i.product_id', '=', 'p.id')
          .where('o.status', 'in', WAVE_ELIGIBLE_ORDER_STATUSES)
          .where((e) => inScope(e, 'o.customer_id', scope)),
      ),
    )
    .executeTakeFirst();
  return toResult(r);
}

/** Stocktakes counting for over a day: their places stay frozen for every booking. Warehouse-wide, like the stocktakes themselves. */
async function stocktakesOpen(db: DbOrTrx) {
  const r = await db
    .selectFrom('stocktakes as s')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('s.created_at').as('at')])
    .where('s.status', '=', 'counting')
    .where('s.created_at', '<', hoursAgo(STOCKTAKE_OPEN_HOURS))
    .executeTakeFirst();
  return toResult(r);
}

/** Returns announced long ago and still not received (docs/operations.md "Returns"). */
async function returnsOverdue(db: DbOrTrx, scope: CustomerScope) {
  const r = await db
    .selectFrom('returns as r')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('r.created_at').as('at')])
    .where('r.status', '=', 'announced')
    .where('r.created_at', '<', hoursAgo(RETURN_OVERDUE_DAYS * 24))
    .where((eb) => inScope(eb, 'r.customer_id', scope))
    .executeTakeFirst();
  return toResult(r);
}

export async function alertsSummary(db: DbOrTrx, hoursBack: number, scope: CustomerScope): Promise<AlertsSummary> {
  const results: Record<AlertType, RuleResult> = {
    label_failed: await labelFailed(db, hoursBack, scope),
    sync_rejected: await syncRejected(db, hoursBack, scope),
    pick_discrepancy: await logEvents(db, 'pick_discrepancy', hoursBack, scope),
    item_discrepancy: await logEvents(db, 'item_discrepancy', hoursBack, scope),
    wave_stuck: await wavesStuck(db, scope),
    order_unplanned: await ordersUnplanned(db, scope),
    product_incomplete: await productsIncomplete(db, scope),
    stocktake_open: await stocktakesOpen(db),
    return_overdue: await returnsOverdue(db, scope),
  };
  const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as Record<AlertSeverity, number>;
  const byType = {} as Record<AlertType, number>;
  let top: { type: AlertType; at: Date | null } | null = null;
  for (const type of ALERT_TYPES) {
    const { count, at } = results[type];
    byType[type] = count;
    bySeverity[ALERT_SEVERITY[type]] += count;
    if (count === 0) continue;
    // Highest severity first; within a severity the most recent cause.
    if (
      !top ||
      SEVERITY_RANK[ALERT_SEVERITY[type]] < SEVERITY_RANK[ALERT_SEVERITY[top.type]] ||
      (SEVERITY_RANK[ALERT_SEVERITY[type]] === SEVERITY_RANK[ALERT_SEVERITY[top.type]] && (at?.getTime() ?? 0) > (top.at?.getTime() ?? 0))
    ) {
      top = { type, at };
    }
  }
  const total = Object.values(byType).reduce((a, b) => a + b, 0);
  return {
    total_alerts: total,
    by_severity: bySeverity,
    by_type: byType,
    most_critical: top
      ? { type: top.type, severity: ALERT_SEVERITY[top.type], message: alertMessage(top.type, byType[top.type]), timestamp: top.at ?? new Date() }
      : null,
  };
}
