import { type StatusLogEvent, logTypeOf } from '../../../shared/domain/status-logs';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';

/**
 * The one writer of the picking and packing logs (docs/fulfilment.md
 * "Status logs"). It takes the caller's transaction on purpose: a log
 * row exists exactly when the change it records was committed, so a rolled
 * back wave start leaves no "wave_created" behind. The one exception records
 * a failure rather than a change: label_failed is written by the DHL ship
 * (packing/dhl-ship.ts) in a transaction of its own after the failed call.
 */
export interface StatusLogInput {
  event_type: StatusLogEvent;
  old_status?: string | null;
  new_status?: string | null;
  description?: string | null;
  wave_id?: number | null;
  cart_id?: number | null;
  order_id?: number | null;
  tracking_number?: string | null;
  carrier?: string | null;
  event_data?: Record<string, unknown>;
}

export async function writeStatusLog(trx: Trx, actor: Pick<Actor, 'id' | 'username' | 'full_name'> | null, event: StatusLogInput): Promise<number> {
  const row = await trx
    .insertInto('status_logs')
    .values({
      log_type: logTypeOf(event.event_type),
      event_type: event.event_type,
      old_status: event.old_status ?? null,
      new_status: event.new_status ?? null,
      description: event.description ?? null,
      wave_id: event.wave_id ?? null,
      cart_id: event.cart_id ?? null,
      order_id: event.order_id ?? null,
      user_id: actor?.id ?? null,
      // The name as it was at the time: the log stays readable after a rename.
      user_name: actor ? actor.full_name || actor.username : null,
      tracking_number: event.tracking_number ?? null,
      carrier: event.carrier ?? null,
      event_data: JSON.stringify(event.event_data ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
