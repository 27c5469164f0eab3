import type { ColumnType, Generated } from 'kysely';
import type { StoredMutationStatus } from '../../shared/constants';

/**
 * The tables the sync layer reads and writes itself (created by the server's
 * migrations). The server's Database interface includes them, so push.ts and
 * pull.ts can run on the server's Kysely instance without importing it.
 */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export interface SyncClientsTable {
  client_id: string;
  user_id: number;
  last_mutation_id: Generated<number>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface SyncMutationsTable {
  client_id: string;
  mutation_id: number;
  name: string;
  args: Json;
  user_id: number;
  status: StoredMutationStatus;
  result: Json | null;
  code: string | null;
  params: Json | null;
  created_at: TimestampDefault;
}

export interface SyncTombstonesTable {
  id: Generated<number>;
  entity: string;
  entity_id: string;
  customer_id: number | null;
  change_version: Generated<number>;
  created_at: TimestampDefault;
}

export interface SyncTables {
  sync_clients: SyncClientsTable;
  sync_mutations: SyncMutationsTable;
  sync_tombstones: SyncTombstonesTable;
}

/** The authenticated user as the sync layer needs it: the author check compares ids. */
export interface SyncActor {
  id: number;
}

/**
 * A refusal of a whole push or pull (old app, foreign device, wrong author…)
 * with a stable code from the catalogue; the server's route turns it into its
 * HTTP error answer.
 */
export class SyncRefusal extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'SyncRefusal';
  }
}
