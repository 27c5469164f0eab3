import { ReceiveReturnItemCommand } from '../../../shared/schemas/returns';
import { defineCommand } from '../../offline';
import { receiveReturnItem } from './receive';

/** Offline twin of POST /returns/{id}/receive-item: same service call, movements tagged with the mutation. */
export const returnCommands = [
  defineCommand(ReceiveReturnItemCommand, 'warehouse', (ctx, { return_id, ...body }) =>
    receiveReturnItem(ctx.trx, ctx.actor, return_id, body, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
  ),
];
