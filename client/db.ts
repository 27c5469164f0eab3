import { Dexie, type EntityTable, type Table } from 'dexie';
import type { CommandName, WsCustomer, WsLocation, WsNotification, WsProduct, WsStock } from '../sync/protocol';

/**
 * THE local database of the device (IndexedDB through Dexie): the outbox of
 * offline mutations, sync metadata and the working set pulled from the server.
 *
 * Schema changes: add a new `version(n)` below and never remove a table that
 * holds device-only data (outbox, meta). A version upgrade keeps every table it
 * does not mention, so queued scans survive app updates (tests/client/db-upgrade.test.ts).
 */

/** Key/value sync metadata (see META_KEYS). */
export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * One stock change an outbox entry makes on the device before the server
 * answers. Products are keyed by EAN because a product created offline has no
 * server id yet.
 */
export interface StockDelta {
  ean: string;
  location_id: number;
  /** null: the server picks (FEFO); the device spreads the same way. */
  customer_id: number | null;
  /** Server stock row the delta was taken from (outbound), for a precise overlay. */
  stock_id: number | null;
  delta: number;
}

export interface LocalEffect {
  stock?: StockDelta[];
  /** products.createManual: the product shown in the catalogue until the server's arrives. */
  product?: { ean: string; title: string };
}

export type OutboxStatus = 'pending' | 'applied' | 'rejected';

/**
 * A queued mutation. Primary key [clientId+id]: ids are gapless per clientId
 * (one clientId per device and user, see sync/device/identity.ts).
 */
export interface OutboxEntry {
  clientId: string;
  id: number;
  name: CommandName;
  args: unknown;
  userId: number;
  createdAt: string;
  /**
   * pending: not acknowledged by the server; applied: acknowledged, kept until a
   * pull's lastMutationId covers it (so its optimistic effect does not flicker
   * away before the server data shows it); rejected: kept until a person acts.
   */
  status: OutboxStatus;
  code?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  effect?: LocalEffect;
  /** German one-line description for the Synchronisierung screen. */
  label: string;
  /** Set when a person re-submitted a rejected entry (the new mutation's id). */
  retriedAs?: number;
}

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

export const DB_NAME = 'lagerwerk';

export class LagerwerkDb extends Dexie {
  meta!: EntityTable<MetaRow, 'key'>;
  outbox!: Table<OutboxEntry, [string, number]>;
  product!: EntityTable<WsProduct, 'id'>;
  location!: EntityTable<WsLocation, 'id'>;
  stock!: EntityTable<WsStock, 'id'>;
  customer!: EntityTable<WsCustomer, 'id'>;
  notification!: EntityTable<WsNotification, 'id'>;

  constructor(name = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2);
  }

  /** Tables a pull with `reset` clears (never outbox or meta). */
  workingSetTables() {
    return [this.product, this.location, this.stock, this.customer, this.notification];
  }
}

/** The app's one instance. */
export const db = new LagerwerkDb();
