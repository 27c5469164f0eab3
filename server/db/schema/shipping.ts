import type { ColumnType, Generated } from 'kysely';
import type { DisposablePalletStatus, PalletStatus } from '../../../shared/domain/pallets';
import type { StatusLogEvent, StatusLogType } from '../../../shared/domain/status-logs';
import type { Timestamp, TimestampDefault, Version } from './columns';

/** Table types: pallets (freight, disposable) and the status logs. */

export interface FreightPalletsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  length_cm: number | string | null;
  width_cm: number | string | null;
  height_cm: number | string | null;
  weight_kg: number | string | null;
  sscc: string | null;
  created_at: Generated<Timestamp>;
}

export interface PalletsTable {
  id: Generated<number>;
  barcode: string;
  name: string | null;
  active: Generated<boolean>;
  status: Generated<PalletStatus>;
  last_used_at: Timestamp | null;
  /** The wave the pallet carries (no FK until the waves table lands). */
  current_wave_id: number | null;
  current_order_count: Generated<number>;
  picker_user_id: number | null;
  packer_user_id: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  change_version: Version;
}

export interface DisposablePalletsTable {
  id: Generated<number>;
  barcode: string;
  status: Generated<DisposablePalletStatus>;
  used_for_order_id: number | null;
  created_at: TimestampDefault;
  used_at: Timestamp | null;
  change_version: Version;
}

export interface StatusLogsTable {
  id: Generated<number>;
  log_type: StatusLogType;
  event_type: StatusLogEvent;
  old_status: string | null;
  new_status: string | null;
  description: string | null;
  wave_id: number | null;
  cart_id: number | null;
  order_id: number | null;
  user_id: number | null;
  user_name: string | null;
  tracking_number: string | null;
  carrier: string | null;
  event_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: TimestampDefault;
}

/** 0007: picking waves (docs/fulfilment.md "Waves"). */
