/**
 * Pick & Pack analytics of the staff dashboard (docs/operations.md "Analytics"). A range
 * is today (per hour) or the last 7 / 30 warehouse days including today (per
 * day); days and hours are those of the warehouse's time zone.
 */
export const ANALYTICS_RANGES = ['today', '7d', '30d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_DEFAULT_RANGE: AnalyticsRange = 'today';

export type AnalyticsGranularity = 'hour' | 'day';

/** Days a range covers (today included) and the size of its buckets. */
export const ANALYTICS_RANGE_DEF: Record<AnalyticsRange, { days: number; granularity: AnalyticsGranularity }> = {
  today: { days: 1, granularity: 'hour' },
  '7d': { days: 7, granularity: 'day' },
  '30d': { days: 30, granularity: 'day' },
};

/** Per-bucket and total counts; the two rates are derived from them (ratesOf). */
export interface AnalyticsTally {
  picks: number;
  picked_units: number;
  orders_packed: number;
  orders_shipped: number;
  waves_created: number;
  waves_completed: number;
  pick_discrepancies: number;
  item_discrepancies: number;
}

export const EMPTY_TALLY: AnalyticsTally = {
  picks: 0,
  picked_units: 0,
  orders_packed: 0,
  orders_shipped: 0,
  waves_created: 0,
  waves_completed: 0,
  pick_discrepancies: 0,
  item_discrepancies: 0,
};

/**
 * The formulas (docs/operations.md "Analytics"); null when nothing happened to divide by.
 *  - wave completion rate = waves created in the period that are completed by now ÷ waves created in the period
 *  - discrepancy rate = (pick + item discrepancies) ÷ (picks + orders packed + pick + item discrepancies)
 */
export function ratesOf(c: AnalyticsTally): { wave_completion_rate: number | null; discrepancy_rate: number | null } {
  const discrepancies = c.pick_discrepancies + c.item_discrepancies;
  const checks = c.picks + c.orders_packed + discrepancies;
  return {
    wave_completion_rate: c.waves_created > 0 ? c.waves_completed / c.waves_created : null,
    discrepancy_rate: checks > 0 ? discrepancies / checks : null,
  };
}

/** Recent Activity: newest entries per log type, and how many of the merged list are shown. */
export const RECENT_PER_LOG = 5;
export const RECENT_SHOWN = 8;
