import { formatNumber } from '../../format';
import { DASHBOARD_UI, RANGE_LABELS, SEVERITY_LABELS } from '../../dashboard';
import { ALERT_MESSAGES, STATUS_LOG_EVENT_LABELS } from '../../status-logs';
import { pair, type TranslationPair } from '../../translate';
import { plural } from './packing';

/** Polish: the start screen's widgets (alerts, Pick & Pack, recent activity). */
export const DASHBOARD: readonly TranslationPair[] = [
  pair(DASHBOARD_UI, {
    alertsTitle: 'Ostrzeżenia',
    alertsQuiet: 'Brak ostrzeżeń – wszystko w porządku.',
    alertsTotal: (n: number) => plural(n, 'ostrzeżenie', 'ostrzeżenia', 'ostrzeżeń'),
    alertsWindow: 'ostatnie 24 godziny i stan bieżący',
    alertShow: 'Pokaż',
    since: 'od',
    analyticsTitle: 'Pick & Pack',
    rangeLabel: 'Okres',
    picks: 'Pobrania',
    pickedUnits: 'Sztuk skompletowanych',
    unitsAxis: 'szt.',
    ordersPacked: 'Spakowane',
    ordersShipped: 'Wysłane',
    waveCompletionRate: 'Wskaźnik ukończenia fal',
    discrepancyRate: 'Wskaźnik rozbieżności',
    throughputTitle: 'Przepustowość',
    ratesTitle: 'Wskaźnik ukończenia i rozbieżności',
    chartsLoading: 'Ładowanie wykresów …',
    noRate: '–',
    hour: (h: string) => `${h}:00`,
    recentTitle: 'Ostatnie działania',
    recentEmpty: 'Nie zapisano jeszcze żadnych działań.',
    recentAll: 'Wszystkie dzienniki statusu',
    loading: 'Ładowanie …',
    loadError: 'Nie udało się załadować danych.',
  }),
  pair(RANGE_LABELS, { today: 'Dziś', '7d': '7 dni', '30d': '30 dni' }),
  pair(SEVERITY_LABELS, { critical: 'Krytyczne', high: 'Wysokie', medium: 'Średnie', low: 'Niskie' }),
  pair(ALERT_MESSAGES, {
    label_failed: (n: number) => `${plural(n, 'zamówienie', 'zamówienia', 'zamówień')} bez etykiety DHL: tworzenie etykiety nie powiodło się`,
    sync_rejected: (n: number) => `Odrzucone księgowania offline czekające na wyjaśnienie: ${formatNumber(n)}`,
    pick_discrepancy: (n: number) => plural(n, 'rozbieżność pobrania', 'rozbieżności pobrania', 'rozbieżności pobrania'),
    item_discrepancy: (n: number) =>
      plural(n, 'rozbieżność artykułu przy pakowaniu', 'rozbieżności artykułów przy pakowaniu', 'rozbieżności artykułów przy pakowaniu'),
    wave_stuck: (n: number, h: number) => `${plural(n, 'fala', 'fale', 'fal')} w kompletacji dłużej niż ${formatNumber(h)} h`,
    order_unplanned: (n: number, h: number) => `${plural(n, 'zamówienie', 'zamówienia', 'zamówień')} potwierdzone ponad ${formatNumber(h)} h temu i bez fali`,
    product_incomplete: (n: number) => `${plural(n, 'artykuł', 'artykuły', 'artykułów')} w otwartych zamówieniach bez wagi lub wymiarów`,
    stocktake_open: (n: number, h: number) =>
      `${plural(n, 'inwentaryzacja', 'inwentaryzacje', 'inwentaryzacji')} w liczeniu dłużej niż ${formatNumber(h)} h – lokalizacje są zablokowane`,
    return_overdue: (n: number, days: number) =>
      `${plural(n, 'awizowany zwrot', 'awizowane zwroty', 'awizowanych zwrotów')} nieprzyjęte od ponad ${formatNumber(days)} dni`,
  }),
  pair(STATUS_LOG_EVENT_LABELS, {
    wave_created: 'Utworzono falę',
    wave_completed: 'Zakończono falę',
    pick_discrepancy: 'Rozbieżność pobrania',
    stocktake_created: 'Utworzono inwentaryzację',
    stocktake_booked: 'Zaksięgowano inwentaryzację',
    stocktake_cancelled: 'Anulowano inwentaryzację',
    stock_adjusted: 'Skorygowano stan',
    order_packed: 'Spakowano zamówienie',
    label_generated: 'Utworzono etykietę',
    label_failed: 'Błąd etykiety',
    order_shipped: 'Wysłano zamówienie',
    order_completed: 'Zakończono zamówienie',
    return_announced: 'Awizowano zwrot',
    return_received: 'Przyjęto zwrot',
    return_completed: 'Zakończono zwrot',
    item_discrepancy: 'Rozbieżność artykułu',
    freight_quote_requested: 'Zapytano o ofertę spedycji',
    freight_quote_saved: 'Zapisano ofertę spedycji',
  }),
];
