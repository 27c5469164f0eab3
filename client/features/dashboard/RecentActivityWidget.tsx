import { Link } from '@tanstack/react-router';
import { Activity, ArrowRight } from 'lucide-react';
import { DASHBOARD_UI } from '../../../shared/i18n/dashboard';
import { formatDateTime } from '../../../shared/i18n/format';
import { STATUS_LOG_EVENT_LABELS } from '../../../shared/i18n/status-logs';
import { texts } from '../../../shared/i18n/translate';
import { WORDS } from '../../../shared/i18n/ui';
import type { StatusLogEntry } from '../../../shared/schemas/status-logs';
import { Badge, Card, Spinner } from '../../ui/misc';
import { EVENT_TONE } from '../status-logs/StatusLogEntries';

/** What the entry is about: the order, else the wave (number when known). */
function subject(e: StatusLogEntry): string | null {
  const W = texts(WORDS);
  if (e.order_id !== null) return `${W.order} ${e.order_number ?? `#${e.order_id}`}`;
  const loggedWave = typeof e.event_data.wave_number === 'string' ? e.event_data.wave_number : null;
  if (e.wave_id !== null) return `${W.wave} ${e.wave_number ?? loggedWave ?? `#${e.wave_id}`}`;
  return null;
}

/** Display part of Recent Activity: the newest log entries, and the way to the full logs when the user may open them. */
export function RecentActivityWidget({
  entries,
  loading,
  failed,
  logsLink,
}: {
  entries: StatusLogEntry[] | undefined;
  loading: boolean;
  failed: boolean;
  logsLink: string | undefined;
}) {
  const [T, events] = [texts(DASHBOARD_UI), texts(STATUS_LOG_EVENT_LABELS)];
  return (
    <Card className="p-4" data-testid="recent-activity">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <Activity className="h-5 w-5 text-brand-600" aria-hidden />
          {T.recentTitle}
        </h2>
        {logsLink ? (
          <Link to={logsLink} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline" data-testid="recent-all-logs">
            {T.recentAll}
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        ) : null}
      </div>
      {loading ? <Spinner label={T.loading} /> : null}
      {failed && !entries ? <p className="text-sm text-red-700">{T.loadError}</p> : null}
      {entries && entries.length === 0 ? <p className="text-sm text-slate-600">{T.recentEmpty}</p> : null}
      {entries && entries.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {entries.map((e) => {
            const about = subject(e);
            return (
              <li key={e.id} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-start sm:gap-3" data-testid="recent-entry">
                <div className="shrink-0 sm:w-40">
                  <Badge tone={EVENT_TONE[e.event_type]}>{events[e.event_type]}</Badge>
                </div>
                <div className="min-w-0 flex-1">
                  {about ? <div className="font-medium text-slate-900">{about}</div> : null}
                  {e.description ? <div className="break-words text-slate-700">{e.description}</div> : null}
                </div>
                <div className="shrink-0 text-xs text-slate-500 sm:text-right">
                  <div>{formatDateTime(e.created_at)}</div>
                  {e.user_name ? <div>{e.user_name}</div> : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}
