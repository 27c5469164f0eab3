import { sql } from 'kysely';
import { ORDER_STATUS_LABELS } from '../../../shared/domain/order-status';
import { isDisposableBarcode } from '../../../shared/domain/pallets';
import {
  canDoWaveAction,
  canReleaseWave,
  isWaveEligibleOrder,
  WAVE_ACTION_LABELS,
  WAVE_STATUS_LABELS,
  WAVE_TARGET,
  type WaveAction,
} from '../../../shared/domain/wave-status';
import type { PickingWave } from '../../../shared/schemas/waves';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { releaseOrder } from '../outbound-orders/reservations';
import { completePicking, confirmOrder, startPicking } from '../outbound-orders/service';
import { takeDisposable } from '../pallets/disposable-service';
import { claimPallet } from '../pallets/service';
import { writeStatusLog } from '../status-logs/writer';
import { assertHolder, waveTaken } from './holder';
import { getWave, type LockedWave, lockWave } from './queries';

/**
 * The wave's way through its states (docs/fulfilment.md "Waves"). Each
 * command locks the wave row first, asks the shared machine
 * whether the action is allowed in the current state (409 otherwise), then
 * changes the wave, its orders and its pallet in the caller's transaction.
 * Replays of a REST call are answered from the idempotency key (routes.ts);
 * a second `complete` is harmless by design.
 */

export function assertWaveAction(w: LockedWave, action: WaveAction): void {
  if (canDoWaveAction(w.status, action)) return;
  throw new AppError('WAVE_STATUS_CONFLICT', {
    number: w.wave_number,
    status: WAVE_STATUS_LABELS[w.status],
    action: WAVE_ACTION_LABELS[action],
    status_code: w.status,
    action_code: action,
  });
}

async function orderStatuses(trx: Trx, ids: number[]) {
  return trx
    .selectFrom('outbound_orders')
    .select(['id', 'order_number', 'status', 'picking_completed_at'])
    .where('id', 'in', ids.length > 0 ? ids : [0])
    .orderBy('id')
    .execute();
}

/**
 * draft → ready with a pallet: a reusable pallet is claimed (active and
 * available → in_use), a DISP- label is used up (→ used, linked to the first
 * order). The wave's `new` orders are confirmed (released ones stay in
 * `picking`); orders cancelled meanwhile refuse the start (the wave must be
 * rebuilt).
 */
export async function startWave(trx: Trx, actor: Actor, id: number, palletBarcode: string): Promise<PickingWave> {
  const w = await lockWave(trx, actor, id);
  assertWaveAction(w, 'start');
  const first = w.order_ids[0];
  if (first === undefined) throw new AppError('WAVE_ORDERS_REQUIRED');
  for (const o of await orderStatuses(trx, w.order_ids)) {
    if (o.status === 'new') await confirmOrder(trx, actor, o.id);
    else if (!isWaveEligibleOrder(o)) {
      throw new AppError('WAVE_ORDER_NOT_ELIGIBLE', { number: o.order_number, status: ORDER_STATUS_LABELS[o.status], status_code: o.status });
    }
  }
  let pallet: { pallet_id: number | null; disposable_pallet_id: number | null; barcode: string };
  if (isDisposableBarcode(palletBarcode)) {
    const d = await takeDisposable(trx, palletBarcode, first);
    pallet = { pallet_id: null, disposable_pallet_id: d.id, barcode: d.barcode };
  } else {
    const p = await claimPallet(trx, actor, palletBarcode);
    await trx.updateTable('pallets').set({ current_wave_id: id, current_order_count: w.order_ids.length }).where('id', '=', p.id).execute();
    pallet = { pallet_id: p.id, disposable_pallet_id: null, barcode: p.barcode };
  }
  await trx
    .updateTable('picking_waves')
    .set({
      status: WAVE_TARGET.start,
      pallet_barcode: pallet.barcode,
      pallet_id: pallet.pallet_id,
      disposable_pallet_id: pallet.disposable_pallet_id,
      started_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
  return getWave(trx, actor, id);
}

/**
 * ready → picking: the orders go to `picking` and the actor becomes the
 * picker. The picker who holds the wave may repeat it; another picker gets
 * WAVE_TAKEN unless a manager or admin takes the wave over.
 */
export async function beginPicking(trx: Trx, actor: Actor, id: number): Promise<PickingWave> {
  const w = await lockWave(trx, actor, id);
  assertWaveAction(w, 'begin_picking');
  if (w.status === 'picking' && w.picker_user_id !== null && w.picker_user_id !== actor.id && !canReleaseWave(actor)) throw await waveTaken(trx, w);
  if (w.status === 'picking' && w.picker_user_id === actor.id) return getWave(trx, actor, id);
  for (const o of await orderStatuses(trx, w.order_ids)) {
    if (o.status === 'confirmed') await startPicking(trx, actor, o.id);
  }
  await trx
    .updateTable('picking_waves')
    .set({
      status: WAVE_TARGET.begin_picking,
      picker_user_id: actor.id,
      picking_started_at: sql<Date>`coalesce(picking_started_at, now())`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
  if (w.pallet_id) await trx.updateTable('pallets').set({ picker_user_id: actor.id }).where('id', '=', w.pallet_id).execute();
  return getWave(trx, actor, id);
}

/**
 * picking → completed: picking_completed_at on the orders, one
 * `pick_discrepancy` log per line not fully picked, what is still reserved
 * for the orders goes back to free stock (nobody will pick it from this
 * wave), the orders are free of the wave, a reusable pallet goes to
 * ready_for_packing, and `wave_completed` is logged. Only the picker who
 * holds the wave may complete it (WAVE_TAKEN). Repeating it answers the
 * completed wave unchanged.
 */
export async function completeWave(trx: Trx, actor: Actor, id: number): Promise<PickingWave> {
  const w = await lockWave(trx, actor, id);
  assertWaveAction(w, 'complete');
  if (w.status === 'completed') return getWave(trx, actor, id);
  await assertHolder(trx, w, actor);
  const lines = await trx
    .selectFrom('outbound_order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('outbound_orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.order_id', 'o.order_number', 'p.ean', 'p.title', 'i.quantity', 'i.picked_quantity', 'i.unit'])
    .where('i.order_id', 'in', w.order_ids)
    .orderBy('i.order_id')
    .orderBy('i.sort_index')
    .execute();
  for (const l of lines.filter((x) => x.picked_quantity < x.quantity)) {
    await writeStatusLog(trx, actor, {
      event_type: 'pick_discrepancy',
      wave_id: id,
      order_id: l.order_id,
      description: `${l.title}: ${l.picked_quantity} von ${l.quantity} kommissioniert (Fehlmenge ${l.quantity - l.picked_quantity})`,
      event_data: {
        source: 'wave_complete',
        order_item_id: l.id,
        order_number: l.order_number,
        product_ean: l.ean,
        product_title: l.title,
        quantity_ordered: l.quantity,
        picked_quantity: l.picked_quantity,
        missing_quantity: l.quantity - l.picked_quantity,
        unit: l.unit,
      },
    });
  }
  for (const o of await orderStatuses(trx, w.order_ids)) {
    await releaseOrder(trx, o.id);
    // An order cancelled during picking stays cancelled.
    if (o.status === 'picking') await completePicking(trx, actor, o.id);
  }
  await trx.updateTable('picking_wave_orders').set({ is_open: false }).where('wave_id', '=', id).execute();
  await trx
    .updateTable('picking_waves')
    .set({ status: WAVE_TARGET.complete, completed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  if (w.pallet_id) {
    await trx
      .updateTable('pallets')
      .set({ status: 'ready_for_packing', updated_at: sql<Date>`now()` })
      .where('id', '=', w.pallet_id)
      .where('status', '=', 'in_use')
      .execute();
  }
  const picked = lines.reduce((s, l) => s + l.picked_quantity, 0);
  const ordered = lines.reduce((s, l) => s + l.quantity, 0);
  await writeStatusLog(trx, actor, {
    event_type: 'wave_completed',
    old_status: w.status,
    new_status: 'completed',
    wave_id: id,
    description: `Welle ${w.wave_number} abgeschlossen: ${picked} von ${ordered} Stück kommissioniert`,
    event_data: { wave_number: w.wave_number, order_ids: w.order_ids, pallet_barcode: w.pallet_barcode, picked_quantity: picked, quantity_ordered: ordered },
  });
  return getWave(trx, actor, id);
}

/** DELETE: only drafts; the orders become free for other waves. */
export async function deleteWave(trx: Trx, actor: Actor, id: number): Promise<void> {
  const w = await lockWave(trx, actor, id);
  assertWaveAction(w, 'delete');
  await trx.deleteFrom('picking_waves').where('id', '=', id).execute();
}

/**
 * POST /picking-waves/{id}/release: admin and warehouse_manager only (403),
 * invisible waves 404, a wave not in `picking` 409. Clears the picker on the
 * wave and its reusable pallet; the wave stays in `picking` with its picks
 * and the next begin-picking takes it. Releasing a wave nobody holds answers
 * it unchanged.
 */
export async function releaseWave(trx: Trx, actor: Actor, id: number): Promise<PickingWave> {
  if (!canReleaseWave(actor)) throw new AppError('FORBIDDEN');
  const w = await lockWave(trx, actor, id);
  assertWaveAction(w, 'release');
  if (w.picker_user_id === null) return getWave(trx, actor, id);
  await trx.updateTable('picking_waves').set({ picker_user_id: null, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
  if (w.pallet_id) await trx.updateTable('pallets').set({ picker_user_id: null }).where('id', '=', w.pallet_id).execute();
  return getWave(trx, actor, id);
}
