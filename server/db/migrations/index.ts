import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation';
import * as m0004 from './0004_orders';
import * as m0005 from './0005_pallets';
import * as m0006 from './0006_status_logs';
import * as m0007 from './0007_picking_waves';
import * as m0008 from './0008_idempotency_request_hash';
import * as m0009 from './0009_status_log_indexes';
import * as m0010 from './0010_ship_claim';
import * as m0011 from './0011_user_session_version';
import * as m0012 from './0012_movements_product_customer';
import * as m0013 from './0013_freight_pallets';
import * as m0014 from './0014_label_failed';
import * as m0015 from './0015_scale_indexes';
import * as m0016 from './0016_actor_notify';
import * as m0017 from './0017_order_completed_event';
import * as m0018 from './0018_blocked_places';
import * as m0019 from './0019_relocation_id';
import * as m0020 from './0020_adjustment_reason';
import * as m0021 from './0021_stocktakes';
import * as m0022 from './0022_returns';
import * as m0023 from './0023_stock_adjusted_event';
import * as m0024 from './0024_return_events';
import * as m0025 from './0025_stocktake_mutations';
import * as m0027 from './0027_billing';
import * as m0028 from './0028_api_keys';
import * as m0029 from './0029_invoices';
import * as m0030 from './0030_webhooks';
import * as m0031 from './0031_order_reference';
import * as m0033 from './0033_user_language';
import * as m0034 from './0034_scale_pages';
import * as m0035 from './0035_user_rooms';
import * as m0036 from './0036_scale_reads';

/**
 * Every migration in order. Add new files as NNNN_name.ts and list them here;
 * never edit a migration that has landed.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0004_orders': m0004,
  '0005_pallets': m0005,
  '0006_status_logs': m0006,
  '0007_picking_waves': m0007,
  '0008_idempotency_request_hash': m0008,
  '0009_status_log_indexes': m0009,
  '0010_ship_claim': m0010,
  '0011_user_session_version': m0011,
  '0012_movements_product_customer': m0012,
  '0013_freight_pallets': m0013,
  '0014_label_failed': m0014,
  '0015_scale_indexes': m0015,
  '0016_actor_notify': m0016,
  '0017_order_completed_event': m0017,
  '0018_blocked_places': m0018,
  '0019_relocation_id': m0019,
  '0020_adjustment_reason': m0020,
  '0021_stocktakes': m0021,
  '0022_returns': m0022,
  '0023_stock_adjusted_event': m0023,
  '0024_return_events': m0024,
  '0025_stocktake_mutations': m0025,
  '0027_billing': m0027,
  '0028_api_keys': m0028,
  '0029_invoices': m0029,
  '0030_webhooks': m0030,
  '0031_order_reference': m0031,
  '0033_user_language': m0033,
  '0034_scale_pages': m0034,
  '0035_user_rooms': m0035,
  '0036_scale_reads': m0036,
};
