import { sql } from 'kysely';
import { checkOrderAction, ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/domain/order-status';
import { splitTrackingNumbers } from '../../../shared/domain/shipping';
import { PACKING_MESSAGES } from '../../../shared/i18n/packing';
import { DELIVERY_ADDRESS_KEYS, type StoredDeliveryAddress } from '../../../shared/schemas/address';
import { type DhlResult, packageWeights, type ShipQuery, type ShipResponse } from '../../../shared/schemas/shipping';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { writeStatusLog } from '../status-logs/writer';
import { emitOrderShipped } from '../webhooks/domain-events';
import { ON_PALLET_STATUSES, waveOfOrder } from './queries';

/**
 * Shipping an order (packed → shipped) and what follows: tracking numbers,
 * packages and weight stored, label_generated / order_shipped logged in the
 * same transaction, and the pallet released when its last order leaves.
 *
 * Two ship calls at once: the DHL path first claims the order
 * (ship_claimed_at, one guarded UPDATE) and only then calls DHL; the manual
 * path runs in one transaction on the locked row. Either way the loser finds
 * the order claimed (409 SHIP_IN_PROGRESS) or shipped (409 SHIP_NOT_PACKED).
 */

/** A claim older than this belongs to a crashed call (DHL's timeout is 30 s) and may be taken over. */
export const SHIP_CLAIM_STALE_SECONDS = 120;

export interface ShipOrderRow extends StoredDeliveryAddress {
  id: number;
  order_number: string;
  status: OrderStatus;
  customer_id: number;
  ship_claimed_at: Date | null;
  total_weight_grams: number | null;
}

const claimIsLive = sql<boolean>`ship_claimed_at IS NOT NULL AND ship_claimed_at > now() - make_interval(secs => ${SHIP_CLAIM_STALE_SECONDS})`;

/** Reads (lock: FOR UPDATE) the order and checks role, scope and status for shipping. */
export async function shippableOrder(trx: Trx, actor: Actor, id: number, lock: boolean): Promise<ShipOrderRow & { claimed: boolean }> {
  let q = trx
    .selectFrom('outbound_orders')
    .select(['id', 'order_number', 'status', 'customer_id', 'ship_claimed_at', 'total_weight_grams', ...DELIVERY_ADDRESS_KEYS, claimIsLive.as('claimed')]);
  if (lock) q = q.forUpdate();
  const o = await q.where('id', '=', id).executeTakeFirst();
  if (!o || !canSeeCustomer(actor.scope, o.customer_id)) throw new AppError('ORDER_NOT_FOUND', { id });
  const check = checkOrderAction(actor, o.status, 'ship');
  if (!check.ok && check.reason === 'role') throw new AppError('FORBIDDEN');
  if (!check.ok) throw new AppError('SHIP_NOT_PACKED', { number: o.order_number, status: ORDER_STATUS_LABELS[o.status], status_code: o.status });
  return { ...o, claimed: Boolean(o.claimed) };
}

/** packed and not claimed → claimed; the Date identifies this claim. */
export async function claimShipment(trx: Trx, actor: Actor, id: number): Promise<{ order: ShipOrderRow; claim: Date }> {
  const o = await shippableOrder(trx, actor, id, true);
  if (o.claimed) throw new AppError('SHIP_IN_PROGRESS', { number: o.order_number });
  const row = await trx
    .updateTable('outbound_orders')
    .set({ ship_claimed_at: sql<Date>`date_trunc('milliseconds', now())` })
    .where('id', '=', id)
    .returning('ship_claimed_at')
    .executeTakeFirstOrThrow();
  return { order: o, claim: row.ship_claimed_at as Date };
}

/** Gives a failed call's claim back (only our own). */
export async function releaseClaim(trx: Trx, id: number, claim: Date): Promise<void> {
  await trx.updateTable('outbound_orders').set({ ship_claimed_at: null }).where('id', '=', id).where('ship_claimed_at', '=', claim).execute();
}

export interface Shipment {
  query: ShipQuery;
  trackingNumbers: string[];
  dhl?: { result: DhlResult; shipDate: string; product: string; warnings: string[] };
}

/** Manual carriers: the tracking numbers the packer typed, one per package. */
export function manualShipment(query: ShipQuery): Shipment {
  return { query, trackingNumbers: splitTrackingNumbers(query.tracking_number) };
}

/**
 * The pallet of the order's wave goes back to the pool when no order on it
 * is left to pack or ship (current cart cleared). A DISP- label stays used.
 */
async function releasePalletIfEmpty(
  trx: Trx,
  orderId: number,
): Promise<{ remaining: number; released: boolean; wave_id: number | null; cart_id: number | null }> {
  const wave = await waveOfOrder(trx, orderId);
  if (!wave) return { remaining: 0, released: false, wave_id: null, cart_id: null };
  const { n } = await trx
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('wo.wave_id', '=', wave.id)
    .where('o.status', 'in', [...ON_PALLET_STATUSES])
    .executeTakeFirstOrThrow();
  const remaining = Number(n);
  let released = false;
  if (wave.pallet_id) {
    const base = trx.updateTable('pallets').where('id', '=', wave.pallet_id).where('current_wave_id', '=', wave.id);
    if (remaining === 0) {
      const r = await base
        .set({ status: 'available', current_wave_id: null, current_order_count: 0, picker_user_id: null, packer_user_id: null, updated_at: sql<Date>`now()` })
        .executeTakeFirst();
      released = Number(r.numUpdatedRows) > 0;
    } else {
      await base.set({ current_order_count: remaining, updated_at: sql<Date>`now()` }).execute();
    }
  }
  return { remaining, released, wave_id: wave.id, cart_id: wave.cart_id };
}

/** packed → shipped with everything stored and logged; the caller holds the order's lock (and, for DHL, the claim). */
export async function completeShipment(trx: Trx, actor: Actor, o: ShipOrderRow, s: Shipment): Promise<ShipResponse> {
  const q = s.query;
  const weights = packageWeights(q);
  const total = weights ? weights.reduce((a, b) => a + b, 0) : (q.total_weight ?? o.total_weight_grams);
  const tracking = s.trackingNumbers.join(', ');
  const row = await trx
    .updateTable('outbound_orders')
    .set({
      status: 'shipped',
      shipped_at: sql<Date>`now()`,
      carrier: q.carrier,
      carrier_type: q.carrier_type,
      tracking_number: tracking,
      num_packages: q.num_labels,
      total_weight_grams: total,
      ship_claimed_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', o.id)
    .returning(['shipped_at'])
    .executeTakeFirstOrThrow();
  await emitOrderShipped(trx, o, {
    carrier: q.carrier,
    carrier_type: q.carrier_type,
    tracking_numbers: s.trackingNumbers,
    num_packages: q.num_labels,
    package_weights_grams: weights,
    total_weight_grams: total,
    shipped_at: row.shipped_at as Date,
  });
  const pallet = await releasePalletIfEmpty(trx, o.id);
  const where = { order_id: o.id, wave_id: pallet.wave_id, cart_id: pallet.cart_id, carrier: q.carrier, tracking_number: tracking };
  if (s.dhl) {
    await writeStatusLog(trx, actor, {
      ...where,
      event_type: 'label_generated',
      description: PACKING_MESSAGES.logLabels(o.order_number, s.dhl.result.num_created),
      event_data: {
        order_number: o.order_number,
        shipment_numbers: s.trackingNumbers,
        weights_grams: weights,
        product: s.dhl.product,
        ship_date: s.dhl.shipDate,
        warnings: s.dhl.warnings,
      },
    });
  }
  await writeStatusLog(trx, actor, {
    ...where,
    event_type: 'order_shipped',
    old_status: 'packed',
    new_status: 'shipped',
    description: PACKING_MESSAGES.logShipped(o.order_number, q.carrier),
    event_data: {
      order_number: o.order_number,
      carrier_type: q.carrier_type,
      num_packages: q.num_labels,
      total_weight_grams: total,
      tracking_numbers: s.trackingNumbers,
      pallet_released: pallet.released,
      remaining_on_pallet: pallet.remaining,
    },
  });
  return {
    message: s.dhl ? PACKING_MESSAGES.shippedDhl(o.order_number, s.dhl.result.num_created) : PACKING_MESSAGES.shipped(o.order_number),
    tracking_number: tracking,
    tracking_numbers: s.trackingNumbers,
    id: o.id,
    order_number: o.order_number,
    status: 'shipped',
    shipped_at: row.shipped_at,
    carrier: q.carrier,
    carrier_type: q.carrier_type,
    num_packages: q.num_labels,
    total_weight_grams: total,
    remaining_on_pallet: pallet.remaining,
    pallet_released: pallet.released,
    ...(s.dhl ? { dhl_result: s.dhl.result } : {}),
  };
}
