import type { Generated } from 'kysely';
import type { JobStatus } from '../../../shared/schemas/catalog';
import type { SettingCategory } from '../../../shared/schemas/settings';
import type { Json, Timestamp, TimestampDefault } from './columns';

/** Table types: settings, countries, background jobs and idempotency keys. */

export interface SettingsTable {
  key: string;
  value: string | null;
  category: Generated<SettingCategory>;
  is_encrypted: Generated<boolean>;
  description: string | null;
  updated_at: TimestampDefault;
}

export interface CountriesTable {
  code: string;
  name_de: string;
  is_active: Generated<boolean>;
  sort_index: Generated<number>;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  status: Generated<JobStatus>;
  total: Generated<number>;
  done: Generated<number>;
  succeeded: Generated<number>;
  failed: Generated<number>;
  payload: Json | null;
  result: Json | null;
  error: string | null;
  created_by: number | null;
  created_at: TimestampDefault;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  route: string;
  /** sha256 of method, path and canonical body; null for rows older than migration 0008. */
  request_hash: string | null;
  status_code: number;
  response: Json | null;
  created_at: TimestampDefault;
}

/** sync_clients, sync_mutations, sync_tombstones: typed by the sync layer (sync/server/tables.ts). */
/** A freight order's pallets (migration 0013); numeric columns come back as strings. */
