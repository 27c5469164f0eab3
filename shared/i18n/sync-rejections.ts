import { ALERT_HOURS } from '../domain/alerts';
import { WORDS } from './ui';

/**
 * The texts of the refused-bookings section on /sync. Apart from shared/i18n/sync.ts (the offline
 * commands' names, which imports their schemas): the dashboard links to the section's anchor
 * without loading zod and the schemas.
 */
export const SYNC_REJECTIONS_UI = {
  title: `Abgelehnte Buchungen aller Geräte (${ALERT_HOURS.default} h)`,
  /** Anchor of the section: the dashboard's sync_rejected alert links here. */
  anchor: 'abgelehnt',
  empty: 'Keine abgelehnten Buchungen',
  loadError: 'Abgelehnte Buchungen konnten nicht geladen werden',
  loading: 'Lädt abgelehnte Buchungen …',
  when: 'Zeitpunkt',
  user: WORDS.user,
  device: 'Gerät',
  command: 'Vorgang',
  reason: WORDS.reason,
  facts: 'Angaben',
  number: 'Nr.',
} as const;
