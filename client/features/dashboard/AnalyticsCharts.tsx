import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  type Plugin,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { DASHBOARD_UI } from '../../../shared/i18n/dashboard';
import { formatDayMonth, formatNumber } from '../../../shared/i18n/format';
import { LANGUAGE_LOCALES } from '../../../shared/i18n/languages';
import { currentLanguage, texts } from '../../../shared/i18n/translate';
import type { Analytics } from '../../../shared/schemas/status-logs';

/**
 * The two Pick & Pack charts (Chart.js, canvas). This module is loaded
 * lazily by AnalyticsWidget, so Chart.js is a chunk of its own and the
 * dashboard paints before it arrives.
 */
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLORS = { picks: '#2f5d8f', units: '#94a3b8', packed: '#059669', shipped: '#d97706', completion: '#059669', discrepancy: '#dc2626' };

/** `2026-03-10T14` → "14 Uhr", `2026-03-10` → "10.03." (in German; the language in use, docs/architecture.md "Languages"). */
export function bucketLabel(bucket: string, granularity: Analytics['granularity']): string {
  if (granularity === 'hour') return texts(DASHBOARD_UI).hour(bucket.slice(11, 13));
  return formatDayMonth(bucket);
}

/** Marks the canvas once drawn (and with how many points), for the end-to-end test and for screen readers' summaries. */
const drawnMarker: Plugin = {
  id: 'drawnMarker',
  afterRender(chart) {
    chart.canvas.dataset.drawn = 'true';
    chart.canvas.dataset.points = String(chart.data.labels?.length ?? 0);
  },
};

function ChartCanvas({ config, testId, label }: { config: ChartConfiguration; testId: string; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = new Chart(ref.current, { ...config, plugins: [drawnMarker] });
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative h-60 w-full">
      <canvas ref={ref} data-testid={testId} role="img" aria-label={label} />
    </div>
  );
}

const percent = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10);

function throughputConfig(a: Analytics, labels: string[]): ChartConfiguration {
  const T = texts(DASHBOARD_UI);
  return {
    type: 'bar',
    data: {
      labels,
      datasets: [
        { type: 'bar', label: T.picks, data: a.buckets.map((b) => b.picks), backgroundColor: COLORS.picks, yAxisID: 'y' },
        { type: 'bar', label: T.ordersPacked, data: a.buckets.map((b) => b.orders_packed), backgroundColor: COLORS.packed, yAxisID: 'y' },
        { type: 'bar', label: T.ordersShipped, data: a.buckets.map((b) => b.orders_shipped), backgroundColor: COLORS.shipped, yAxisID: 'y' },
        {
          type: 'line',
          label: T.pickedUnits,
          data: a.buckets.map((b) => b.picked_units),
          borderColor: COLORS.units,
          backgroundColor: COLORS.units,
          yAxisID: 'units',
          cubicInterpolationMode: 'monotone',
          pointRadius: 2,
        },
      ],
    },
    options: {
      locale: LANGUAGE_LOCALES[currentLanguage()],
      maintainAspectRatio: false,
      animation: { duration: 250 },
      interaction: { mode: 'index', intersect: false },
      plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
      scales: {
        y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: T.picks } },
        units: {
          position: 'right',
          beginAtZero: true,
          ticks: { precision: 0 },
          grid: { drawOnChartArea: false },
          title: { display: true, text: T.unitsAxis },
        },
      },
    },
  };
}

function ratesConfig(a: Analytics, labels: string[]): ChartConfiguration {
  const T = texts(DASHBOARD_UI);
  const line = (label: string, data: Array<number | null>, color: string) => ({
    label,
    data,
    borderColor: color,
    backgroundColor: color,
    cubicInterpolationMode: 'monotone',
    pointRadius: 3,
    spanGaps: true,
  });
  return {
    type: 'line',
    data: {
      labels,
      datasets: [
        line(
          T.waveCompletionRate,
          a.buckets.map((b) => percent(b.wave_completion_rate)),
          COLORS.completion,
        ),
        line(
          T.discrepancyRate,
          a.buckets.map((b) => percent(b.discrepancy_rate)),
          COLORS.discrepancy,
        ),
      ],
    },
    options: {
      locale: LANGUAGE_LOCALES[currentLanguage()],
      maintainAspectRatio: false,
      animation: { duration: 250 },
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 12 } },
        tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${formatNumber(c.parsed.y, 1)} %` } },
      },
      scales: { y: { min: 0, max: 100, ticks: { callback: (v) => `${v} %` } } },
    },
  };
}

/** Throughput over time and the two rates, for the range's buckets. */
export function AnalyticsCharts({ analytics }: { analytics: Analytics }) {
  // New configs (and so new charts) only when the figures change, not on every render.
  const [throughput, rates] = useMemo(() => {
    const labels = analytics.buckets.map((b) => bucketLabel(b.bucket, analytics.granularity));
    return [throughputConfig(analytics, labels), ratesConfig(analytics, labels)];
  }, [analytics]);
  const T = texts(DASHBOARD_UI);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <figure className="min-w-0">
        <figcaption className="mb-1 text-sm font-medium text-slate-700">{T.throughputTitle}</figcaption>
        <ChartCanvas config={throughput} testId="chart-throughput" label={T.throughputTitle} />
      </figure>
      <figure className="min-w-0">
        <figcaption className="mb-1 text-sm font-medium text-slate-700">{T.ratesTitle}</figcaption>
        <ChartCanvas config={rates} testId="chart-rates" label={T.ratesTitle} />
      </figure>
    </div>
  );
}
