import { WaveEntity } from '../../../shared/schemas/picking';
import { CompleteWaveCommand } from '../../../shared/schemas/waves';
import { defineDeviceCommand } from '../../../sync/device/registry';
import type { LagerwerkDb } from '../../db';
import { assertWaveAction, localWave } from '../picking/local-waves';

/**
 * picking.complete on the device: queued behind the wave's picks, so the
 * server completes the wave only after every pick of it was booked. The
 * local wave shows as completed at once; the next pull drops it from the set.
 */
export const completeWaveCommand = defineDeviceCommand(CompleteWaveCommand, async (args, db: LagerwerkDb) => {
  const local = await localWave(db, args.wave_id);
  if (!local) return { label: `Welle #${args.wave_id} abschließen` };
  assertWaveAction(local.wave, 'complete');
  return {
    label: `Welle ${local.wave.wave_number} abschließen`,
    effect: { rows: [{ table: WaveEntity.name, id: args.wave_id, set: { status: 'completed' } }] },
  };
});

export const waveCommands = [completeWaveCommand];
