import type { PalletCorner } from '../../../shared/domain/wave-status';
import { CART_ASSIGNMENT_REASONS, reasonParams } from '../../../shared/i18n/errors/refusal-words';
import type { CreateCartArgs, PickingCart } from '../../../shared/schemas/waves';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { assertWaveAction } from './lifecycle';
import { lockWave } from './queries';

/**
 * POST /picking-carts/create: after rolling picking the pallet's corners are
 * recorded (which order lies in A, B, C, D), so the packing station knows
 * where to reach. The orders must be exactly the ones assigned, all in the
 * one open wave that was started with this pallet. A repeat for the same wave
 * answers the recorded cart, with the corners of the latest call.
 */
export async function createCart(trx: Trx, actor: Actor, q: CreateCartArgs): Promise<PickingCart> {
  const corners = Object.entries(q.assignments) as [PalletCorner, number][];
  const wanted = new Set(q.order_ids);
  const assignedOrders = corners.map(([, orderId]) => orderId);
  if (corners.length !== wanted.size || new Set(assignedOrders).size !== corners.length || assignedOrders.some((o) => !wanted.has(o))) {
    throw new AppError('CART_ASSIGNMENT_INVALID', reasonParams(CART_ASSIGNMENT_REASONS, 'one_corner_each'));
  }
  const first = q.order_ids[0];
  const link = await trx
    .selectFrom('picking_wave_orders')
    .select('wave_id')
    .where('order_id', '=', first ?? 0)
    .where('is_open', '=', true)
    .executeTakeFirst();
  if (!link) throw new AppError('CART_ASSIGNMENT_INVALID', reasonParams(CART_ASSIGNMENT_REASONS, 'no_open_wave'));
  const w = await lockWave(trx, actor, link.wave_id);
  if (q.order_ids.some((o) => !w.order_ids.includes(o))) {
    throw new AppError('CART_ASSIGNMENT_INVALID', reasonParams(CART_ASSIGNMENT_REASONS, 'not_one_wave'));
  }
  assertWaveAction(w, 'create_cart');
  if (!w.pallet_barcode) throw new AppError('WAVE_NO_PALLET', { number: w.wave_number });
  if (w.pallet_barcode.toUpperCase() !== q.pallet_barcode.toUpperCase()) {
    throw new AppError('WAVE_PALLET_MISMATCH', { barcode: q.pallet_barcode, expected: w.pallet_barcode });
  }
  const assignments = Object.fromEntries(corners);
  const existing = await trx.selectFrom('picking_carts').select('id').where('wave_id', '=', w.id).executeTakeFirst();
  const row = existing
    ? await trx
        .updateTable('picking_carts')
        .set({ assignments: JSON.stringify(assignments) })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto('picking_carts')
        .values({
          wave_id: w.id,
          pallet_barcode: w.pallet_barcode,
          pallet_id: w.pallet_id,
          assignments: JSON.stringify(assignments),
          created_by: actor.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
  if (w.pallet_id) await trx.updateTable('pallets').set({ current_order_count: q.order_ids.length }).where('id', '=', w.pallet_id).execute();
  return {
    id: row.id,
    wave_id: row.wave_id,
    pallet_barcode: row.pallet_barcode,
    order_ids: q.order_ids,
    assignments: row.assignments,
    created_at: row.created_at,
  };
}
