import { sql } from 'kysely';
import { SaveProgressRequest, type WaveProgress } from '../../../shared/schemas/waves';
import type { Actor } from '../../auth/actor';
import type { DbOrTrx, Trx } from '../../db/index';
import { assertHolder } from '../waves/holder';
import { getWave, lockWave } from '../waves/queries';
import { assertWaveAction } from './target';

/**
 * Where the picker is on the picking screen (spec §3 "Progress"): stored on
 * the wave, last write wins. Only the screen position; what was picked is the
 * server's (order lines), so a stale save never undoes a pick.
 */

const NO_PROGRESS: WaveProgress = {
  has_progress: false,
  current_item_index: 0,
  current_location_index: 0,
  scan_step: 'product',
  picked_items: [],
  updated_at: null,
};

/** GET /picking-waves/{id}/get-progress. Invisible waves are WAVE_NOT_FOUND. */
export async function getProgress(db: DbOrTrx, actor: Actor, waveId: number): Promise<WaveProgress> {
  await getWave(db, actor, waveId);
  const row = await db.selectFrom('picking_waves').select(['progress', 'updated_at']).where('id', '=', waveId).executeTakeFirst();
  const stored = row?.progress as (Record<string, unknown> & { saved_at?: string }) | null | undefined;
  if (!stored) return NO_PROGRESS;
  // Stored JSON of an older screen may lack fields: read it through the schema, fall back to none.
  const parsed = SaveProgressRequest.safeParse(stored);
  if (!parsed.success) return NO_PROGRESS;
  return { ...parsed.data, has_progress: true, updated_at: typeof stored.saved_at === 'string' ? stored.saved_at : null };
}

/** POST /picking-waves/{id}/save-progress and picking.saveProgress; allowed while the wave is ready or picking, to its picker only. */
export async function saveProgress(trx: Trx, actor: Actor, waveId: number, input: SaveProgressRequest): Promise<WaveProgress> {
  const wave = await lockWave(trx, actor, waveId);
  assertWaveAction(wave, 'save_progress');
  await assertHolder(trx, wave, actor);
  const savedAt = new Date().toISOString();
  await trx
    .updateTable('picking_waves')
    .set({ progress: JSON.stringify({ ...input, saved_at: savedAt }), updated_at: sql<string>`now()` })
    .where('id', '=', waveId)
    .execute();
  return { ...input, has_progress: true, updated_at: savedAt };
}
