import { FIELD_LABELS } from './fields';
import { PALLET_UI } from './pallets';
import { UI, WORDS } from './ui';
import { USER_FORM_UI } from './users';
import { SCREEN_TITLES } from './titles';

const API_KEYS = SCREEN_TITLES.apiKeys;
const NEW_KEY = 'Neuer Schlüssel';
const REVOKE = 'Widerrufen';

/** German texts of the API keys (client/features/api-keys/, docs/operations.md "API keys"). */
export const API_KEYS_UI = {
  title: API_KEYS,
  subtitle: 'Mit einem API-Schlüssel verbindet sich ein Shop mit Lagerwerk: Aufträge, Avisierungen, Retouren und Bestand dieses Kunden.',
  tableRegion: API_KEYS,
  empty: 'Noch keine API-Schlüssel angelegt.',
  portalOnly: 'API-Schlüssel verwaltet ein Kundenbenutzer hier für seinen Kunden; Administratoren unter Kunden.',
  colName: FIELD_LABELS.full_name,
  colPrefix: 'Anfang',
  colCreated: WORDS.created,
  colLastUsed: PALLET_UI.lastUsed,
  never: PALLET_UI.never,
  newKey: NEW_KEY,
  name: FIELD_LABELS.full_name,
  nameHint: 'Z. B. der Name des Shops',
  cancel: UI.cancel,
  close: UI.close,
  createdTitle: (name: string) => `${API_KEYS} „${name}“`,
  shownOnce: 'Der Schlüssel wird nur jetzt angezeigt. Bitte kopieren und sicher im Shop hinterlegen – später ist er nicht mehr abrufbar.',
  keyLabel: API_KEYS,
  copy: USER_FORM_UI.copy,
  copied: 'Schlüssel in die Zwischenablage kopiert',
  copyError: 'Fehler beim Kopieren des Schlüssels',
  revoke: REVOKE,
  revokeLabel: (name: string) => `${REVOKE}: ${name}`,
  revokeTitle: 'Schlüssel widerrufen?',
  revokeText: (name: string) => `„${name}“ funktioniert danach sofort nicht mehr. Das kann nicht rückgängig gemacht werden.`,
  revoked: (name: string) => `${API_KEYS} „${name}“ widerrufen`,
  loadError: 'Fehler beim Laden der API-Schlüssel',
  createError: 'Fehler beim Anlegen des Schlüssels',
  revokeError: 'Fehler beim Widerrufen des Schlüssels',
  /** Who a request with a key acts as (status logs, "received by"). */
  actorName: (name: string) => `${API_KEYS} ${name}`,
} as const;
