import type { AlertSeverity } from '../domain/alerts';
import type { AnalyticsRange } from '../domain/analytics';
import { FIELD_LABELS } from './fields';
import { SCREEN_TITLES } from './titles';
import { UI, WORDS } from './ui';

/** German texts of the start page (client/features/dashboard/DashboardScreen.tsx): greeting, tiles, quick start. */
export const DASHBOARD_HOME_UI = {
  welcome: (name: string) => `Willkommen, ${name}!`,
  quickStart: 'Schnellstart',
  tiles: {
    myStock: { label: SCREEN_TITLES.myStock, text: 'Ihren aktuellen Lagerbestand ansehen' },
    outboundOrders: { label: UI.outboundOrders, text: 'Aufträge anlegen und verfolgen' },
    announce: { label: SCREEN_TITLES.notifications, text: 'Anlieferungen ankündigen' },
    profile: { label: SCREEN_TITLES.profile, text: 'Ihre Daten und Ihr Passwort' },
    notifications: { label: SCREEN_TITLES.notifications, text: 'Angekündigte Anlieferungen' },
    inbound: { label: WORDS.inbound, text: 'Ware per Scan einlagern' },
    outbound: { label: WORDS.outbound, text: 'Ware per Scan auslagern' },
    relocate: { label: SCREEN_TITLES.relocate, text: 'Ware per Scan umlagern' },
    returnsReceive: { label: SCREEN_TITLES.returnsReceive, text: 'Rücksendung per Scan annehmen, auch offline' },
    stocktakeCount: { label: SCREEN_TITLES.stocktakeCount, text: 'Lagerplätze blind zählen, auch offline' },
    locations: { label: UI.locations, text: 'Regale und Fächer verwalten' },
    search: { label: FIELD_LABELS.search, text: 'Artikel und Plätze finden' },
    /** Staff: returns announced and not received yet, with their count. */
    returnsWaiting: { label: SCREEN_TITLES.returns, text: 'Angekündigt, noch nicht angenommen' },
  },
  /** The count on the returns tile, for screen readers and as tooltip. */
  returnsWaitingCount: (n: number) => `${n.toLocaleString('de-DE')} ${n === 1 ? 'Retoure wartet' : 'Retouren warten'}`,
  customerTips: [
    `Unter „${SCREEN_TITLES.notifications}“ kündigen Sie Anlieferungen an das Lager an – mit Datum und Artikeln.`,
    `„${SCREEN_TITLES.myStock}“ zeigt Ihre Ware im Lager mit verfügbarer und reservierter Menge.`,
    `Über „${UI.outboundOrders}“ beauftragen Sie Versand aus Ihrem Bestand und verfolgen den Status.`,
  ],
  staffTips: [
    `${WORDS.inbound}: EAN scannen, Kunde und Menge wählen, Lagerplatz scannen – funktioniert auch offline.`,
    `${WORDS.outbound}: EAN scannen, Platz wählen und scannen, Menge bestätigen.`,
    'Oben rechts sehen Sie jederzeit, ob Sie online sind und ob Buchungen auf die Übertragung warten.',
  ],
} as const;

const ALERTS = 'Warnungen';

/** German texts of the staff dashboard's widgets (alerts, Pick & Pack analytics, Recent Activity). */
export const DASHBOARD_UI = {
  alertsTitle: ALERTS,
  alertsQuiet: `Keine ${ALERTS} – alles ruhig.`,
  alertsTotal: (n: number) => `${n.toLocaleString('de-DE')} ${n === 1 ? 'Warnung' : ALERTS}`,
  alertsWindow: 'letzte 24 Stunden und aktueller Stand',
  alertShow: 'Anzeigen',
  since: 'seit',
  analyticsTitle: 'Pick & Pack',
  rangeLabel: WORDS.period,
  picks: 'Picks',
  pickedUnits: 'Stück kommissioniert',
  unitsAxis: WORDS.pieces,
  ordersPacked: UI.statusPacked,
  ordersShipped: UI.statusShipped,
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
