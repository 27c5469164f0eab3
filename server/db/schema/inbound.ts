import type { Generated } from 'kysely';
import type { NotificationStatus } from '../../../shared/domain/notification-status';
import type { DateOnly, Json, Timestamp, TimestampDefault, Version } from './columns';

/** Table types of inbound: notifications, their items and the receipts booked against them. */

export interface InboundNotificationsTable {
  id: Generated<number>;
  notification_number: string;
  customer_id: number;
  status: Generated<NotificationStatus>;
  expected_date: DateOnly;
  expected_date_to: DateOnly | null;
  reference_number: string | null;
  notes: string | null;
  created_by: number | null;
  confirmed_by: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  confirmed_at: Timestamp | null;
  receiving_started_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  change_version: Version;
}

export interface InboundNotificationItemsTable {
  id: Generated<number>;
  notification_id: number;
  product_id: number | null;
  ean: string;
  title: string;
  quantity: number;
  unit: Generated<string>;
  notes: string | null;
  image_url: string | null;
  received_quantity: Generated<number>;
  sort_index: Generated<number>;
  change_version: Version;
}

export interface InboundReceiptsTable {
  id: Generated<number>;
  notification_id: number;
  item_id: number | null;
  product_id: number;
  location_id: number;
  movement_id: number | null;
  expected_quantity: number;
  received_quantity: number;
  discrepancy: number;
  unit: Generated<string>;
  batch_number: string | null;
  expiry_date: DateOnly | null;
  packaging_level1: Json | null;
  packaging_level2: Json | null;
  notes: string | null;
  user_id: number | null;
  created_at: TimestampDefault;
}
