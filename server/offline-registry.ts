import { customerSource } from './features/customers/working-set';
import { receiptCommands } from './features/inbound-notifications/commands';
import { notificationSource } from './features/inbound-notifications/working-set';
import { locationSource } from './features/locations/working-set';
import { pickingCommands } from './features/picking/commands';
import { waveSource } from './features/picking/working-set';
import { productCommands } from './features/products/commands';
import { productSource } from './features/products/working-set';
import { relocationCommands } from './features/relocation/commands';
import { returnCommands } from './features/returns/commands';
import { returnSource } from './features/returns/working-set';
import { stockCommands } from './features/stock/commands';
import { stockSource } from './features/stock/working-set';
import { stocktakeCommands } from './features/stocktakes/commands';
import { stocktakePlaceSource } from './features/stocktakes/working-set';
import { waveCommands } from './features/waves/commands';
import type { OfflineCommand, Source } from './offline';

/**
 * THE lists of offline commands and working-set sources on the server (the
 * device has the same lists in client/offline-registry.ts). Adding an offline
 * feature = its files plus one line here (docs/architecture.md "How to add an offline command").
 */
export const offlineCommands: readonly OfflineCommand[] = [
  ...stockCommands,
  ...relocationCommands,
  ...productCommands,
  ...receiptCommands,
  ...pickingCommands,
  ...waveCommands,
  ...returnCommands,
  ...stocktakeCommands,
];

export const workingSetSources: readonly Source[] = [
  productSource,
  locationSource,
  stockSource,
  customerSource,
  notificationSource,
  waveSource,
  returnSource,
  stocktakePlaceSource,
];
