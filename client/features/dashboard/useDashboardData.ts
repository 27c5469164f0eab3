import { useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '../../../shared/domain/analytics';
import { afterZod } from '../../app/after-paint';
import { apiGet, qs } from '../../app/api';

/**
 * The data of the staff dashboard's widgets and the returns tile's count (online only; the widgets show
 * their error line when the server is out of reach). Refresh: alerts and the returns count every
 * 60 s, Recent Activity every 30 s, analytics every 60 s.
 * The schemas (and zod) load with the first answer: the dashboard paints without them;
 * `enabled` is false until it has painted (usePainted).
 */
export const ALERTS_REFRESH_MS = 60_000;
export const RECENT_REFRESH_MS = 30_000;
const ANALYTICS_REFRESH_MS = 60_000;
const schemas = () => afterZod(() => import('../../../shared/schemas/status-logs'));
const returnSchemas = () => afterZod(() => import('../../../shared/schemas/returns'));

export function useAlertsSummary(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['dashboard', 'alerts'],
    queryFn: async () => apiGet('/status-logs/alerts/summary', (await schemas()).AlertsSummary),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

export function useAnalytics(range: AnalyticsRange, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['dashboard', 'analytics', range],
    queryFn: async () => apiGet(`/status-logs/analytics${qs({ range })}`, (await schemas()).Analytics),
    refetchInterval: ANALYTICS_REFRESH_MS,
    // Keep the last range's figures on screen while the next one loads.
    placeholderData: (prev) => prev,
  });
}

export function useRecentActivity(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['dashboard', 'recent'],
    queryFn: async () => apiGet('/status-logs/recent', (await schemas()).StatusLogList),
    refetchInterval: RECENT_REFRESH_MS,
  });
}

/** The returns tile's count (staff): returns announced and not received yet, in the user's scope; with the alerts' rhythm. */
export function useReturnsWaiting(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['dashboard', 'returns-waiting'],
    queryFn: async () => apiGet('/returns/waiting', (await returnSchemas()).ReturnsWaiting),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}
