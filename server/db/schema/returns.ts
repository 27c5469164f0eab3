import type { Generated } from 'kysely';
import type { ReturnCondition, ReturnDisposition, ReturnReason, ReturnStatus } from '../../../shared/domain/returns';
import type { Timestamp, TimestampDefault } from './columns';

/** Table types of returns (migration 0022, docs/operations.md "Returns"). */

export interface ReturnsTable {
  id: Generated<number>;
  return_number: string;
  customer_id: number;
  outbound_order_id: number;
  status: Generated<ReturnStatus>;
  note: string | null;
  created_by: number | null;
  created_at: TimestampDefault;
  received_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  updated_at: TimestampDefault;
}

export interface ReturnItemsTable {
  id: Generated<number>;
  return_id: number;
  product_id: number;
  /** Announced units. */
  quantity: number;
  reason: ReturnReason;
}

export interface ReturnReceiptsTable {
  id: Generated<number>;
  return_id: number;
  return_item_id: number;
  quantity: number;
  condition: ReturnCondition;
  disposition: ReturnDisposition;
  /** Null exactly when disposed. */
  location_id: number | null;
  user_id: number | null;
  client_id: string | null;
  mutation_id: number | null;
  created_at: TimestampDefault;
}
