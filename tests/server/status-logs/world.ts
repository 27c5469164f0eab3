import { sql } from 'kysely';
import type { StatusLogEvent } from '../../../shared/domain/status-logs';
import type { Db } from '../../../server/db/index';
import { writeStatusLog, type StatusLogInput } from '../../../server/features/status-logs/writer';

/** Status log rows through the one writer, then back-dated (the writer stamps now()). */
export async function logEvent(
  db: Db,
  event: StatusLogInput & { event_type: StatusLogEvent },
  at?: string,
  actor: { id: number; username: string; full_name: string | null } | null = null,
) {
  const id = await db.transaction().execute((trx) => writeStatusLog(trx, actor, event));
  if (at) await db.updateTable('status_logs').set({ created_at: at }).where('id', '=', id).execute();
  return id;
}

/** A wave row with its orders (positions 0..n), straight in the database. */
export async function insertWave(db: Db, orderIds: number[], over: { status?: 'draft' | 'ready' | 'picking' | 'completed'; picking_started_at?: string } = {}) {
  const status = over.status ?? 'draft';
  const w = await db
    .insertInto('picking_waves')
    .values({
      wave_number: sql<string>`'W-T-' || nextval('wave_number_seq')`,
      name: 'Testwelle',
      status,
      creation_method: 'manual',
      pallet_barcode: status === 'draft' ? null : 'PAL-T',
      picking_started_at: over.picking_started_at ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  let position = 0;
  for (const order_id of orderIds) {
    await db
      .insertInto('picking_wave_orders')
      .values({ wave_id: w.id, order_id, position: position++, is_open: status !== 'completed' })
      .execute();
  }
  return w;
}
