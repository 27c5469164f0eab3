import { formatDateTime } from './format';
import { UI } from './ui';
import { SCREEN_TITLES } from './titles';

const SYNC_SCREEN_PENDING = 'Ausstehend';

/**
 * German texts of the device's queue on /sync (client/features/sync/SyncScreen.tsx).
 * The refused bookings of every device are in ./sync-rejections.ts.
 */
export const SYNC_SCREEN_UI = {
  title: SCREEN_TITLES.sync,
  subtitle: 'Gespeicherte Buchungen dieses Geräts',
  connection: 'Verbindung',
  online: 'Online',
  offline: 'Offline',
  pending: SYNC_SCREEN_PENDING,
  pendingCount: (n: number) => `${SYNC_SCREEN_PENDING} (${n})`,
  problems: 'Probleme',
  rejectedCount: (n: number) => `Abgelehnt (${n})`,
  lastSync: 'Letzte Synchronisierung',
  needsLogin: 'Anmeldung abgelaufen. Die Buchungen bleiben gespeichert und werden nach der erneuten Anmeldung derselben Person übertragen.',
  updateRequired: 'Die App ist veraltet. Bitte aktualisieren – gespeicherte Buchungen bleiben erhalten.',
  retriedAutomatically: (error: string) => `${error} – wird automatisch wiederholt.`,
  syncNow: 'Jetzt synchronisieren',
  noProblems: 'Keine Probleme',
  allSent: 'Alle Buchungen sind übertragen',
  waitsForLogin: 'wartet auf Anmeldung der erfassenden Person',
  recorded: (createdAt: string, id: number) => `Erfasst ${formatDateTime(createdAt)} · Nr. ${id}`,
  discard: 'Verwerfen',
  retry: UI.retry,
  discarded: 'Buchung verworfen',
  requeued: 'Buchung erneut eingereiht',
  onlyAuthorCanRetry: 'Nur die Person, die gebucht hat, kann es erneut versuchen.',
  persist: {
    granted: 'Dauerhafter Speicher ist aktiv – der Browser löscht die gespeicherten Buchungen nicht.',
    denied:
      'Der Browser hat dauerhaften Speicher abgelehnt. Gespeicherte Buchungen könnten bei Speichermangel gelöscht werden – bitte regelmäßig online synchronisieren.',
    unsupported: 'Dieser Browser unterstützt keinen dauerhaften Speicher. Bitte regelmäßig online synchronisieren.',
    unknown: 'Speicherstatus wird geprüft …',
  },
} as const;
