import { type PalletStatus, PALLET_STATUS_LABELS } from '../../../shared/domain/pallets';
import { OPEN_WAVE_STATUSES } from '../../../shared/domain/wave-status';
import { PALLET_INACTIVE_LABELS } from '../../../shared/i18n/errors/refusal-words';
import type { CreatePalletQuery, Pallet } from '../../../shared/schemas/pallets';
import type { Actor } from '../../auth/actor';
import type { DbOrTrx, Trx } from '../../db/index';
import { AppError, pgErrorCode } from '../../errors';

/**
 * Reusable pallets: register, toggle active, look up, claim. A claim is one
 * guarded UPDATE (… WHERE status = 'available' AND active RETURNING), so two
 * pickers scanning the same pallet at once get exactly one winner; the loser
 * reads the row afterwards only to word the refusal. A pallet claimed by hand
 * (no wave) goes back to the pool with release.
 */

function palletQuery(db: DbOrTrx) {
  return db
    .selectFrom('pallets as p')
    .leftJoin('users as picker', 'picker.id', 'p.picker_user_id')
    .leftJoin('users as packer', 'packer.id', 'p.packer_user_id')
    .select([
      'p.id',
      'p.barcode',
      'p.name',
      'p.active',
      'p.status',
      'p.last_used_at',
      'p.created_at',
      'p.current_order_count',
      'p.current_wave_id',
      'picker.full_name as picker_full_name',
      'picker.username as picker_username',
      'packer.full_name as packer_full_name',
      'packer.username as packer_username',
    ]);
}

type PalletRow = Awaited<ReturnType<ReturnType<typeof palletQuery>['executeTakeFirstOrThrow']>>;

/** The cart shows while the pallet is out of the pool (claimed until shipped). */
function toPallet(r: PalletRow): Pallet {
  const busy = r.status !== 'available';
  return {
    id: r.id,
    barcode: r.barcode,
    name: r.name,
    active: r.active,
    status: r.status,
    last_used_at: r.last_used_at,
    created_at: r.created_at,
    current_cart: busy
      ? {
          total_orders: r.current_order_count,
          picker_name: r.picker_full_name || r.picker_username || null,
          packer_name: r.packer_full_name || r.packer_username || null,
        }
      : null,
  };
}

export async function listPallets(db: DbOrTrx): Promise<Pallet[]> {
  const rows = await palletQuery(db).orderBy('p.barcode').execute();
  return rows.map(toPallet);
}

export async function getPalletByBarcode(db: DbOrTrx, barcode: string): Promise<Pallet> {
  const row = await palletQuery(db).where('p.barcode', '=', barcode).executeTakeFirst();
  if (!row) throw new AppError('PALLET_NOT_FOUND', { barcode });
  return toPallet(row);
}

export async function getPalletById(db: DbOrTrx, id: number): Promise<Pallet> {
  const row = await palletQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('PALLET_NOT_FOUND', { id });
  return toPallet(row);
}

export async function createPallet(trx: Trx, input: CreatePalletQuery): Promise<Pallet> {
  const taken = await trx.selectFrom('pallets').select('id').where('barcode', '=', input.barcode).executeTakeFirst();
  if (taken) throw new AppError('PALLET_BARCODE_TAKEN', { barcode: input.barcode });
  try {
    const row = await trx.insertInto('pallets').values({ barcode: input.barcode, name: input.name }).returning('id').executeTakeFirstOrThrow();
    return getPalletById(trx, row.id);
  } catch (e) {
    // Two admins registering the same code at once: the unique index decides.
    if (pgErrorCode(e) === '23505') throw new AppError('PALLET_BARCODE_TAKEN', { barcode: input.barcode });
    throw e;
  }
}

export async function setPalletActive(trx: Trx, id: number, active: boolean): Promise<Pallet> {
  const row = await trx.updateTable('pallets').set({ active, updated_at: new Date() }).where('id', '=', id).returning('id').executeTakeFirst();
  if (!row) throw new AppError('PALLET_NOT_FOUND', { id });
  return getPalletById(trx, id);
}

export function notAvailable(barcode: string, status: PalletStatus, active: boolean): AppError {
  const label = active ? PALLET_STATUS_LABELS[status] : PALLET_INACTIVE_LABELS.inactive;
  return new AppError('PALLET_NOT_AVAILABLE', { barcode, status: label, status_code: active ? status : 'inactive' });
}

/** available + active → in_use, the claimer recorded as picker. */
export async function claimPallet(trx: Trx, actor: Actor, barcode: string): Promise<Pallet> {
  const won = await trx
    .updateTable('pallets')
    .set({ status: 'in_use', picker_user_id: actor.id, packer_user_id: null, last_used_at: new Date(), updated_at: new Date() })
    .where('barcode', '=', barcode)
    .where('status', '=', 'available')
    .where('active', '=', true)
    .returning('id')
    .executeTakeFirst();
  if (won) return getPalletById(trx, won.id);
  const p = await trx.selectFrom('pallets').select(['status', 'active']).where('barcode', '=', barcode).executeTakeFirst();
  if (!p) throw new AppError('PALLET_NOT_FOUND', { barcode });
  throw notAvailable(barcode, p.status, p.active);
}

/**
 * in_use → available when no open wave (draft, ready, picking) carries the
 * pallet: undoes a claim by hand. The row is locked first, so a wave start
 * taking the pallet at the same moment is seen. Releasing an available
 * pallet again answers it unchanged.
 */
export async function releasePallet(trx: Trx, barcode: string): Promise<Pallet> {
  const p = await trx.selectFrom('pallets').select(['id', 'status']).where('barcode', '=', barcode).forUpdate().executeTakeFirst();
  if (!p) throw new AppError('PALLET_NOT_FOUND', { barcode });
  if (p.status === 'available') return getPalletById(trx, p.id);
  if (p.status !== 'in_use') throw new AppError('PALLET_NOT_RELEASABLE', { barcode, status: PALLET_STATUS_LABELS[p.status], status_code: p.status });
  const wave = await trx
    .selectFrom('picking_waves')
    .select(['id', 'wave_number'])
    .where('pallet_id', '=', p.id)
    .where('status', 'in', [...OPEN_WAVE_STATUSES])
    .orderBy('id')
    .executeTakeFirst();
  if (wave) throw new AppError('PALLET_CARRIES_OPEN_WAVE', { barcode, wave: wave.wave_number, wave_id: wave.id });
  await trx
    .updateTable('pallets')
    .set({ status: 'available', current_wave_id: null, current_order_count: 0, picker_user_id: null, packer_user_id: null, updated_at: new Date() })
    .where('id', '=', p.id)
    .execute();
  return getPalletById(trx, p.id);
}
