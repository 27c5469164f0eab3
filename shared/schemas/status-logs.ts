import { z } from 'zod';
import { STATUS_LOG_DEFAULT_LIMIT, STATUS_LOG_EVENTS, STATUS_LOG_LIMITS } from '../domain/status-logs';
import { ALERT_HOURS, ALERT_SEVERITIES, ALERT_TYPES } from '../domain/alerts';
import { ANALYTICS_DEFAULT_RANGE, ANALYTICS_RANGES } from '../domain/analytics';
import { STATUS_LOG_VALIDATION } from '../i18n/status-logs';
import { idNumber, IsoDate, Timestamp } from './common';

/**
 * Status logs (spec part 2 §3 "Status log", §7 "Status logs") and the alerts
 * summary. The list query is the admin screen's filter panel; empty strings
 * (an untouched field) mean "no filter".
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const OptionalId = z.preprocess(blankToUndefined, idNumber(STATUS_LOG_VALIDATION.idInvalid).optional());

/** A calendar day that exists (2026-02-30 is a German 400, not a database error). */
const LogDate = z.preprocess(
  blankToUndefined,
  IsoDate.refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, STATUS_LOG_VALIDATION.dateInvalid).optional(),
);

export const StatusLogQuery = z.object({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: STATUS_LOG_VALIDATION.limitInvalid })
      .refine((n) => (STATUS_LOG_LIMITS as readonly number[]).includes(n), STATUS_LOG_VALIDATION.limitInvalid)
      .default(STATUS_LOG_DEFAULT_LIMIT),
  ),
  wave_id: OptionalId,
  cart_id: OptionalId,
  order_id: OptionalId,
  user_id: OptionalId,
  event_type: z.preprocess(blankToUndefined, z.enum(STATUS_LOG_EVENTS, { error: STATUS_LOG_VALIDATION.eventTypeInvalid }).optional()),
  from_date: LogDate,
  to_date: LogDate,
});
export type StatusLogQuery = z.infer<typeof StatusLogQuery>;

export const StatusLogEntry = z.object({
  id: z.number().int(),
  event_type: z.enum(STATUS_LOG_EVENTS),
  old_status: z.string().nullable(),
  new_status: z.string().nullable(),
  description: z.string().nullable(),
  wave_id: z.number().int().nullable(),
  cart_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  event_data: z.record(z.string(), z.unknown()),
  created_at: Timestamp,
  /** For display (not in the spec's field list). */
  order_number: z.string().nullable(),
  wave_number: z.string().nullable(),
});
export type StatusLogEntry = z.infer<typeof StatusLogEntry>;
export const StatusLogList = z.array(StatusLogEntry);
export type StatusLogList = z.infer<typeof StatusLogList>;

export const AlertsQuery = z.object({
  hours_back: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: STATUS_LOG_VALIDATION.hoursInvalid })
      .int(STATUS_LOG_VALIDATION.hoursInvalid)
      .min(ALERT_HOURS.min, STATUS_LOG_VALIDATION.hoursInvalid)
      .max(ALERT_HOURS.max, STATUS_LOG_VALIDATION.hoursInvalid)
      .default(ALERT_HOURS.default),
  ),
});
export type AlertsQuery = z.infer<typeof AlertsQuery>;

export const AlertSeverity = z.enum(ALERT_SEVERITIES);
export const AlertsSummary = z.object({
  total_alerts: z.number().int(),
  by_severity: z.object({ critical: z.number().int(), high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  by_type: z.record(z.enum(ALERT_TYPES), z.number().int()),
  most_critical: z.object({ type: z.enum(ALERT_TYPES), severity: AlertSeverity, message: z.string(), timestamp: Timestamp }).nullable(),
});
export type AlertsSummary = z.infer<typeof AlertsSummary>;

/** GET /status-logs/analytics (docs/operations.md "Analytics"). */
export const AnalyticsQuery = z.object({
  range: z.preprocess(blankToUndefined, z.enum(ANALYTICS_RANGES, { error: STATUS_LOG_VALIDATION.rangeInvalid }).default(ANALYTICS_DEFAULT_RANGE)),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const Count = z.number().int().nonnegative();
const Rate = z.number().min(0).max(1).nullable();
export const AnalyticsCounts = z.object({
  picks: Count,
  picked_units: Count,
  orders_packed: Count,
  orders_shipped: Count,
  waves_created: Count,
  waves_completed: Count,
  pick_discrepancies: Count,
  item_discrepancies: Count,
  wave_completion_rate: Rate,
  discrepancy_rate: Rate,
});
export type AnalyticsCounts = z.infer<typeof AnalyticsCounts>;

/** A bucket is a warehouse-local hour (`2026-03-10T14`) or day (`2026-03-10`). */
export const AnalyticsBucket = AnalyticsCounts.extend({ bucket: z.string() });
export type AnalyticsBucket = z.infer<typeof AnalyticsBucket>;

export const Analytics = z.object({
  range: z.enum(ANALYTICS_RANGES),
  granularity: z.enum(['hour', 'day']),
  from: Timestamp,
  to: Timestamp,
  buckets: z.array(AnalyticsBucket),
  totals: AnalyticsCounts,
});
export type Analytics = z.infer<typeof Analytics>;
