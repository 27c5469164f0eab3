import { CompleteWaveCommand, CreateCartCommand } from '../../../shared/schemas/waves';
import { defineCommand } from '../../offline';
import { createCart } from './carts';
import { completeWave } from './lifecycle';

/** Offline twins of POST /picking-waves/{id}/complete and POST /picking-carts/create (same service calls, same answers). */
export const waveCommands = [
  defineCommand(CompleteWaveCommand, 'warehouse', (ctx, args) => completeWave(ctx.trx, ctx.actor, args.wave_id)),
  defineCommand(CreateCartCommand, 'warehouse', (ctx, args) => createCart(ctx.trx, ctx.actor, args)),
];
