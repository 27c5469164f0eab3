import { z } from 'zod';
import { SYNC_REJECTION_LIMITS } from '../domain/alerts';
import { STATUS_LOG_VALIDATION } from '../i18n/status-logs';
import { Timestamp } from './common';
import { AlertsQuery } from './status-logs';

/**
 * GET /sync/rejections: the refused offline bookings of every device (docs/operations.md
 * "Alerts", rule sync_rejected), for the shift lead's section on /sync. The
 * window is the alerts summary's `hours_back`, so the list and the count agree.
 */
export const SyncRejectionsQuery = AlertsQuery.extend({
  limit: z.preprocess(
    (v: unknown) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: STATUS_LOG_VALIDATION.rejectionLimitInvalid })
      .int(STATUS_LOG_VALIDATION.rejectionLimitInvalid)
      .min(SYNC_REJECTION_LIMITS.min, STATUS_LOG_VALIDATION.rejectionLimitInvalid)
      .max(SYNC_REJECTION_LIMITS.max, STATUS_LOG_VALIDATION.rejectionLimitInvalid)
      .default(SYNC_REJECTION_LIMITS.default),
  ),
});
export type SyncRejectionsQuery = z.infer<typeof SyncRejectionsQuery>;

/** What the args of a refused booking say, where present (null / empty when the command has no such field). */
export const SyncRejectionFacts = z.object({
  ean: z.string().nullable(),
  location_barcode: z.string().nullable(),
  quantity: z.number().nullable(),
  order_ids: z.array(z.number()),
  wave_id: z.number().nullable(),
  notification_id: z.number().nullable(),
});
export type SyncRejectionFacts = z.infer<typeof SyncRejectionFacts>;

export const SyncRejection = z.object({
  /** The device's outbox number (shown there as "Nr."); unique together with client_id. */
  mutation_id: z.number().int(),
  client_id: z.string(),
  created_at: Timestamp,
  user_id: z.number().int(),
  user_name: z.string(),
  /** Wire name of the offline command (e.g. stock.outbound) and its German name. */
  command: z.string(),
  command_label: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()),
  /** The German refusal text from the error catalogue: the same text the device showed. */
  message: z.string(),
  facts: SyncRejectionFacts,
});
export type SyncRejection = z.infer<typeof SyncRejection>;
export const SyncRejectionList = z.array(SyncRejection);
export type SyncRejectionList = z.infer<typeof SyncRejectionList>;
