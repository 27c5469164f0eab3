import {
  ALERT_HOURS,
  type AlertType,
  ORDER_UNPLANNED_HOURS,
  RETURN_OVERDUE_DAYS,
  STOCKTAKE_OPEN_HOURS,
  SYNC_REJECTION_LIMITS,
  WAVE_STUCK_HOURS,
} from '../domain/alerts';
import { STATUS_LOG_LIMITS, type StatusLogEvent } from '../domain/status-logs';
import { STOCKTAKE_WORDS } from './stocktakes';
import { texts } from './translate';
import { PLACE_NAMES, SHIPPING_WORDS, UI, WORDS } from './ui';
import { SCREEN_TITLES } from './titles';

const PICK_DISCREPANCY = 'Pick-Abweichung';

/** German texts of the status logs (API validation, screen). */
export const STATUS_LOG_VALIDATION = {
  limitInvalid: `Limit muss ${STATUS_LOG_LIMITS.slice(0, -1).join(', ')} oder ${STATUS_LOG_LIMITS.at(-1)} sein`,
  idInvalid: 'ID muss eine positive ganze Zahl sein',
  dateInvalid: 'Datum existiert nicht',
  eventTypeInvalid: 'Unbekannter Ereignistyp',
  rangeInvalid: 'Zeitraum muss today, 7d oder 30d sein',
  hoursInvalid: `Zeitraum muss zwischen ${ALERT_HOURS.min} und ${ALERT_HOURS.max} Stunden liegen`,
  rejectionLimitInvalid: `Anzahl muss zwischen ${SYNC_REJECTION_LIMITS.min} und ${SYNC_REJECTION_LIMITS.max} liegen`,
} as const;

export const STATUS_LOG_EVENT_LABELS: Record<StatusLogEvent, string> = {
  wave_created: 'Welle erstellt',
  wave_completed: 'Welle abgeschlossen',
  pick_discrepancy: PICK_DISCREPANCY,
  stocktake_created: 'Inventur angelegt',
  stocktake_booked: 'Inventur gebucht',
  stocktake_cancelled: 'Inventur storniert',
  stock_adjusted: 'Bestand korrigiert',
  order_packed: 'Auftrag gepackt',
  label_generated: 'Label erstellt',
  label_failed: 'Label fehlgeschlagen',
  order_shipped: 'Auftrag versendet',
  order_completed: 'Auftrag abgeschlossen',
  return_announced: 'Retoure angekündigt',
  return_received: 'Retoure eingegangen',
  return_completed: 'Retoure abgeschlossen',
  item_discrepancy: 'Artikel-Abweichung',
  freight_quote_requested: 'Speditionsangebot angefragt',
  freight_quote_saved: 'Speditionsangebot erfasst',
};

/** Descriptions of the order_completed log entries. */
export const ORDER_LOG_MESSAGES = {
  completed: (orderNumber: string) => `Auftrag ${orderNumber} abgeschlossen`,
  autoCompleted: (orderNumber: string, days: number) => `Auftrag ${orderNumber} automatisch abgeschlossen (${days} Tage nach Versand)`,
} as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A wave event as a user limited to some customers reads it when the wave also
 * holds other customers' orders: their order numbers and the wave's totals are
 * left out, so the written description (which counts them) is replaced.
 */
export const scopedWaveDescription = (label: string, wave: string | null, ownOrders: string[]) =>
  `${label}${wave ? ` (${wave})` : ''}: ${ownOrders.length > 0 ? `Ihre Aufträge ${ownOrders.join(', ')}` : 'keine Ihrer Aufträge'} – Aufträge anderer Kunden ausgeblendet`;

export const ALERT_MESSAGES = {
  label_failed: (n: number) => `${plural(n, WORDS.order, WORDS.orders)} ohne DHL-Label: Label-Erstellung fehlgeschlagen`,
  sync_rejected: (n: number) => plural(n, 'abgelehnte Offline-Buchung wartet auf Klärung', 'abgelehnte Offline-Buchungen warten auf Klärung'),
  pick_discrepancy: (n: number) => plural(n, PICK_DISCREPANCY, 'Pick-Abweichungen'),
  item_discrepancy: (n: number) => plural(n, 'Artikel-Abweichung beim Packen', 'Artikel-Abweichungen beim Packen'),
  wave_stuck: (n: number, h: number) => `${plural(n, WORDS.wave, 'Wellen')} seit über ${h} h in Kommissionierung`,
  order_unplanned: (n: number, h: number) => `${plural(n, WORDS.order, WORDS.orders)} seit über ${h} h bestätigt und in keiner Welle`,
  product_incomplete: (n: number) => `${plural(n, WORDS.article, WORDS.article)} in offenen Aufträgen ohne Gewicht oder Maße`,
  stocktake_open: (n: number, h: number) => `${plural(n, STOCKTAKE_WORDS.stocktake, 'Inventuren')} seit über ${h} h in Zählung – die Plätze sind gesperrt`,
  return_overdue: (n: number, days: number) => `${plural(n, 'angekündigte Retoure', 'angekündigte Retouren')} seit über ${days} Tagen nicht eingegangen`,
} as const;

/**
 * The message of an alert rule with its count: German on the server (summary's most_critical),
 * the language in use in the dashboard widget (docs/architecture.md "Languages").
 */
export function alertMessage(type: AlertType, n: number): string {
  const M = texts(ALERT_MESSAGES);
  if (type === 'wave_stuck') return M.wave_stuck(n, WAVE_STUCK_HOURS);
  if (type === 'order_unplanned') return M.order_unplanned(n, ORDER_UNPLANNED_HOURS);
  if (type === 'stocktake_open') return M.stocktake_open(n, STOCKTAKE_OPEN_HOURS);
  if (type === 'return_overdue') return M.return_overdue(n, RETURN_OVERDUE_DAYS);
  return M[type](n);
}

export const STATUS_LOG_UI = {
  title: SCREEN_TITLES.statusLogs,
  tabPicking: PLACE_NAMES.picking,
  tabPacking: 'Packen',
  filters: WORDS.filter,
  waveId: WORDS.waveId,
  cartId: WORDS.cartId,
  orderId: 'Auftrags-ID',
  userId: 'Benutzer-ID',
  eventType: 'Ereignistyp',
  allEvents: 'Alle Ereignisse',
  fromDate: 'Von',
  toDate: 'Bis',
  limit: WORDS.count,
  apply: 'Anwenden',
  reset: UI.reset,
  empty: 'Keine Protokolleinträge gefunden',
  count: (n: number) => `${n} ${n === 1 ? 'Eintrag' : 'Einträge'}`,
  loading: UI.loading,
  eventData: 'Ereignisdaten',
  user: WORDS.user,
  tracking: SHIPPING_WORDS.shipmentNumber,
  carrier: SHIPPING_WORDS.carrier,
  wave: WORDS.wave,
  cart: 'Wagen',
  order: WORDS.order,
} as const;
