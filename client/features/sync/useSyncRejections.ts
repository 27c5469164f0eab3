import { useQuery } from '@tanstack/react-query';
import { ALERT_HOURS } from '../../../shared/domain/alerts';
import { SyncRejectionList } from '../../../shared/schemas/sync-rejections';
import { apiGet, qs } from '../../app/api';

/** Refresh like the dashboard's alert that links here. */
const REJECTIONS_REFRESH_MS = 60_000;

/** The refused bookings of every device in the alert window (online only: the server's list). */
export function useSyncRejections(enabled: boolean) {
  return useQuery({
    queryKey: ['sync', 'rejections', ALERT_HOURS.default],
    queryFn: () => apiGet(`/sync/rejections${qs({ hours_back: ALERT_HOURS.default })}`, SyncRejectionList),
    refetchInterval: REJECTIONS_REFRESH_MS,
    enabled,
  });
}
