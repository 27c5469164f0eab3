import { useEffect, useState } from 'react';
import type { AlertType } from '../../../shared/domain/alerts';
import { ANALYTICS_DEFAULT_RANGE, type AnalyticsRange } from '../../../shared/domain/analytics';
import { hasAccess } from '../../../shared/domain/roles';
import { SYNC_REJECTIONS_UI } from '../../../shared/i18n/sync-rejections';
import { usePainted } from '../../app/after-paint';
import { useSession } from '../../app/auth';
import { routeDef } from '../../routes';
import { AlertsWidget, type CauseLink } from './AlertsWidget';
import { AnalyticsWidget } from './AnalyticsWidget';
import { RecentActivityWidget } from './RecentActivityWidget';
import { useAlertsSummary, useAnalytics, useRecentActivity } from './useDashboardData';

/**
 * Where each alert's cause is looked at, best first; the first screen the
 * user may open wins (the status logs are admin-only, the order list and the wave builder are
 * for every staff user).
 */
const CAUSE_ROUTES: Record<AlertType, CauseLink[]> = {
  label_failed: [{ to: '/status-logs', search: { event_type: 'label_failed' } }, { to: '/warehouse/outbound' }],
  sync_rejected: [{ to: '/sync', hash: SYNC_REJECTIONS_UI.anchor }],
  pick_discrepancy: [{ to: '/status-logs', search: { event_type: 'pick_discrepancy' } }, { to: '/warehouse/outbound' }],
  item_discrepancy: [{ to: '/status-logs', search: { event_type: 'item_discrepancy' } }, { to: '/warehouse/outbound' }],
  wave_stuck: [{ to: '/warehouse/wave-builder' }],
  order_unplanned: [{ to: '/warehouse/wave-builder' }],
  product_incomplete: [{ to: '/products' }, { to: '/warehouse/wave-builder' }],
  stocktake_open: [{ to: '/stocktakes' }],
  return_overdue: [{ to: '/returns' }],
};

/** Data part of the staff widgets: the three queries (from the frame after the first paint on; pending shows the spinners), the range, and which links this user may follow. */
export function DashboardWidgets() {
  const { user } = useSession();
  const [range, setRange] = useState<AnalyticsRange>(ANALYTICS_DEFAULT_RANGE);
  const painted = usePainted();
  const alerts = useAlertsSummary(painted);
  const analytics = useAnalytics(range, painted);
  const recent = useRecentActivity(painted);
  useEffect(() => {
    if (alerts.error) console.error('Dashboard: Warnungen konnten nicht geladen werden', alerts.error);
    if (analytics.error) console.error('Dashboard: Auswertung konnte nicht geladen werden', analytics.error);
    if (recent.error) console.error('Dashboard: Letzte Aktivitäten konnten nicht geladen werden', recent.error);
  }, [alerts.error, analytics.error, recent.error]);

  const reachable = (path: string) => {
    const def = routeDef(path);
    return user !== null && def !== undefined && hasAccess(user, def.access);
  };
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
      <div className="xl:col-span-1">
        <AlertsWidget
          summary={alerts.data}
          loading={alerts.isPending}
          failed={alerts.isError}
          linkFor={(type) => CAUSE_ROUTES[type].find((l) => reachable(l.to))}
        />
      </div>
      <div className="xl:col-span-2">
        <AnalyticsWidget range={range} onRange={setRange} analytics={analytics.data} loading={analytics.isPending} failed={analytics.isError} />
      </div>
      <div className="xl:col-span-3">
        <RecentActivityWidget
          entries={recent.data}
          loading={recent.isPending}
          failed={recent.isError}
          logsLink={reachable('/status-logs') ? '/status-logs' : undefined}
        />
      </div>
    </div>
  );
}
