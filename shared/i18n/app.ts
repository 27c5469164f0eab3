import { LOGIN_UI } from './login';
import { SYNC_SCREEN_UI } from './sync-screen';
import { UI } from './ui';

const HOME = 'Zur Startseite';

/** German texts of the app frame: top bar (client/app/Shell.tsx), update prompt (pwa.tsx), error pages (client/router.tsx), sync badge, dialogs. */
export const APP_UI = {
  appName: LOGIN_UI.appName,
  homeLink: `${LOGIN_UI.appName} – Startseite`,
  mainNav: 'Hauptmenü',
  mobileNav: 'Mobiles Menü',
  logout: 'Abmelden',
  // update prompt
  updateAvailable: `Eine neue Version von ${LOGIN_UI.appName} ist verfügbar.`,
  updateNow: 'Jetzt aktualisieren',
  /** The update waits while bookings are queued or refused (client/sync/engine.ts). */
  updateBlocked: (open: number) =>
    `Noch ${open} Buchung(en) nicht übertragen oder ungeklärt. Bitte zuerst synchronisieren (${SYNC_SCREEN_UI.title}), dann aktualisieren.`,
  // error pages
  unexpectedError: 'Unerwarteter Fehler',
  pageFailed: 'Die Seite konnte nicht angezeigt werden. Bitte laden Sie sie neu.',
  retry: UI.retry,
  home: HOME,
  notFound: 'Seite nicht gefunden',
  // sync badge in the top bar
  lastSync: (time: string) => `${SYNC_SCREEN_UI.lastSync}: ${time}`,
  neverSynced: 'noch nie',
  online: SYNC_SCREEN_UI.online,
  offline: SYNC_SCREEN_UI.offline,
  syncing: 'Synchronisiert',
  pendingBookings: (n: number) => `${n} Buchungen warten auf Übertragung`,
  syncProblems: (n: number) => `${n} Probleme bei der Synchronisierung`,
  loginRequired: 'Anmeldung erforderlich',
  // generic widgets (client/ui)
  dialog: 'Dialog',
} as const;
