import { sql } from 'kysely';
import { ORDER_STATUS_LABELS } from '../../../shared/domain/order-status';
import { defaultWaveName, isWaveEligibleOrder } from '../../../shared/domain/wave-status';
import type { CreateWaveQuery, PickingWave } from '../../../shared/schemas/waves';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError, pgErrorCode } from '../../errors';
import { assertOrdersNotOnBlockedPlaces } from '../locations/blocked';
import { writeStatusLog } from '../status-logs/writer';
import { assertFitsPallet } from './load';
import { getWave } from './queries';

/**
 * Commands on picking waves (docs/fulfilment.md "Waves").
 * Transactions start in the route (or the sync push); every command locks
 * what it changes first, so concurrent commands on one wave or one order
 * run one after the other.
 */

/**
 * Locks the orders (in id order: no deadlock between two planners) and
 * checks they may join a wave: visible, `new`, `confirmed` or released, in no open wave.
 * Returns them in the caller's order.
 */
async function lockEligibleOrders(trx: Trx, actor: Actor, ids: readonly number[]) {
  const rows = await trx
    .selectFrom('outbound_orders')
    .select(['id', 'order_number', 'status', 'customer_id', 'picking_completed_at'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => {
    const o = byId.get(id);
    if (!o || !canSeeCustomer(actor.scope, o.customer_id)) throw new AppError('ORDER_NOT_FOUND', { id });
    if (!isWaveEligibleOrder(o)) {
      throw new AppError('WAVE_ORDER_NOT_ELIGIBLE', { number: o.order_number, status: ORDER_STATUS_LABELS[o.status], status_code: o.status });
    }
    return o;
  });
  const taken = await trx
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('picking_waves as w', 'w.id', 'wo.wave_id')
    .select(['wo.order_id', 'w.wave_number'])
    .where('wo.order_id', 'in', [...ids])
    .where('wo.is_open', '=', true)
    .executeTakeFirst();
  if (taken) throw new AppError('WAVE_ORDER_IN_OTHER_WAVE', { number: byId.get(taken.order_id)?.order_number, wave: taken.wave_number });
  return ordered;
}

/**
 * POST /picking-waves/ (and every other path that makes a wave: rolling lists,
 * accepted suggestions, single orders): a draft wave of 1–4 orders that fit
 * one pallet; corners A–D in the given order; `wave_created` logged.
 */
export async function createWave(trx: Trx, actor: Actor, input: CreateWaveQuery): Promise<PickingWave> {
  const orders = await lockEligibleOrders(trx, actor, input.order_ids);
  // Goods reserved on a blocked place cannot be picked (docs/operations.md "Blocked places").
  await assertOrdersNotOnBlockedPlaces(
    trx,
    orders.map((o) => o.id),
  );
  await assertFitsPallet(trx, orders);
  const { rows } = await sql<{ n: string }>`SELECT 'W-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('wave_number_seq')::text, 6, '0') AS n`.execute(trx);
  const number = rows[0]?.n;
  if (!number) throw new AppError('INTERNAL');
  const wave = await trx
    .insertInto('picking_waves')
    .values({ wave_number: number, name: input.name ?? defaultWaveName(number), creation_method: input.creation_method, created_by: actor.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await trx
      .insertInto('picking_wave_orders')
      .values(orders.map((o, position) => ({ wave_id: wave.id, order_id: o.id, position })))
      .execute();
  } catch (e) {
    // A concurrent planner put one of these orders into another open wave first (partial unique index).
    if (pgErrorCode(e) === '23505') throw new AppError('WAVE_ORDER_IN_OTHER_WAVE', { number: orders.map((o) => o.order_number).join(', '), wave: '–' });
    throw e;
  }
  await writeStatusLog(trx, actor, {
    event_type: 'wave_created',
    new_status: 'draft',
    wave_id: wave.id,
    description: `Welle ${number} mit ${orders.length} ${orders.length === 1 ? 'Auftrag' : 'Aufträgen'} angelegt`,
    event_data: {
      wave_number: number,
      creation_method: input.creation_method,
      order_ids: orders.map((o) => o.id),
      order_numbers: orders.map((o) => o.order_number),
    },
  });
  return getWave(trx, actor, wave.id);
}
