/**
 * Alert rules of the staff dashboard (docs/operations.md "Alerts"). The spec names the
 * summary's shape only; the rules, their severity and thresholds are ours.
 */
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_TYPES = [
  'label_failed',
  'sync_rejected',
  'pick_discrepancy',
  'item_discrepancy',
  'wave_stuck',
  'order_unplanned',
  'product_incomplete',
  'stocktake_open',
  'return_overdue',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_SEVERITY: Record<AlertType, AlertSeverity> = {
  label_failed: 'critical',
  sync_rejected: 'high',
  pick_discrepancy: 'high',
  item_discrepancy: 'medium',
  wave_stuck: 'medium',
  order_unplanned: 'low',
  product_incomplete: 'low',
  stocktake_open: 'medium',
  return_overdue: 'low',
};

/** A wave in picking longer than this is stuck. */
export const WAVE_STUCK_HOURS = 4;
/** A confirmed order in no open wave for longer than this waits too long. */
export const ORDER_UNPLANNED_HOURS = 24;

/** A stocktake counting longer than this freezes its places too long (docs/operations.md "Stocktake"). */
export const STOCKTAKE_OPEN_HOURS = 24;
/** An announced return not received after this many days has probably not been sent (docs/operations.md "Returns"). */
export const RETURN_OVERDUE_DAYS = 14;

/** The summary's look-back window for event rules: default and bounds (hours). */
export const ALERT_HOURS = { default: 24, min: 1, max: 24 * 30 } as const;

/** GET /sync/rejections (the refused offline bookings behind sync_rejected): rows per answer. */
export const SYNC_REJECTION_LIMITS = { default: 100, min: 1, max: 500 } as const;

export const SEVERITY_RANK: Record<AlertSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
