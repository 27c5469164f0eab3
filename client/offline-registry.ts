import { customerTable } from './features/customers/offline';
import { locationTable } from './features/locations/offline';
import { notificationTable, receiptCommands } from './features/inbound-notifications/offline';
import { pickingCommands, waveTable } from './features/picking/offline';
import { productCommands, productTable } from './features/products/offline';
import { relocationCommands } from './features/relocation/offline';
import { returnCommands, returnTable } from './features/returns/offline';
import { stockCommands, stockTable } from './features/stock/offline';
import { stocktakeCommands, stocktakePlaceTable } from './features/stocktakes/offline';
import { waveCommands } from './features/waves/offline';

/**
 * THE lists of offline commands and working-set tables on the device (the
 * server has the same lists in server/offline-registry.ts). Adding an offline
 * feature = its files plus one line here (docs/architecture.md "How to add an offline command"). The Dexie schema
 * of client/db.ts is built from deviceTables.
 */
export const deviceCommands = [
  ...stockCommands,
  ...relocationCommands,
  ...productCommands,
  ...receiptCommands,
  ...pickingCommands,
  ...waveCommands,
  ...returnCommands,
  ...stocktakeCommands,
];

export const deviceTables = [productTable, locationTable, stockTable, customerTable, notificationTable, waveTable, returnTable, stocktakePlaceTable];
