import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../../../shared/domain/analytics';
import { DASHBOARD_UI, RANGE_LABELS } from '../../../shared/i18n/dashboard';
import { formatNumber } from '../../../shared/i18n/format';
import type { Analytics } from '../../../shared/schemas/status-logs';
import { texts } from '../../../shared/i18n/translate';
import { Card, Spinner } from '../../ui/misc';

/** Chart.js arrives in its own chunk after the dashboard has painted (ChartsWhenNear). */
const AnalyticsCharts = lazy(async () => ({ default: (await import('./AnalyticsCharts')).AnalyticsCharts }));

const rate = (r: number | null) => (r === null ? texts(DASHBOARD_UI).noRate : `${formatNumber(r * 100, 1)} %`);

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <div className="text-xs text-slate-600">{label}</div>
      <div className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

function ChartsFallback() {
  return (
    <div className="flex h-60 items-center justify-center" data-testid="charts-loading">
      <Spinner label={texts(DASHBOARD_UI).chartsLoading} />
    </div>
  );
}

/**
 * Chart.js (its chunk and its drawing: the dashboard's heaviest work) waits until the charts'
 * place comes near the viewport: below the fold on a phone, it does not hold up the first screen.
 */
function ChartsWhenNear({ analytics }: { analytics: Analytics }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return near ? (
    <Suspense fallback={<ChartsFallback />}>
      <AnalyticsCharts analytics={analytics} />
    </Suspense>
  ) : (
    <div ref={ref}>
      <ChartsFallback />
    </div>
  );
}

/** Display part of the Pick & Pack widget: range switch, the range's totals, the lazily loaded charts. */
export function AnalyticsWidget({
  range,
  onRange,
  analytics,
  loading,
  failed,
}: {
  range: AnalyticsRange;
  onRange: (r: AnalyticsRange) => void;
  analytics: Analytics | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const t = analytics?.totals;
  const T = texts(DASHBOARD_UI);
  const ranges = texts(RANGE_LABELS);
  return (
    <Card className="p-4" data-testid="analytics-widget">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <BarChart3 className="h-5 w-5 text-brand-600" aria-hidden />
          {T.analyticsTitle}
        </h2>
        <fieldset className="inline-flex overflow-hidden rounded-md border border-slate-300" aria-label={T.rangeLabel}>
          {ANALYTICS_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              onClick={() => onRange(r)}
              data-testid={`range-${r}`}
              className={`px-3 py-1.5 text-sm font-medium ${r === range ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
            >
              {ranges[r]}
            </button>
          ))}
        </fieldset>
      </div>
      {loading && !analytics ? <Spinner label={T.loading} /> : null}
      {failed && !analytics ? <p className="text-sm text-red-700">{T.loadError}</p> : null}
      {t && analytics ? (
        <>
          <div className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-3 2xl:grid-cols-6" data-testid="analytics-kpis" data-range={analytics.range}>
            <Kpi label={T.picks} value={formatNumber(t.picks)} testId="kpi-picks" />
            <Kpi label={T.pickedUnits} value={formatNumber(t.picked_units)} testId="kpi-units" />
            <Kpi label={T.ordersPacked} value={formatNumber(t.orders_packed)} testId="kpi-packed" />
            <Kpi label={T.ordersShipped} value={formatNumber(t.orders_shipped)} testId="kpi-shipped" />
            <Kpi label={T.waveCompletionRate} value={rate(t.wave_completion_rate)} testId="kpi-completion" />
            <Kpi label={T.discrepancyRate} value={rate(t.discrepancy_rate)} testId="kpi-discrepancy" />
          </div>
          <ChartsWhenNear analytics={analytics} />
        </>
      ) : null}
    </Card>
  );
}
