import { capacityText, type LoadedOrder, orderLoad, palletLoad } from '../../../shared/domain/pallet-load';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * The pallet load of orders (shared/domain/pallet-load.ts) read from their
 * lines and products: for the manual panel's list and for the check every
 * new wave passes, so the screen and the refusal count the same kilograms.
 */

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** Per order id: its weight, volume and whether a product lacks data. Orders without lines weigh nothing. */
export async function loadOrderLoads(db: DbOrTrx, orderIds: readonly number[]): Promise<Map<number, Omit<LoadedOrder, 'order_number'>>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('outbound_order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.order_id', 'i.product_id', 'p.ean', 'p.title', 'i.quantity', 'p.weight_kg', 'p.length_cm', 'p.width_cm', 'p.height_cm'])
    .where('i.order_id', 'in', [...orderIds])
    .execute();
  const linesByOrder = new Map<number, typeof rows>();
  for (const r of rows) linesByOrder.set(r.order_id, [...(linesByOrder.get(r.order_id) ?? []), r]);
  return new Map(
    orderIds.map((id) => {
      const load = orderLoad(
        (linesByOrder.get(id) ?? []).map((r) => ({
          product_id: r.product_id,
          product_ean: r.ean,
          product_title: r.title,
          quantity: r.quantity,
          weight_kg: num(r.weight_kg),
          length_cm: num(r.length_cm),
          width_cm: num(r.width_cm),
          height_cm: num(r.height_cm),
        })),
      );
      return [id, { weight_kg: load.weight_kg, volume_l: load.volume_l, has_missing_data: load.missing.length > 0 }];
    }),
  );
}

/** Refuses orders that together do not fit one pallet: 409 WAVE_OVER_CAPACITY naming the kilograms or the percentage. */
export async function assertFitsPallet(db: DbOrTrx, orders: readonly { id: number; order_number: string }[]): Promise<void> {
  if (orders.length < 2) return;
  const loads = await loadOrderLoads(
    db,
    orders.map((o) => o.id),
  );
  const { problem } = palletLoad(orders.map((o) => ({ order_number: o.order_number, weight_kg: 0, volume_l: 0, has_missing_data: true, ...loads.get(o.id) })));
  if (problem) throw new AppError('WAVE_OVER_CAPACITY', { reason: capacityText(problem), ...problem });
}
