import type { Generated } from 'kysely';
import type { PalletCorner, WaveCreationMethod, WaveStatus } from '../../../shared/domain/wave-status';
import type { Json, Timestamp, TimestampDefault, Version } from './columns';

/** Table types: picking waves, the orders in them and the picking carts. */

export interface PickingWavesTable {
  id: Generated<number>;
  wave_number: string;
  name: string;
  status: Generated<WaveStatus>;
  creation_method: WaveCreationMethod;
  pallet_barcode: string | null;
  pallet_id: number | null;
  disposable_pallet_id: number | null;
  picker_user_id: number | null;
  created_by: number | null;
  /** The picker's screen position (SaveProgressRequest), last write wins. */
  progress: Json | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  started_at: Timestamp | null;
  picking_started_at: Timestamp | null;
  completed_at: Timestamp | null;
  change_version: Version;
}

/** A wave's orders in list order; position 0..3 = pallet corner A..D; is_open until the wave completes. */
export interface PickingWaveOrdersTable {
  wave_id: number;
  order_id: number;
  position: number;
  is_open: Generated<boolean>;
}

export interface PickingCartsTable {
  id: Generated<number>;
  wave_id: number | null;
  pallet_barcode: string;
  pallet_id: number | null;
  assignments: Json<Partial<Record<PalletCorner, number>>>;
  created_by: number | null;
  created_at: TimestampDefault;
}
