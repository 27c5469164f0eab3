import type { FreightPalletDimension } from '../../../shared/schemas/freight';
import type { Trx } from '../../db/index';

/**
 * A freight order's pallets: num_pallets and pallet_dimensions on the order
 * (what the lists show) and one freight_pallets row per pallet (what the
 * labels and their SSCCs hang on). Recording again replaces the rows; an
 * SSCC already printed for a position stays with that position.
 */
export async function recordFreightPallets(trx: Trx, orderId: number, numPallets: number, dims: FreightPalletDimension[] | null): Promise<void> {
  await trx
    .updateTable('outbound_orders')
    .set({ num_pallets: numPallets, pallet_dimensions: dims === null ? null : JSON.stringify(dims) })
    .where('id', '=', orderId)
    .execute();
  await trx.deleteFrom('freight_pallets').where('order_id', '=', orderId).where('position', '>', numPallets).execute();
  for (let i = 0; i < numPallets; i++) {
    const d = dims?.[i];
    const values = { length_cm: d?.length ?? null, width_cm: d?.width ?? null, height_cm: d?.height ?? null, weight_kg: d?.weight ?? null };
    await trx
      .insertInto('freight_pallets')
      .values({ order_id: orderId, position: i + 1, ...values })
      .onConflict((oc) => oc.columns(['order_id', 'position']).doUpdateSet(values))
      .execute();
  }
}

/** The stored pallet_dimensions of an order as a list (jsonb may arrive parsed or as text). */
export function palletDimensionsOf(value: unknown): FreightPalletDimension[] {
  const v = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(v)) return [];
  return v.map((d) => ({ length: Number(d.length), width: Number(d.width), height: Number(d.height), weight: Number(d.weight) }));
}
