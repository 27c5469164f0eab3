import { CompleteWaveCommand } from '../../../shared/schemas/waves';
import { defineCommand } from '../../offline';
import { completeWave } from './lifecycle';

/** Offline twin of POST /picking-waves/{id}/complete (same service call, same answer). */
export const waveCommands = [defineCommand(CompleteWaveCommand, 'warehouse', (ctx, args) => completeWave(ctx.trx, ctx.actor, args.wave_id))];
