import { FIELD_LABELS } from './fields';

/**
 * German texts of the login form (client/features/login/LoginForm.tsx). The form is
 * in the `login` chunk (vite.config.ts), so this file imports only the field labels.
 */
export const LOGIN_UI = {
  appName: 'Lagerwerk',
  prompt: 'Bitte melden Sie sich an',
  tabPassword: FIELD_LABELS.password,
  tabQr: FIELD_LABELS.qr_token,
  email: FIELD_LABELS.email,
  password: FIELD_LABELS.password,
  qrHint: 'Scannen Sie Ihren Anmelde-QR-Code.',
  qrToken: 'QR-Token',
  submit: 'Anmelden',
  submitting: 'Wird angemeldet...',
  failed: 'Login fehlgeschlagen',
  language: FIELD_LABELS.language,
} as const;
