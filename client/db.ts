import { Dexie, type EntityTable, type Table } from 'dexie';
import { installGermanZodErrors } from '../shared/i18n/zod-de';
import type { EntityRow } from '../shared/offline';
import type { WsCustomer } from '../shared/schemas/customers';
import type { WsNotification } from '../shared/schemas/inbound';
import type { WsLocation } from '../shared/schemas/locations';
import type { WsWave } from '../shared/schemas/picking';
import type { WsProduct } from '../shared/schemas/products';
import type { WsReturn } from '../shared/schemas/returns';
import type { WsStock } from '../shared/schemas/stock';
import type { WsStocktakePlace } from '../shared/schemas/stocktake';
import { COOKIE_KEY } from '../sync/device/pull';
import { type IdShard, PACK_STORES, type PackedTable, PackedView, type PackRecord } from '../sync/device/packed';
import { isPacked, storesOf, type WorkingSetTable } from '../sync/device/registry';
import type { DeviceDb, MetaRow, OutboxEntry } from '../sync/device/types';
import { deviceTables } from './offline-registry';

export type { LocalEffect, MetaRow, OutboxEntry, OutboxStatus, RowPatch, StockDelta } from '../sync/device/types';

/**
 * THE local database of the device (IndexedDB through Dexie): the outbox of
 * offline mutations, sync metadata and the working set pulled from the server.
 *
 * The newest version's stores are built from the registered working-set
 * tables (client/offline-registry.ts). Older versions stay here, frozen, as
 * Dexie needs them to upgrade an installed database. A version upgrade keeps
 * every table it does not mention, so queued scans survive app updates.
 * When a table is added or its indexes change: add its frozen SCHEMA_Vn
 * literal and `version(n)` (tests/sync/device/registry.test.ts fails until then);
 * a new working-set table also needs the cookie dropped on upgrade (see v3).
 */

/** Version 1: outbox, meta and the catalogue/stock working set. */
export const SCHEMA_V1 = {
  meta: 'key',
  outbox: '[clientId+id], status, userId',
  product: 'id, ean',
  location: 'id, barcode',
  stock: 'id, product_id, location_id, [product_id+location_id]',
  customer: 'id',
} as const;

/** Version 2: announcements for goods receipt (WsNotification) and an index by client for the outbox. */
export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  outbox: '[clientId+id], status, userId, clientId',
  notification: 'id, customer_id, status',
} as const;

/** Version 3: the picker's waves for offline picking (WsWave). */
export const SCHEMA_V3 = {
  ...SCHEMA_V2,
  waves: 'id, status',
} as const;

/**
 * Version 4: the catalogue, stock and places packed, many rows per record (sync/device/packed.ts):
 * their one-row-per-record tables are dropped, a full snapshot fills the packs.
 */
export const SCHEMA_V4 = {
  meta: SCHEMA_V3.meta,
  outbox: SCHEMA_V3.outbox,
  customer: SCHEMA_V3.customer,
  notification: SCHEMA_V3.notification,
  waves: SCHEMA_V3.waves,
  ...PACK_STORES,
} as const;

/** Version 5: the open returns for "Retoure annehmen" (WsReturn). */
export const SCHEMA_V5 = {
  ...SCHEMA_V4,
  returns: 'id, outbound_order_id, status',
} as const;

/** Version 6: the places of the counting stocktakes for offline counting (WsStocktakePlace). */
export const SCHEMA_V6 = {
  ...SCHEMA_V5,
  stocktakePlaces: 'id, stocktake_id, location_id',
} as const;

/** The frozen schema the newest version must equal. */
export const LATEST_SCHEMA: Record<string, string> = SCHEMA_V6;
export const LATEST_VERSION = 6;

/** Device-only tables (never cleared by a pull) plus the registered working-set tables. */
export function currentStores(): Record<string, string> {
  return { meta: SCHEMA_V6.meta, outbox: SCHEMA_V6.outbox, ...storesOf(deviceTables) };
}

const packedTables = (deviceTables as readonly WorkingSetTable[]).filter(isPacked);
function packedView<R extends EntityRow>(db: DeviceDb, name: string): PackedView<R> {
  const spec = packedTables.find((t) => t.name === name);
  if (!spec) throw new Error(`no packed working-set table ${name}`);
  return new PackedView(db, spec as unknown as PackedTable<R>);
}

export const DB_NAME = 'lagerwerk';

export class LagerwerkDb extends Dexie implements DeviceDb {
  meta!: EntityTable<MetaRow, 'key'>;
  outbox!: Table<OutboxEntry, [string, number]>;
  packs!: Table<PackRecord, [string, number]>;
  packIds!: Table<IdShard, [string, number]>;
  // Typed views of registered working-set tables, for the features' reads.
  readonly products: PackedView<WsProduct> = packedView(this, 'product');
  readonly locations: PackedView<WsLocation> = packedView(this, 'location');
  readonly stockRows: PackedView<WsStock> = packedView(this, 'stock');
  customer!: EntityTable<WsCustomer, 'id'>;
  notification!: EntityTable<WsNotification, 'id'>;
  waves!: EntityTable<WsWave, 'id'>;
  returns!: EntityTable<WsReturn, 'id'>;
  stocktakePlaces!: EntityTable<WsStocktakePlace, 'id'>;

  constructor(name = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2);
    // A new working-set table would only get rows that change from now on by delta: forget the
    // cookie, so the next pull is a full snapshot that fills it (the outbox stays as it is).
    this.version(3)
      .stores(SCHEMA_V3)
      .upgrade((tx) => tx.table('meta').delete(COOKIE_KEY));
    this.version(4)
      .stores({ ...SCHEMA_V4, product: null, stock: null, location: null })
      .upgrade((tx) => tx.table('meta').delete(COOKIE_KEY));
    this.version(5)
      .stores(SCHEMA_V5)
      .upgrade((tx) => tx.table('meta').delete(COOKIE_KEY));
    this.version(6)
      .stores(SCHEMA_V6)
      .upgrade((tx) => tx.table('meta').delete(COOKIE_KEY));
    this.version(LATEST_VERSION).stores(currentStores());
  }

  workingSetTables(): Table[] {
    return Object.keys(storesOf(deviceTables)).map((name) => this.table(name));
  }

  entityTable(entity: string): Table<unknown, number> | undefined {
    return deviceTables.some((t) => t.name === entity && !isPacked(t)) ? this.table(entity) : undefined;
  }

  packOf(entity: string): PackedTable | undefined {
    return packedTables.find((t) => t.name === entity);
  }
}

// The device validates offline commands itself (validationRejection) and every enqueue goes
// through this module: its zod reasons must be the server's German ones before the first one.
installGermanZodErrors();

/** The app's one instance. */
export const db = new LagerwerkDb();
