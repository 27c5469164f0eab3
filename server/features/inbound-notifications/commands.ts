import { CompleteReceiptCommand, ReceiveItemOfflineCommand } from '../../../shared/schemas/inbound';
import { defineCommand } from '../../offline';
import { receiveItem } from './receive';
import { completeNotification } from './service';

/**
 * Offline twins of the dock's goods receipt: one mutation per confirmed
 * line (args {notification_id, item}, the REST receive line), and "Fertig".
 * Movements are tagged with the mutation that booked them.
 */
export const receiptCommands = [
  defineCommand(ReceiveItemOfflineCommand, 'warehouse', (ctx, args) =>
    receiveItem(ctx.trx, ctx.actor, args, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
  ),
  defineCommand(CompleteReceiptCommand, 'warehouse', async (ctx, args) => {
    const n = await completeNotification(ctx.trx, ctx.actor, args.notification_id);
    return { notification_id: n.id, notification_status: n.status };
  }),
];
