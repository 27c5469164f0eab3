import { formatNumber } from '../../format';
import { DASHBOARD_UI, RANGE_LABELS, SEVERITY_LABELS } from '../../dashboard';
import { ALERT_MESSAGES, STATUS_LOG_EVENT_LABELS } from '../../status-logs';
import { pair, type TranslationPair } from '../../translate';
import { plural } from './packing';

/** Ukrainian: the start screen's widgets (alerts, Pick & Pack, recent activity). */
export const DASHBOARD: readonly TranslationPair[] = [
  pair(DASHBOARD_UI, {
    alertsTitle: 'Попередження',
    alertsQuiet: 'Попереджень немає – усе спокійно.',
    alertsTotal: (n: number) => plural(n, 'попередження', 'попередження', 'попереджень'),
    alertsWindow: 'останні 24 години і поточний стан',
    alertShow: 'Показати',
    since: 'з',
    analyticsTitle: 'Pick & Pack',
    rangeLabel: 'Період',
    picks: 'Відбори',
    pickedUnits: 'Штук відібрано',
    unitsAxis: 'шт.',
    ordersPacked: 'Запаковано',
    ordersShipped: 'Відправлено',
    waveCompletionRate: 'Частка завершених хвиль',
    discrepancyRate: 'Частка розбіжностей',
    throughputTitle: 'Пропускна здатність',
    ratesTitle: 'Частка завершення і розбіжностей',
    chartsLoading: 'Завантаження діаграм …',
    noRate: '–',
    hour: (h: string) => `${h}:00`,
    recentTitle: 'Остання активність',
    recentEmpty: 'Активність ще не зафіксовано.',
    recentAll: 'Усі журнали статусів',
    loading: 'Завантаження …',
    loadError: 'Не вдалося завантажити дані.',
  }),
  pair(RANGE_LABELS, { today: 'Сьогодні', '7d': '7 днів', '30d': '30 днів' }),
  pair(SEVERITY_LABELS, { critical: 'Критичне', high: 'Високе', medium: 'Середнє', low: 'Низьке' }),
  pair(ALERT_MESSAGES, {
    label_failed: (n: number) => `${plural(n, 'замовлення', 'замовлення', 'замовлень')} без етикетки DHL: не вдалося створити етикетку`,
    sync_rejected: (n: number) => `Відхилені офлайн-операції чекають на з'ясування: ${formatNumber(n)}`,
    pick_discrepancy: (n: number) => plural(n, 'розбіжність відбору', 'розбіжності відбору', 'розбіжностей відбору'),
    item_discrepancy: (n: number) =>
      plural(n, 'розбіжність артикулу при пакуванні', 'розбіжності артикулів при пакуванні', 'розбіжностей артикулів при пакуванні'),
    wave_stuck: (n: number, h: number) => `${plural(n, 'хвиля', 'хвилі', 'хвиль')} у відборі понад ${formatNumber(h)} год`,
    order_unplanned: (n: number, h: number) =>
      `${plural(n, 'замовлення', 'замовлення', 'замовлень')} підтверджено понад ${formatNumber(h)} год тому і без хвилі`,
    product_incomplete: (n: number) => `${plural(n, 'артикул', 'артикули', 'артикулів')} у відкритих замовленнях без ваги або розмірів`,
    stocktake_open: (n: number, h: number) =>
      `${plural(n, 'інвентаризація', 'інвентаризації', 'інвентаризацій')} у підрахунку понад ${formatNumber(h)} год – місця заблоковано`,
    return_overdue: (n: number, days: number) =>
      `${plural(n, 'оголошене повернення', 'оголошені повернення', 'оголошених повернень')} не надійшли понад ${formatNumber(days)} днів`,
  }),
  pair(STATUS_LOG_EVENT_LABELS, {
    wave_created: 'Хвилю створено',
    wave_completed: 'Хвилю завершено',
    pick_discrepancy: 'Розбіжність відбору',
    stocktake_created: 'Інвентаризацію створено',
    stocktake_booked: 'Інвентаризацію проведено',
    stocktake_cancelled: 'Інвентаризацію скасовано',
    stock_adjusted: 'Залишок виправлено',
    order_packed: 'Замовлення запаковано',
    label_generated: 'Етикетку створено',
    label_failed: 'Помилка етикетки',
    order_shipped: 'Замовлення відправлено',
    order_completed: 'Замовлення завершено',
    return_announced: 'Повернення оголошено',
    return_received: 'Повернення надійшло',
    return_completed: 'Повернення завершено',
    item_discrepancy: 'Розбіжність артикулу',
    freight_quote_requested: 'Запит на пропозицію перевізника',
    freight_quote_saved: 'Пропозицію перевізника збережено',
  }),
];
