import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import type { LockedWave } from './queries';

/**
 * Who holds a wave (docs/fulfilment.md "Who holds a wave"):
 * the user who began picking it. Nobody else may pick, report a shortage,
 * save the position or complete it (REST and offline alike): 409 WAVE_TAKEN,
 * naming the holder. A manager or admin releases the wave (the picker is
 * cleared); the next begin-picking takes it.
 */

/** The WAVE_TAKEN refusal for a wave held by `w.picker_user_id`, with the holder's name. */
export async function waveTaken(trx: Trx, w: Pick<LockedWave, 'wave_number' | 'picker_user_id'>): Promise<AppError> {
  const holder = w.picker_user_id
    ? await trx.selectFrom('users').select(['full_name', 'username']).where('id', '=', w.picker_user_id).executeTakeFirst()
    : undefined;
  return new AppError('WAVE_TAKEN', { number: w.wave_number, picker: holder?.full_name || holder?.username || '–', picker_user_id: w.picker_user_id });
}

/** Refuses with WAVE_TAKEN when another user holds the wave; a wave nobody holds is open to anyone. */
export async function assertHolder(trx: Trx, w: Pick<LockedWave, 'wave_number' | 'picker_user_id'>, actor: Actor): Promise<void> {
  if (w.picker_user_id === null || w.picker_user_id === actor.id) return;
  throw await waveTaken(trx, w);
}
