/**
 * Status log events (docs/fulfilment.md "Status logs"): one table,
 * two logs. The event decides the log; the migration's CHECK mirrors the list.
 */
/** The picking log is the warehouse floor's log: waves, picks, stocktakes and stock corrections (docs/operations.md "Stocktake", "Stock corrections"). */
export const PICKING_LOG_EVENTS = [
  'wave_created',
  'wave_completed',
  'pick_discrepancy',
  'stocktake_created',
  'stocktake_booked',
  'stocktake_cancelled',
  'stock_adjusted',
] as const;
export const PACKING_LOG_EVENTS = [
  'order_packed',
  'label_generated',
  'label_failed',
  'order_shipped',
  'order_completed',
  'item_discrepancy',
  'freight_quote_requested',
  'freight_quote_saved',
  // Returns belong to their order's shipping story (docs/operations.md "Returns").
  'return_announced',
  'return_received',
  'return_completed',
] as const;
export const STATUS_LOG_EVENTS = [...PICKING_LOG_EVENTS, ...PACKING_LOG_EVENTS] as const;
export type StatusLogEvent = (typeof STATUS_LOG_EVENTS)[number];
export const STATUS_LOG_TYPES = ['picking', 'packing'] as const;
export type StatusLogType = (typeof STATUS_LOG_TYPES)[number];

export function logTypeOf(event: StatusLogEvent): StatusLogType {
  return (PICKING_LOG_EVENTS as readonly string[]).includes(event) ? 'picking' : 'packing';
}

export const STATUS_LOG_LIMITS = [25, 50, 100, 200] as const;
export const STATUS_LOG_DEFAULT_LIMIT = 50;
