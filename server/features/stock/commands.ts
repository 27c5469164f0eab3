import { InboundRequest, OutboundRequest } from '../../../shared/schemas/stock';
import { defineCommand } from '../../../sync/server/registry';
import { bookInbound, bookOutbound } from './service';

/** Offline twins of POST /inbound and POST /outbound: same args, same result, movements tagged with the mutation. */
export const inboundCommand = defineCommand({
  name: 'stock.inbound',
  access: 'warehouse',
  args: InboundRequest,
  run: (ctx, args) => bookInbound(ctx.trx, ctx.actor, args, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
});

export const outboundCommand = defineCommand({
  name: 'stock.outbound',
  access: 'warehouse',
  args: OutboundRequest,
  run: (ctx, args) => bookOutbound(ctx.trx, ctx.actor, args, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
});
