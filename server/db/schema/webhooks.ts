import type { Generated } from 'kysely';
import type { WebhookDeliveryStatus } from '../../../shared/schemas/webhooks';
import type { Json, Timestamp, TimestampDefault } from './columns';

/** Table types of webhooks (migration 0030, docs/integrations.md "Webhooks"). */

export interface WebhooksTable {
  id: Generated<number>;
  customer_id: number;
  url: string;
  events: Json<string[]>;
  /** AES-256-GCM under SETTINGS_KEY (server/features/settings/crypto.ts). */
  secret_encrypted: string;
  secret_prefix: string;
  created_by: number;
  created_at: TimestampDefault;
  deleted_at: Timestamp | null;
  deleted_by: number | null;
}

export interface WebhookEventsTable {
  id: string;
  customer_id: number;
  type: string;
  order_id: number | null;
  data: Json<Record<string, unknown>>;
  created_at: TimestampDefault;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event_id: string;
  order_id: number | null;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  response_status: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: TimestampDefault;
}
