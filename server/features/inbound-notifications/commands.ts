import { z } from 'zod';
import { ReceiveItemCommand } from '../../../shared/schemas/inbound';
import { defineCommand } from '../../../sync/server/registry';
import { completeNotification, receiveItem } from './service';

/**
 * Offline twins of the dock's goods receipt: one mutation per confirmed
 * line (args {notification_id, item}, the REST receive line), and "Fertig".
 * Movements are tagged with the mutation that booked them.
 */
export const receiveItemCommand = defineCommand({
  name: 'receipt.receiveItem',
  access: 'warehouse',
  args: ReceiveItemCommand,
  run: (ctx, args) => receiveItem(ctx.trx, ctx.actor, args, { client_id: ctx.clientId, mutation_id: ctx.mutationId }),
});

export const CompleteReceiptCommand = z.object({ notification_id: z.number().int().positive() });
export type CompleteReceiptCommand = z.infer<typeof CompleteReceiptCommand>;

export const completeReceiptCommand = defineCommand({
  name: 'receipt.complete',
  access: 'warehouse',
  args: CompleteReceiptCommand,
  run: async (ctx, args) => {
    const n = await completeNotification(ctx.trx, ctx.actor, args.notification_id);
    return { notification_id: n.id, notification_status: n.status };
  },
});
