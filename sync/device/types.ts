import type { Dexie, EntityTable, Table } from 'dexie';
import type { IdShard, PackedTable, PackRecord } from './packed';

/**
 * The device-side shapes of the sync layer: the outbox entry, its optimistic
 * effect, and the local database as the sync layer sees it. The app's Dexie
 * database (client/db.ts) implements DeviceDb; sync/ never imports client/.
 */

/** Key/value sync metadata (device id, client streams, cookie). */
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
  /** Change of reserved_quantity: a pick takes its units out of the order's reservation, so what is free stays. */
  reserved?: number;
}

/** A numeric change inside a list of a working-set row: each element of row[list] whose fields equal `where` gets `field += delta`. */
export interface ListDelta {
  list: string;
  where: Record<string, string | number | null>;
  field: string;
  delta: number;
}

/**
 * A change of one pulled working-set row (e.g. a wave's picked quantities),
 * shown until pulled data contains it. Deltas rather than new values, so that
 * they stack and stay right on top of whatever a later pull brought.
 */
export interface RowPatch {
  table: string;
  id: number;
  /** Fields replaced as a whole (last write wins, e.g. a wave's screen position). */
  set?: Record<string, unknown>;
  add?: ListDelta[];
}

/** What an entry shows on the device until pulled server data contains it (overlay.ts). */
export interface LocalEffect {
  stock?: StockDelta[];
  /** products.createManual: the product shown in the catalogue until the server's arrives. */
  product?: { ean: string; title: string };
  /** Working-set rows as they look after this entry (see RowPatch). */
  rows?: RowPatch[];
}

export type OutboxStatus = 'pending' | 'applied' | 'rejected';

/**
 * A queued mutation. Primary key [clientId+id]: ids are gapless per clientId
 * (one clientId per device and user, see outbox.ts).
 */
export interface OutboxEntry {
  clientId: string;
  id: number;
  /** A registered offline command (shared/offline.ts offlineCommand). */
  name: string;
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
  /** Last write wins for this key while the entry is not sent (outbox.ts EnqueueInput.replaceKey). */
  replaceKey?: string;
  /** Set when a person re-submitted a rejected entry (the new mutation's id). */
  retriedAs?: number;
}

/** The device database as the sync layer needs it. */
export interface DeviceDb extends Dexie {
  meta: EntityTable<MetaRow, 'key'>;
  outbox: Table<OutboxEntry, [string, number]>;
  /** The tables that hold the working set, packs and packIds included (a pull with `reset` clears them; never outbox or meta). */
  workingSetTables(): Table[];
  /** The table of a working-set entity stored one row per record; undefined for packed or unknown entities. */
  entityTable(entity: string): Table<unknown, number> | undefined;
  /** How a packed working-set entity is stored (packed.ts); undefined for the others. */
  packOf(entity: string): PackedTable | undefined;
  /** Buckets of rows of the packed entities, and their id maps (packed.ts). */
  packs: Table<PackRecord, [string, number]>;
  packIds: Table<IdShard, [string, number]>;
}
