import { PickCommand, SaveProgressCommand, ShortageCommand } from '../../../shared/schemas/picking';
import { defineCommand } from '../../offline';
import { reportShortage, pick } from './picks';
import { pickMany } from './picks-many';
import { saveProgress } from './progress';

/** Offline twins of POST /picking-waves/{id}/pick, /shortage and /save-progress: same service, movements tagged with the mutation. */
export const pickingCommands = [
  defineCommand(
    PickCommand,
    'warehouse',
    (ctx, { wave_id, ...body }) => pick(ctx.trx, ctx.actor, wave_id, body, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
    // A push's run of picks is decided in memory and booked set-based (docs/sync.md "Set-based replay").
    (ctx, items) => pickMany(ctx.trx, ctx.actor, ctx.clientId, items),
  ),
  defineCommand(ShortageCommand, 'warehouse', (ctx, { wave_id, ...body }) =>
    reportShortage(ctx.trx, ctx.actor, wave_id, body, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
  ),
  defineCommand(SaveProgressCommand, 'warehouse', (ctx, { wave_id, ...body }) => saveProgress(ctx.trx, ctx.actor, wave_id, body)),
];
