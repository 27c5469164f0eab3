import { sql } from 'kysely';
import { gtinVariants } from '../../../shared/domain/product-code';
import { isStaff } from '../../../shared/domain/roles';
import type { CountRequest, CountResponse, PlaceDoneResponse } from '../../../shared/schemas/stocktake';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { assertCounting, lockStocktake, type StocktakeRow } from './service';

/**
 * Counting (docs/operations.md "Stocktake"): POST /stocktakes/{id}/counts and
 * the offline command stocktake.count. A count replaces the earlier count of
 * the same product, customer and batch at the place (last write wins); a
 * product found where none was expected gets its own line (expected 0).
 * Counting stays possible on a done place until the stocktake is booked, so
 * a miscount can be corrected.
 */

/** The handheld mutation a count or "Platz fertig" came from (offline commands, commands.ts); none from REST. */
export interface CountMeta {
  client_id?: string;
  mutation_id?: number;
}

const tagOf = (meta: CountMeta) => ({ client_id: meta.client_id ?? null, mutation_id: meta.mutation_id ?? null });

/** The stocktake's place behind a scanned barcode (either case); 404 unknown barcode, 409 not in this stocktake. */
async function placeOf(trx: Trx, st: StocktakeRow, barcode: string) {
  const forms = [...new Set([barcode.trim(), barcode.trim().toUpperCase()])];
  const loc = await trx.selectFrom('locations').select(['id', 'barcode']).where('barcode', 'in', forms).executeTakeFirst();
  if (!loc?.barcode) throw new AppError('LOCATION_NOT_FOUND', { barcode });
  const place = await trx
    .selectFrom('stocktake_places')
    .select(['id', 'done'])
    .where('stocktake_id', '=', st.id)
    .where('location_id', '=', loc.id)
    .executeTakeFirst();
  if (!place) throw new AppError('STOCKTAKE_PLACE_NOT_IN', { barcode: loc.barcode, number: st.number });
  return { ...place, barcode: loc.barcode };
}

/** Without customer_id: the one line of the product at the place, else the product's only customer in stock. */
async function customerFor(trx: Trx, actor: Actor, placeId: number, productId: number, batch: string, input: CountRequest): Promise<number> {
  if (input.customer_id !== undefined) {
    assertCustomerVisible(actor, input.customer_id);
    const c = await trx.selectFrom('customers').select('id').where('id', '=', input.customer_id).executeTakeFirst();
    if (!c) throw new AppError('CUSTOMER_NOT_FOUND', { id: input.customer_id });
    return c.id;
  }
  const lines = await trx
    .selectFrom('stocktake_lines')
    .select('customer_id')
    .distinct()
    .where('place_id', '=', placeId)
    .where('product_id', '=', productId)
    .where('batch_number', '=', batch)
    .execute();
  if (lines.length === 1) return lines[0].customer_id;
  if (lines.length > 1) throw new AppError('STOCKTAKE_CUSTOMER_REQUIRED', { ean: input.ean });
  const owners = await trx.selectFrom('stock').select('customer_id').distinct().where('product_id', '=', productId).limit(2).execute();
  if (owners.length !== 1) throw new AppError('STOCKTAKE_CUSTOMER_REQUIRED', { ean: input.ean });
  return owners[0].customer_id;
}

export async function countStock(trx: Trx, actor: Actor, id: number, input: CountRequest, meta: CountMeta = {}): Promise<CountResponse> {
  if (!isStaff(actor)) throw new AppError('FORBIDDEN');
  const st = await lockStocktake(trx, id, 'share');
  assertCounting(st);
  const place = await placeOf(trx, st, input.location_barcode);
  const variants = gtinVariants(input.ean);
  const product = await trx
    .selectFrom('products')
    .select(['id', 'ean'])
    .where('ean', 'in', variants)
    .orderBy(sql`ean = ${input.ean}`, 'desc')
    .executeTakeFirst();
  if (!product) throw new AppError('PRODUCT_NOT_FOUND', { ean: input.ean });
  const batch = input.batch_number?.trim() ?? '';
  const customerId = await customerFor(trx, actor, place.id, product.id, batch, input);
  // A worker restricted to some customers counts only their goods (another's is answered as unknown).
  assertCustomerVisible(actor, customerId);
  await trx
    .insertInto('stocktake_lines')
    .values({
      place_id: place.id,
      product_id: product.id,
      customer_id: customerId,
      batch_number: batch,
      expected: 0,
      counted: input.quantity,
      counted_by: actor.id,
      counted_at: new Date(),
      ...tagOf(meta),
    })
    .onConflict((oc) =>
      oc.columns(['place_id', 'product_id', 'customer_id', 'batch_number']).doUpdateSet({
        counted: input.quantity,
        counted_by: actor.id,
        counted_at: new Date(),
        ...tagOf(meta),
      }),
    )
    .execute();
  return { location_barcode: place.barcode, ean: product.ean, customer_id: customerId, batch_number: batch, counted: input.quantity };
}

/** "Platz fertig": closes the place; the lines not counted there count 0 (reported, stored as null). */
export async function placeDone(trx: Trx, actor: Actor, id: number, barcode: string, meta: CountMeta = {}): Promise<PlaceDoneResponse> {
  if (!isStaff(actor)) throw new AppError('FORBIDDEN');
  const st = await lockStocktake(trx, id, 'share');
  assertCounting(st);
  const place = await placeOf(trx, st, barcode);
  await trx
    .updateTable('stocktake_places')
    .set({ done: true, done_by: actor.id, done_at: new Date(), ...tagOf(meta) })
    .where('id', '=', place.id)
    .execute();
  const uncounted = await trx
    .selectFrom('stocktake_lines')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('place_id', '=', place.id)
    .where('counted', 'is', null)
    .executeTakeFirstOrThrow();
  return { location_barcode: place.barcode, done: true, uncounted_as_zero: uncounted.n };
}
