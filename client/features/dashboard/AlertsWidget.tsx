import { Link } from '@tanstack/react-router';
import { AlertTriangle, ArrowRight, CheckCircle2 } from 'lucide-react';
import { ALERT_SEVERITY, ALERT_TYPES, type AlertType, SEVERITY_RANK } from '../../../shared/domain/alerts';
import { DASHBOARD_UI, SEVERITY_LABELS } from '../../../shared/i18n/dashboard';
import { formatDateTime } from '../../../shared/i18n/format';
import { alertMessage } from '../../../shared/i18n/status-logs';
import { texts } from '../../../shared/i18n/translate';
import type { AlertsSummary } from '../../../shared/schemas/status-logs';
import { Badge, Card, Spinner } from '../../ui/misc';

/** Where an alert's cause is looked at: a screen, with the filter that shows it. */
export interface CauseLink {
  to: string;
  search?: Record<string, string>;
  /** A section of the screen (its element id), e.g. the refused bookings on /sync. */
  hash?: string;
}

const SEVERITY_TONE = { critical: 'red', high: 'red', medium: 'amber', low: 'gray' } as const;

/** Display part of the alerts widget: the most critical alert, then every rule that fires, each linked to its cause. */
export function AlertsWidget({
  summary,
  loading,
  failed,
  linkFor,
}: {
  summary: AlertsSummary | undefined;
  loading: boolean;
  failed: boolean;
  linkFor: (type: AlertType) => CauseLink | undefined;
}) {
  const firing = summary
    ? ALERT_TYPES.filter((t) => (summary.by_type[t] ?? 0) > 0).sort((a, b) => SEVERITY_RANK[ALERT_SEVERITY[a]] - SEVERITY_RANK[ALERT_SEVERITY[b]])
    : [];
  const [T, severities] = [texts(DASHBOARD_UI), texts(SEVERITY_LABELS)];
  const mostCritical = summary?.most_critical;
  return (
    <Card className="p-4" data-testid="alerts-widget">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <AlertTriangle className="h-5 w-5 text-amber-600" aria-hidden />
          {T.alertsTitle}
        </h2>
        {summary ? (
          <span className="text-sm text-slate-600" data-testid="alerts-total">
            {T.alertsTotal(summary.total_alerts)}
          </span>
        ) : null}
      </div>
      {loading ? <Spinner label={T.loading} /> : null}
      {failed && !summary ? <p className="text-sm text-red-700">{T.loadError}</p> : null}
      {summary && firing.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-emerald-800" data-testid="alerts-quiet">
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          {T.alertsQuiet}
        </p>
      ) : null}
      {summary && mostCritical ? (
        <div className="mb-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="alerts-most-critical">
          <div className="font-semibold">{alertMessage(mostCritical.type, summary.by_type[mostCritical.type] ?? 0)}</div>
          <div className="text-xs text-red-800">
            {severities[mostCritical.severity]} · {formatDateTime(mostCritical.timestamp)}
          </div>
        </div>
      ) : null}
      {firing.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {firing.map((type) => {
            const link = linkFor(type);
            const severity = ALERT_SEVERITY[type];
            return (
              <li key={type} className="flex flex-wrap items-center gap-2 py-2 text-sm" data-testid={`alert-${type}`}>
                <Badge tone={SEVERITY_TONE[severity]}>{severities[severity]}</Badge>
                <span className="min-w-0 flex-1 text-slate-800">{alertMessage(type, summary?.by_type[type] ?? 0)}</span>
                {link ? (
                  <Link
                    to={link.to}
                    search={link.search}
                    hash={link.hash}
                    className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                    data-testid={`alert-link-${type}`}
                  >
                    {T.alertShow}
                    <ArrowRight className="h-4 w-4" aria-hidden />
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}
