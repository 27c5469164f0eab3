import { StockInboundCommand, StockOutboundCommand } from '../../../shared/schemas/stock';
import { defineCommand } from '../../offline';
import { bookInboundMany } from './inbound-many';
import { bookInbound, bookOutbound } from './service';

/** Offline twins of POST /inbound and POST /outbound: same args, same result, movements tagged with the mutation. */
export const stockCommands = [
  defineCommand(
    StockInboundCommand,
    'warehouse',
    (ctx, args) => bookInbound(ctx.trx, ctx.actor, args, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
    (ctx, items) =>
      bookInboundMany(
        ctx.trx,
        items.map((m) => ({ actor: ctx.actor, input: m.args, meta: { client_id: ctx.clientId, mutation_id: m.mutationId } })),
      ),
  ),
  defineCommand(StockOutboundCommand, 'warehouse', (ctx, args) =>
    bookOutbound(ctx.trx, ctx.actor, args, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
  ),
];
