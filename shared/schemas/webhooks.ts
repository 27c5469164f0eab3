import { z } from 'zod';
import { WEBHOOK_VALIDATION } from '../i18n/webhooks';
import { NullableTimestamp, Timestamp } from './common';

/** Webhooks of a customer's shop (docs/integrations.md "Webhooks"). The secret is answered in full once, at creation. */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The events a shop may subscribe to; `webhook.test` is only sent by "Test senden". */
export const WEBHOOK_EVENT_TYPES = ['order.status_changed', 'order.shipped', 'inbound.received', 'return.received'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookEvent = z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_VALIDATION.event });

export const Webhook = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  /** The secret's first characters, to recognise it (never enough to sign). */
  secret_prefix: z.string(),
  created_at: Timestamp,
});
export type Webhook = z.infer<typeof Webhook>;
export const WebhookList = z.array(Webhook);
export type WebhookList = z.infer<typeof WebhookList>;

export const CreateWebhookRequest = z.object({
  url: z.string({ error: WEBHOOK_VALIDATION.urlRequired }).trim().min(1, WEBHOOK_VALIDATION.urlRequired).max(2000),
  events: z.array(WebhookEvent, { error: WEBHOOK_VALIDATION.eventsRequired }).min(1, WEBHOOK_VALIDATION.eventsRequired).max(WEBHOOK_EVENT_TYPES.length),
  secret: z.string().trim().min(16, WEBHOOK_VALIDATION.secretTooShort).max(200).optional(),
});
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

/** The answer to creating a webhook: the only time the whole secret is shown. */
export const CreatedWebhook = Webhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookDelivery = z.object({
  id: z.number(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  response_status: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: NullableTimestamp,
  last_attempt_at: NullableTimestamp,
  delivered_at: NullableTimestamp,
  created_at: Timestamp,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryList = z.array(WebhookDelivery);
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
