import type { Generated } from 'kysely';
import type { StocktakeStatus } from '../../../shared/constants';
import type { Timestamp, TimestampDefault } from './columns';

/** Table types of the stocktake (Inventur, docs/operations.md "Stocktake"; migrations 0021, 0025). */

export interface StocktakesTable {
  id: Generated<number>;
  /** INV-YYYY-NNNN */
  number: string;
  name: string;
  status: Generated<StocktakeStatus>;
  /** Blind count: a warehouse_worker sees no expected quantities until booked. */
  blind: Generated<boolean>;
  created_by: number | null;
  created_at: TimestampDefault;
  booked_at: Timestamp | null;
  booked_by: number | null;
  cancelled_at: Timestamp | null;
  cancelled_by: number | null;
}

export interface StocktakePlacesTable {
  id: Generated<number>;
  stocktake_id: number;
  location_id: number;
  /** True while the stocktake counts: the place is frozen. At most one open row per place (partial unique index). */
  open: Generated<boolean>;
  done: Generated<boolean>;
  done_by: number | null;
  done_at: Timestamp | null;
  /** The handheld mutation that set done (migration 0025); null from REST. */
  client_id: string | null;
  mutation_id: number | null;
}

export interface StocktakeLinesTable {
  id: Generated<number>;
  place_id: number;
  product_id: number;
  customer_id: number;
  batch_number: Generated<string>;
  /** Stock at creation (per product, customer, batch at the place). */
  expected: Generated<number>;
  /** Null until counted; on a done place an uncounted line counts 0. */
  counted: number | null;
  counted_by: number | null;
  counted_at: Timestamp | null;
  /** The handheld mutation that set the count (migration 0025); null from REST. */
  client_id: string | null;
  mutation_id: number | null;
}
