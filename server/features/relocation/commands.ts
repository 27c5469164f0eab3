import { StockRelocateCommand } from '../../../shared/schemas/relocation';
import { defineCommand } from '../../offline';
import { relocate } from './service';

/** Offline twin of POST /relocations: same args, same result, movements tagged with the mutation. */
export const relocationCommands = [
  defineCommand(StockRelocateCommand, 'warehouse', (ctx, args) => relocate(ctx.trx, ctx.actor, args, { client_id: ctx.clientId, mutation_id: ctx.mutationId })),
];
