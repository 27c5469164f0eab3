import { APP_UI } from './app';

/**
 * The sync state the top bar shows on every screen (client/sync/StatusBadge.tsx):
 * the app frame's texts (./app.ts), as a catalogue of their own so that the
 * handheld's language packs translate them with the sync screen
 * (docs/architecture.md "Languages").
 */
export const SYNC_STATUS_UI = {
  lastSync: APP_UI.lastSync,
  neverSynced: APP_UI.neverSynced,
  online: APP_UI.online,
  offline: APP_UI.offline,
  syncing: APP_UI.syncing,
  pendingBookings: APP_UI.pendingBookings,
  syncProblems: APP_UI.syncProblems,
  loginRequired: APP_UI.loginRequired,
} as const;
