import type { PackingInfo, PackingInfoItem, PackingPalletOrder } from '../../../shared/schemas/packing';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer, inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';
import { packingVerifyEachPiece } from '../settings/service';
import { groupByOrder, orderItemRows } from '../outbound-orders/item-rows';
import { ORDER_HEAD_COLUMNS, ordersWithCustomer } from '../outbound-orders/order-head';

/**
 * Reads of the packing station. A line is settled when it is fully picked or
 * its rest is recorded as shortage: nothing is reserved for it any more
 * (complete-wave and the shortage call give reservations back), so
 * shortage = ordered − picked − still reserved.
 */

/** Orders still to pack or ship on a pallet. */
export const ON_PALLET_STATUSES = ['picking', 'packed'] as const;

export async function itemsOf(db: DbOrTrx, orderIds: readonly number[]): Promise<Map<number, PackingInfoItem[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await orderItemRows(db, orderIds).execute();
  return groupByOrder(rows, (r): PackingInfoItem => {
    const { order_id, reserved_quantity, weight_kg, ...rest } = r;
    return {
      ...rest,
      weight_kg: weight_kg === null ? null : Number(weight_kg),
      shortage_quantity: Math.max(0, r.quantity - r.picked_quantity - Number(reserved_quantity ?? 0)),
    };
  });
}

const linePicked = (i: Pick<PackingInfoItem, 'quantity' | 'picked_quantity'>) => i.picked_quantity >= i.quantity;

/** Fully picked, or the rest recorded as shortage. */
export const lineSettled = (i: Pick<PackingInfoItem, 'quantity' | 'picked_quantity' | 'shortage_quantity'>) =>
  i.picked_quantity + i.shortage_quantity >= i.quantity;

function estimatedWeight(items: PackingInfoItem[]): number | null {
  let grams = 0;
  for (const i of items) {
    if (i.picked_quantity === 0) continue;
    if (i.weight_kg === null) return null;
    grams += i.weight_kg * 1000 * i.picked_quantity;
  }
  return Math.round(grams);
}

function orderQuery(db: DbOrTrx) {
  return ordersWithCustomer(db).select([
    ...ORDER_HEAD_COLUMNS,
    'o.carrier',
    'o.carrier_type',
    'o.tracking_number',
    'o.num_packages',
    'o.total_weight_grams',
    'o.packed_at',
    'o.shipped_at',
    'o.freight_quote_requested_at',
  ]);
}

/** GET /outbound-orders/{id}/packing-info; orders outside the caller's scope are 404. */
export async function getPackingInfo(db: DbOrTrx, actor: Actor, id: number): Promise<PackingInfo> {
  const row = await orderQuery(db)
    .where('o.id', '=', id)
    .where((eb) => inScope(eb, 'o.customer_id', actor.scope))
    .executeTakeFirst();
  if (!row) throw new AppError('ORDER_NOT_FOUND', { id });
  const items = (await itemsOf(db, [id])).get(id) ?? [];
  return {
    ...row,
    items,
    all_items_picked: items.every(linePicked),
    ready_to_pack: items.every(lineSettled),
    estimated_weight_grams: estimatedWeight(items),
    verify_each_piece: await packingVerifyEachPiece(db),
  };
}

/** The orders of a wave still on its pallet (picking or packed), in corner order, visible ones only. */
export async function palletOrders(db: DbOrTrx, actor: Actor, waveId: number): Promise<{ orders: PackingPalletOrder[]; hidden: number }> {
  const rows = await orderQuery(db)
    .innerJoin('picking_wave_orders as wo', 'wo.order_id', 'o.id')
    .where('wo.wave_id', '=', waveId)
    .where('o.status', 'in', [...ON_PALLET_STATUSES])
    .orderBy('wo.position')
    .execute();
  const visible = rows.filter((r) => canSeeCustomer(actor.scope, r.customer_id));
  const items = await itemsOf(
    db,
    visible.map((r) => r.id),
  );
  const orders = visible.map((r) => {
    const lines = items.get(r.id) ?? [];
    return {
      id: r.id,
      order_number: r.order_number,
      status: r.status,
      customer_name: r.customer_name,
      delivery_name: r.delivery_name,
      total_items: lines.length,
      carrier: r.carrier,
      carrier_type: r.carrier_type,
      all_items_picked: lines.every(linePicked),
      ready_to_pack: lines.every(lineSettled),
      items_preview: lines.map((l) => ({
        product_ean: l.product_ean,
        product_title: l.product_title,
        quantity: l.quantity,
        picked_quantity: l.picked_quantity,
      })),
    };
  });
  return { orders, hidden: rows.length - visible.length };
}

/** The latest wave an order was picked in (its pallet and cart), or null. */
export async function waveOfOrder(db: DbOrTrx, orderId: number) {
  const w = await db
    .selectFrom('picking_wave_orders as wo')
    .innerJoin('picking_waves as w', 'w.id', 'wo.wave_id')
    .leftJoin('picking_carts as c', 'c.wave_id', 'w.id')
    .select(['w.id', 'w.pallet_id', 'w.pallet_barcode', 'c.id as cart_id'])
    .where('wo.order_id', '=', orderId)
    .orderBy('w.id', 'desc')
    .executeTakeFirst();
  return w ?? null;
}
