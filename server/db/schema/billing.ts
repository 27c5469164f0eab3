import type { ChargeCode } from '../../../shared/constants';
import type { DateOnly, TimestampDefault } from './columns';

/** Table types of billing (migration 0027, docs/operations.md "Billing (Abrechnung)"). */

export interface CustomerRatesTable {
  customer_id: number;
  code: ChargeCode;
  /** Net price per unit of the code, euro cents. */
  price_cents: number;
  updated_at: TimestampDefault;
}

export interface StorageSnapshotsTable {
  /** The Europe/Berlin day whose end the snapshot shows. */
  day: DateOnly;
  customer_id: number;
  /** Places holding stock of the customer at the day's end. */
  places: number;
  units: number;
  created_at: TimestampDefault;
}
