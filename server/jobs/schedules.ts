import { longestLoginWindowMinutes } from '../features/auth/throttle';
import { takeStorageSnapshot, yesterday } from '../features/billing/snapshots';
import { completeDueOrdersNow } from '../features/outbound-orders/completion';
import { deliverForAMinute } from '../features/webhooks/deliver';
import { purgeExpired } from './purge';
import type { ScheduledJob } from './queue';

/**
 * The recurring jobs, registered once here. `cron` is Europe/Berlin time;
 * pg-boss sends each occurrence once across all instances, so a handler runs
 * on one instance at a time and is retried with backoff when it fails. A
 * name removed from this list is unscheduled at the next start.
 */
export const SCHEDULED_JOBS: ScheduledJob[] = [
  {
    // Hourly: login_attempts, idempotency_keys and sync_mutations past their retention (see purge.ts).
    name: 'retention.purge',
    cron: '7 * * * *',
    handler: ({ db, config }) => purgeExpired(db, { retentionDays: config.retentionDays, loginWindowMinutes: longestLoginWindowMinutes(config.loginThrottle) }),
  },
  {
    // Nightly: orders shipped more than order_auto_complete_days days ago are completed (docs/fulfilment.md).
    name: 'orders.complete-due',
    cron: '15 3 * * *',
    handler: ({ db }) => completeDueOrdersNow(db),
  },
  {
    // Nightly: the storage snapshot of the day before (docs/operations.md "Billing (Abrechnung)"); a retry or re-run writes the same rows.
    name: 'billing.storage-snapshot',
    cron: '5 0 * * *',
    handler: async ({ db }) => {
      await takeStorageSnapshot(db, yesterday());
    },
  },
  {
    // Each minute, then every 2 s within it: due webhook deliveries and their retries (docs/integrations.md "Webhooks").
    name: 'webhooks.deliver',
    cron: '* * * * *',
    handler: ({ db, config, signal }) => deliverForAMinute(db, config, signal),
  },
];
