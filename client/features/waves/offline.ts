import { CompleteWaveCommand } from '../../../shared/schemas/waves';
import { defineDeviceCommand } from '../../../sync/device/registry';
import type { LagerwerkDb } from '../../db';

/**
 * picking.complete on the device: queued behind the wave's picks, so the
 * server completes the wave only after every pick of it was booked.
 */
export const completeWaveCommand = defineDeviceCommand(CompleteWaveCommand, (args, _db: LagerwerkDb) => ({
  label: `Welle #${args.wave_id} abschließen`,
}));

export const waveCommands = [completeWaveCommand];
