import { sql } from 'kysely';
import { orderTargetStatus } from '../../../shared/domain/order-status';
import { ORDER_LOG_MESSAGES } from '../../../shared/i18n/status-logs';
import type { Actor } from '../../auth/actor';
import type { Db, Trx } from '../../db/index';
import { orderAutoCompleteDays } from '../settings/service';
import { writeStatusLog } from '../status-logs/writer';
import { emitOrderStatusChanged } from '../webhooks/domain-events';

/**
 * Closing orders (docs/fulfilment.md "Closing orders"): a shipped order
 * is completed by staff (service.ts completeOrder) or, `days` after it was
 * shipped, by the periodic completion below.
 *
 * The periodic run is idempotent and safe beside other instances: one guarded
 * UPDATE per batch (status still `shipped`, shipped before the cutoff) moves
 * the orders, and rows another transaction holds (an order being edited or
 * completed by hand right now) are skipped until the next run. Each batch is
 * its own transaction with its log rows, so a large backlog after switching
 * the setting on never holds thousands of row locks at once.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export async function logOrderCompleted(
  trx: Trx,
  actor: Pick<Actor, 'id' | 'username' | 'full_name'> | null,
  o: { id: number; order_number: string },
  autoDays?: number,
): Promise<void> {
  await writeStatusLog(trx, actor, {
    event_type: 'order_completed',
    order_id: o.id,
    old_status: 'shipped',
    new_status: 'completed',
    description: autoDays === undefined ? ORDER_LOG_MESSAGES.completed(o.order_number) : ORDER_LOG_MESSAGES.autoCompleted(o.order_number, autoDays),
    event_data: { order_number: o.order_number, automatic: autoDays !== undefined, ...(autoDays === undefined ? {} : { days: autoDays }) },
  });
}

/**
 * Completes every order shipped more than `days` days before `now`; 0 (or
 * less) is off. Returns the ids it completed.
 */
export async function completeDueOrders(db: Db, opts: { days: number; now?: Date }): Promise<number[]> {
  if (!(opts.days > 0)) return [];
  const cutoff = new Date((opts.now ?? new Date()).getTime() - opts.days * DAY_MS);
  const done: number[] = [];
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('outbound_orders')
        .set({ status: orderTargetStatus('complete'), completed_at: sql<string>`now()`, updated_at: sql<string>`now()` })
        .where(
          'id',
          'in',
          trx
            .selectFrom('outbound_orders')
            .select('id')
            .where('status', '=', 'shipped')
            .where('shipped_at', '<', cutoff)
            .orderBy('id')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .where('status', '=', 'shipped')
        .returning(['id', 'order_number', 'customer_id'])
        .execute();
      for (const o of rows) {
        await logOrderCompleted(trx, null, o, opts.days);
        await emitOrderStatusChanged(trx, o, 'shipped', 'completed');
      }
      return rows;
    });
    done.push(...batch.map((r) => r.id));
    if (batch.length < BATCH) return done;
  }
}

/** The periodic run: completeDueOrders with the setting order_auto_complete_days. */
export async function completeDueOrdersNow(db: Db): Promise<number[]> {
  return completeDueOrders(db, { days: await orderAutoCompleteDays(db) });
}
