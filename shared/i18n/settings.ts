import { PLACE_NAMES, SHIPPING_WORDS, WORDS } from './ui';
import { SCREEN_TITLES } from './titles';

/** German texts of the settings screen (client/features/settings/SettingsScreen.tsx); the field labels are the setting definitions' (shared/schemas/settings.ts). */
export const SETTINGS_UI = {
  title: PLACE_NAMES.settings,
  subtitle: 'Versand über DHL, Firmendaten und Lagerstrategie',
  tabShipping: 'Versand (DHL)',
  tabGeneral: 'Allgemein',
  sections: {
    dhlAccess: 'DHL-Zugang',
    billing: SCREEN_TITLES.billing,
    shipper: SHIPPING_WORDS.sender,
    company: WORDS.company,
    warehouse: WORDS.warehouse,
    integrations: 'Integrationen',
    labels: 'Etikettendrucker',
  },
  loadError: 'Fehler beim Laden der Einstellungen',
  decryptError: 'Fehler beim Entschlüsseln',
  saved: 'Einstellungen gespeichert',
  saveError: 'Fehler beim Speichern der Einstellungen',
  required: (label: string) => `${label} ist ein Pflichtfeld`,
  tooLong: (label: string, max: number) => `${label}: höchstens ${max} Zeichen`,
} as const;
