import type { OfflineCommand } from '../../sync/server/registry';
import { completeReceiptCommand, receiveItemCommand } from './inbound-notifications/commands';
import { createManualProductCommand } from './products/commands';
import { inboundCommand, outboundCommand } from './stock/commands';

/**
 * Every offline command the sync push can apply. Later features add one line
 * each (receipt.receiveItem, picking.confirmPick, ...); the command's args are
 * its REST body and its result the REST response.
 */
export const offlineCommands: OfflineCommand[] = [
  inboundCommand,
  outboundCommand,
  createManualProductCommand,
  receiveItemCommand,
  completeReceiptCommand,
];

/** The commands by name (what the push handler looks up). */
export function commandMap(list: readonly OfflineCommand[] = offlineCommands): ReadonlyMap<string, OfflineCommand> {
  return new Map(list.map((c) => [c.name, c]));
}
