import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { STATUS_LOG_DEFAULT_LIMIT, type StatusLogType } from '../../../shared/domain/status-logs';
import { StatusLogList } from '../../../shared/schemas/status-logs';
import { apiGet, qs } from '../../app/api';

/** The filter panel's fields, as typed (strings; '' = no filter). */
export interface StatusLogFilters {
  wave_id: string;
  cart_id: string;
  order_id: string;
  user_id: string;
  event_type: string;
  from_date: string;
  to_date: string;
  limit: string;
}

export const EMPTY_FILTERS: StatusLogFilters = {
  wave_id: '',
  cart_id: '',
  order_id: '',
  user_id: '',
  event_type: '',
  from_date: '',
  to_date: '',
  limit: String(STATUS_LOG_DEFAULT_LIMIT),
};

/**
 * One log with the applied filters (online only: admin screen). Load errors
 * are only logged (spec §8): the screen then shows its empty state.
 */
export function useStatusLogs(logType: StatusLogType, filters: StatusLogFilters) {
  const q = useQuery({
    queryKey: ['status-logs', logType, filters],
    queryFn: () => apiGet(`/status-logs/${logType}${qs({ ...filters })}`, StatusLogList),
  });
  useEffect(() => {
    if (q.error) console.error(`Statusprotokoll (${logType}) konnte nicht geladen werden`, q.error);
  }, [q.error, logType]);
  return q;
}
