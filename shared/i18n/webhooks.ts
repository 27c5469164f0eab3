import { API_KEYS_UI } from './api-keys';
import { FIELD_LABELS } from './fields';
import { PALLET_UI } from './pallets';
import { STATUS_LOG_EVENT_LABELS } from './status-logs';
import { SYNC_SCREEN_UI } from './sync-screen';
import { UI, WORDS } from './ui';

const WEBHOOKS = 'Webhooks';
const SEND_TEST = 'Test senden';
const WEBHOOK_DELETED = 'Webhook gelöscht';

/** German validation texts of webhooks (shared/schemas/webhooks.ts). */
export const WEBHOOK_VALIDATION = {
  urlRequired: 'URL ist erforderlich',
  event: 'Unbekanntes Ereignis',
  eventsRequired: 'Bitte mindestens ein Ereignis wählen',
  secretTooShort: 'Das Geheimnis muss mindestens 16 Zeichen lang sein',
} as const;

/** The events' German names (checkboxes, deliveries log). */
export const WEBHOOK_EVENT_LABELS: Record<string, string> = {
  'order.status_changed': 'Auftragsstatus geändert',
  'order.shipped': STATUS_LOG_EVENT_LABELS.order_shipped,
  'inbound.received': 'Wareneingang gebucht',
  'return.received': STATUS_LOG_EVENT_LABELS.return_received,
  'webhook.test': SEND_TEST,
};

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<string, string> = {
  pending: SYNC_SCREEN_UI.pending,
  delivered: 'Zugestellt',
  failed: 'Aufgegeben',
};

/** German texts of the webhooks panel (client/features/webhooks/). */
export const WEBHOOKS_UI = {
  title: WEBHOOKS,
  subtitle: 'Lagerwerk meldet dem Shop Ereignisse dieses Kunden per signiertem HTTPS-POST.',
  tableRegion: WEBHOOKS,
  empty: 'Noch keine Webhooks angelegt.',
  colUrl: FIELD_LABELS.url,
  colEvents: FIELD_LABELS.events,
  colSecret: FIELD_LABELS.secret,
  colCreated: WORDS.created,
  url: 'Ziel-URL',
  urlHint: 'https://… (öffentlich erreichbar)',
  events: FIELD_LABELS.events,
  add: 'Webhook anlegen',
  close: UI.close,
  createdTitle: 'Webhook angelegt',
  shownOnce: 'Das Geheimnis wird nur jetzt angezeigt. Damit prüft der Shop die Signatur (Kopfzeile Lagerwerk-Signature).',
  secretLabel: 'Signatur-Geheimnis',
  copy: API_KEYS_UI.copy,
  copied: 'Geheimnis in die Zwischenablage kopiert',
  copyError: 'Fehler beim Kopieren des Geheimnisses',
  sendTest: SEND_TEST,
  testSent: 'Test-Ereignis gesendet',
  testError: 'Fehler beim Senden des Tests',
  remove: UI.delete,
  removeLabel: (url: string) => `${UI.delete}: ${url}`,
  removeTitle: 'Webhook löschen?',
  removeText: (url: string) => `An „${url}“ werden danach keine Ereignisse mehr gesendet.`,
  removed: WEBHOOK_DELETED,
  removeError: 'Fehler beim Löschen des Webhooks',
  deliveries: 'Zustellungen',
  refresh: PALLET_UI.refresh,
  showDeliveries: 'Zustellungen anzeigen',
  noDeliveries: 'Noch keine Zustellungen.',
  colEvent: FIELD_LABELS.event_type,
  colStatus: WORDS.status,
  colAttempts: 'Versuche',
  colResponse: 'Antwort',
  colLastError: 'Letzter Fehler',
  colNextTry: 'Nächster Versuch',
  colTime: WORDS.time,
  loadError: 'Fehler beim Laden der Webhooks',
  createError: 'Fehler beim Anlegen des Webhooks',
} as const;

/** What the deliveries log says about a failed attempt (webhook_deliveries.last_error). */
export const WEBHOOK_DELIVERY_ERRORS = {
  timeout: (seconds: number) => `Keine Antwort innerhalb von ${seconds} s`,
  httpStatus: (status: number) => `Antwort mit HTTP-Status ${status}`,
  network: (message: string) => `Verbindung fehlgeschlagen: ${message}`,
  deleted: WEBHOOK_DELETED,
} as const;
