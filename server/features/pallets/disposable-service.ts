import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { DISPOSABLE_CODE_CHARS, DISPOSABLE_CODE_LENGTH, DISPOSABLE_PALLET_STATUS_LABELS, DISPOSABLE_PREFIX } from '../../../shared/domain/pallets';
import type { DisposablePallet, DisposableStats } from '../../../shared/schemas/pallets';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError } from '../../errors';

/**
 * Disposable pallet barcodes (DISP- + 8 of A–Z0–9). Codes come from the
 * crypto RNG; a clash with an existing code is skipped by ON CONFLICT and
 * drawn again, so a batch always holds `count` new codes.
 */

/**
 * The pallet itself (barcode, status) is no customer's data; the order it was
 * used for is: outside the caller's scope both order fields are null, so a
 * picker limited to some customers scanning a used label learns only that it
 * is used.
 */
function disposableQuery(db: DbOrTrx, scope: CustomerScope) {
  return db
    .selectFrom('disposable_pallets as d')
    .leftJoin('outbound_orders as o', (join) => join.onRef('o.id', '=', 'd.used_for_order_id').on((eb) => inScope(eb, 'o.customer_id', scope)))
    .select([
      'd.id',
      'd.barcode',
      'd.status',
      sql<number | null>`CASE WHEN o.id IS NULL THEN NULL ELSE d.used_for_order_id END`.as('used_for_order_id'),
      'o.order_number as used_for_order_number',
      'd.created_at',
      'd.used_at',
    ]);
}

export function randomDisposableBarcode(): string {
  let code = '';
  for (let i = 0; i < DISPOSABLE_CODE_LENGTH; i++) code += DISPOSABLE_CODE_CHARS[randomInt(DISPOSABLE_CODE_CHARS.length)];
  return `${DISPOSABLE_PREFIX}${code}`;
}

export async function listDisposable(db: DbOrTrx, scope: CustomerScope, limit: number): Promise<DisposablePallet[]> {
  return disposableQuery(db, scope).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limit).execute();
}

export async function disposableStats(db: DbOrTrx): Promise<DisposableStats> {
  const rows = await db
    .selectFrom('disposable_pallets')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .groupBy('status')
    .execute();
  const stats = { available: 0, used: 0, cancelled: 0, total: 0 };
  for (const r of rows) {
    stats[r.status] = Number(r.n);
    stats.total += Number(r.n);
  }
  return stats;
}

export async function getDisposableByBarcode(db: DbOrTrx, scope: CustomerScope, barcode: string): Promise<DisposablePallet> {
  const row = await disposableQuery(db, scope).where('d.barcode', '=', barcode.toUpperCase()).executeTakeFirst();
  if (!row) throw new AppError('PALLET_NOT_FOUND', { barcode });
  return row;
}

/** Creates `count` new available barcodes; returns them in creation order. */
export async function generateDisposable(trx: Trx, count: number): Promise<string[]> {
  const created: string[] = [];
  for (let attempt = 0; attempt < 10 && created.length < count; attempt++) {
    const batch = new Set<string>();
    while (batch.size < count - created.length) batch.add(randomDisposableBarcode());
    const rows = await trx
      .insertInto('disposable_pallets')
      .values([...batch].map((barcode) => ({ barcode })))
      .onConflict((oc) => oc.column('barcode').doNothing())
      .returning(['id', 'barcode'])
      .execute();
    rows.sort((a, b) => a.id - b.id);
    created.push(...rows.map((r) => r.barcode));
  }
  if (created.length < count) throw new AppError('DISPOSABLE_GENERATE_FAILED');
  return created;
}

/** available → cancelled; a used or already cancelled barcode stays as it is (409). */
export async function cancelDisposable(trx: Trx, scope: CustomerScope, id: number): Promise<DisposablePallet> {
  const won = await trx
    .updateTable('disposable_pallets')
    .set({ status: 'cancelled' })
    .where('id', '=', id)
    .where('status', '=', 'available')
    .returning('id')
    .executeTakeFirst();
  const row = await disposableQuery(trx, scope).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('PALLET_NOT_FOUND', { id });
  if (!won) {
    throw new AppError('DISPOSABLE_PALLET_NOT_AVAILABLE', {
      barcode: row.barcode,
      status: DISPOSABLE_PALLET_STATUS_LABELS[row.status],
      status_code: row.status,
    });
  }
  return row;
}

/**
 * A wave starts on a disposable pallet: available → used, linked to the
 * wave's first order. One guarded UPDATE, so two waves scanning the same
 * label at once get exactly one winner.
 */
export async function takeDisposable(trx: Trx, barcode: string, orderId: number): Promise<{ id: number; barcode: string }> {
  const code = barcode.toUpperCase();
  const won = await trx
    .updateTable('disposable_pallets')
    .set({ status: 'used', used_for_order_id: orderId, used_at: sql<Date>`now()` })
    .where('barcode', '=', code)
    .where('status', '=', 'available')
    .returning(['id', 'barcode'])
    .executeTakeFirst();
  if (won) return won;
  const row = await trx.selectFrom('disposable_pallets').select(['status']).where('barcode', '=', code).executeTakeFirst();
  if (!row) throw new AppError('PALLET_NOT_FOUND', { barcode });
  throw new AppError('DISPOSABLE_PALLET_NOT_AVAILABLE', { barcode: code, status: DISPOSABLE_PALLET_STATUS_LABELS[row.status], status_code: row.status });
}
