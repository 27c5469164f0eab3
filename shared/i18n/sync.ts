import { CompleteReceiptCommand, ReceiveItemOfflineCommand } from '../schemas/inbound';
import { PickCommand, SaveProgressCommand, ShortageCommand } from '../schemas/picking';
import { CreateManualProductCommand } from '../schemas/products';
import { StockRelocateCommand } from '../schemas/relocation';
import { ReceiveReturnItemCommand } from '../schemas/returns';
import { StockInboundCommand, StockOutboundCommand } from '../schemas/stock';
import { StocktakeCountCommand, StocktakePlaceDoneCommand } from '../schemas/stocktake';
import { CompleteWaveCommand, CreateCartCommand } from '../schemas/waves';
import { RELOCATION_TEXTS } from './relocation';
import { RETURN_RECEIVE_UI } from './returns';
import { STOCKTAKE_COUNT_UI } from './stocktake-count';
import { WORDS } from './ui';

/**
 * German names of the offline commands (keyed by their wire names from the
 * shared specs) and the texts of the refused-bookings section on /sync.
 * The device's outbox entries carry a longer, per-booking label from their plan;
 * this is the name of the kind of booking, for lists of every device.
 */
export const OFFLINE_COMMAND_LABELS: Record<string, string> = {
  [StockInboundCommand.name]: WORDS.inbound,
  [StockOutboundCommand.name]: WORDS.outbound,
  [StockRelocateCommand.name]: RELOCATION_TEXTS.title,
  [CreateManualProductCommand.name]: 'Artikel anlegen',
  [ReceiveItemOfflineCommand.name]: 'Wareneingang buchen',
  [CompleteReceiptCommand.name]: 'Wareneingang abschließen',
  [PickCommand.name]: 'Kommissionieren',
  [ShortageCommand.name]: WORDS.reportShortage,
  [SaveProgressCommand.name]: 'Kommissionierfortschritt sichern',
  [CompleteWaveCommand.name]: 'Welle abschließen',
  [CreateCartCommand.name]: 'Kommissionierwagen anlegen',
  [ReceiveReturnItemCommand.name]: RETURN_RECEIVE_UI.title,
  [StocktakeCountCommand.name]: STOCKTAKE_COUNT_UI.title,
  [StocktakePlaceDoneCommand.name]: STOCKTAKE_COUNT_UI.done,
};

/** An offline command's German name; a name no longer known (an old app's booking) as it is. */
export function offlineCommandLabel(name: string): string {
  return OFFLINE_COMMAND_LABELS[name] ?? name;
}
