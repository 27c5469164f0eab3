import type { AlertSeverity } from '../domain/alerts';
import type { AnalyticsRange } from '../domain/analytics';
import { UI, WORDS } from './ui';

/** German texts of the staff dashboard's widgets (alerts, Pick & Pack analytics, Recent Activity). */
export const DASHBOARD_UI = {
  alertsTitle: 'Warnungen',
  alertsQuiet: 'Keine Warnungen – alles ruhig.',
  alertsTotal: (n: number) => `${n.toLocaleString('de-DE')} ${n === 1 ? 'Warnung' : 'Warnungen'}`,
  alertsWindow: 'letzte 24 Stunden und aktueller Stand',
  alertShow: 'Anzeigen',
  since: 'seit',
  analyticsTitle: 'Pick & Pack',
  rangeLabel: WORDS.period,
  picks: 'Picks',
  pickedUnits: 'Stück kommissioniert',
  unitsAxis: WORDS.pieces,
  ordersPacked: 'Gepackt',
  ordersShipped: 'Versendet',
  waveCompletionRate: 'Wellen-Abschlussquote',
  discrepancyRate: 'Abweichungsquote',
  throughputTitle: 'Durchsatz',
  ratesTitle: 'Abschluss- und Abweichungsquote',
  chartsLoading: 'Diagramme werden geladen …',
  noRate: '–',
  hour: (h: string) => `${h} Uhr`,
  recentTitle: 'Letzte Aktivitäten',
  recentEmpty: 'Noch keine Aktivitäten protokolliert.',
  recentAll: 'Alle Statusprotokolle',
  loading: UI.loading,
  loadError: 'Daten konnten nicht geladen werden.',
} as const;

export const RANGE_LABELS: Record<AnalyticsRange, string> = { today: 'Heute', '7d': '7 Tage', '30d': '30 Tage' };

export const SEVERITY_LABELS: Record<AlertSeverity, string> = { critical: 'Kritisch', high: 'Hoch', medium: 'Mittel', low: 'Niedrig' };
