import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isStaff } from '../../../shared/domain/roles';
import type { RelocationRequest, RelocationResponse } from '../../../shared/schemas/relocation';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { addStock, type MovementMeta, removeStock } from '../stock/ledger';
import { resolveScan } from '../stock/scan-context';
import { assertPlaceNotFrozen } from '../stocktakes/frozen';

/**
 * Umlagern (docs/operations.md "Relocation"): one command
 * `(trx, actor, input, meta?) => result` used by POST /relocations and by the
 * offline command stock.relocate. Only free units (quantity − reserved) of
 * the product, customer and batch move; each source row is reduced by the
 * ledger's guarded UPDATE (which never touches reserved units) and its
 * expiry travels with the units into the target row. The movements of one
 * relocation share one relocation_id, so the total per product and customer
 * never changes.
 */

export type RelocationMeta = Pick<MovementMeta, 'client_id' | 'mutation_id'>;

const sameBarcode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

export async function relocate(trx: Trx, actor: Actor, input: RelocationRequest, meta: RelocationMeta = {}): Promise<RelocationResponse> {
  if (!isStaff(actor)) throw new AppError('FORBIDDEN');
  // Visibility before existence: a hidden customer is answered like an unknown one (404).
  assertCustomerVisible(actor, input.customer_id);
  if (sameBarcode(input.from_location_barcode, input.to_location_barcode)) {
    throw new AppError('RELOCATE_SAME_PLACE', { location: input.from_location_barcode.trim() });
  }
  // Goods may leave a deactivated place (as with Auslagern) but only enter an active compartment (as with Einlagern).
  const source = await resolveScan(trx, { ean: input.ean, location_barcode: input.from_location_barcode }, { allowInactiveLocation: true });
  const target = await resolveScan(trx, { ean: input.ean, location_barcode: input.to_location_barcode });
  if (source.location.id === target.location.id) throw new AppError('RELOCATE_SAME_PLACE', { location: source.location.barcode });
  // Neither end may be a place being counted (docs/operations.md "Stocktake").
  await assertPlaceNotFrozen(trx, source.location.id);
  await assertPlaceNotFrozen(trx, target.location.id);
  const product = source.product;
  const batch = input.batch_number?.trim() ?? '';

  // Locked in FEFO order so that concurrent bookings on these rows queue instead of overselling.
  const rows = await trx
    .selectFrom('stock')
    .select(['id', 'quantity', 'reserved_quantity', 'expiry_date'])
    .where('product_id', '=', product.id)
    .where('customer_id', '=', input.customer_id)
    .where('location_id', '=', source.location.id)
    .where('batch_number', '=', batch)
    .where(sql<boolean>`quantity - reserved_quantity > 0`)
    .orderBy(sql`expiry_date ASC NULLS LAST`)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  const available = rows.reduce((s, r) => s + (r.quantity - r.reserved_quantity), 0);
  if (available < input.quantity) {
    throw new AppError('RELOCATE_INSUFFICIENT', { location: source.location.barcode, available, requested: input.quantity });
  }

  const relocationId = randomUUID();
  const movement: MovementMeta = { movement_type: 'relocation', user_id: actor.id, relocation_id: relocationId, ...meta };
  let need = input.quantity;
  for (const r of rows) {
    if (need === 0) break;
    const take = Math.min(need, r.quantity - r.reserved_quantity);
    await removeStock(trx, r.id, take, movement, { locationLabel: source.location.barcode });
    const key = { product_id: product.id, customer_id: input.customer_id, location_id: target.location.id, batch_number: batch, expiry_date: r.expiry_date };
    await addStock(trx, key, take, movement);
    need -= take;
  }

  const after = await trx
    .selectFrom('stock')
    .select(['location_id', sql<number>`coalesce(sum(quantity), 0)::int`.as('quantity')])
    .where('product_id', '=', product.id)
    .where('customer_id', '=', input.customer_id)
    .where('batch_number', '=', batch)
    .where('location_id', 'in', [source.location.id, target.location.id])
    .groupBy('location_id')
    .execute();
  const quantityAt = (locationId: number) => after.find((a) => a.location_id === locationId)?.quantity ?? 0;
  return {
    relocation_id: relocationId,
    from: { location_barcode: source.location.barcode, quantity: quantityAt(source.location.id) },
    to: { location_barcode: target.location.barcode, quantity: quantityAt(target.location.id) },
  };
}
