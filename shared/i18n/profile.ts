import { PASSWORD_MIN_LENGTH } from '../constants';
import { FIELD_LABELS } from './fields';
import { UI } from './ui';
import { SCREEN_TITLES } from './titles';

const CHANGE_PASSWORD = 'Passwort ändern';

/** German texts of the own profile (/profile, client/features/profile/ProfileScreen.tsx). */
export const PROFILE_UI = {
  title: SCREEN_TITLES.profile,
  personalData: 'Persönliche Daten',
  email: FIELD_LABELS.email,
  fullName: UI.fullName,
  currentPassword: FIELD_LABELS.current_password,
  currentPasswordHint: 'Zum Ändern der E-Mail-Adresse',
  role: FIELD_LABELS.role,
  sound: 'Ton und Vibration beim Scannen',
  language: FIELD_LABELS.language,
  languageHint: 'Für die Scan-Bildschirme; Verwaltung und Kundenportal bleiben auf Deutsch',
  save: UI.save,
  saved: 'Profil gespeichert',
  saveError: 'Fehler beim Aktualisieren des Profils',
  // password
  changePassword: CHANGE_PASSWORD,
  oldPassword: FIELD_LABELS.old_password,
  newPassword: FIELD_LABELS.new_password,
  newPasswordHint: `Mindestens ${PASSWORD_MIN_LENGTH} Zeichen`,
  confirmPassword: `${FIELD_LABELS.new_password} bestätigen`,
  passwordsDiffer: 'Neue Passwörter stimmen nicht überein',
  passwordChanged: UI.passwordChanged,
  changePasswordError: 'Fehler beim Ändern des Passworts',
} as const;
