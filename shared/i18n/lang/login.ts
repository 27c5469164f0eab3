import type { Language } from '../languages';
import { LOGIN_UI } from '../login';
import { pair, type TranslationPair } from '../translate';

/**
 * The login form in every language. Small and in the login chunk itself, so
 * the first screen speaks the chosen language without loading a language pack.
 */
export const LOGIN_TRANSLATIONS: Readonly<Record<Exclude<Language, 'de'>, readonly TranslationPair[]>> = {
  en: [
    pair(LOGIN_UI, {
      appName: 'Lagerwerk',
      prompt: 'Please sign in',
      tabPassword: 'Password',
      tabQr: 'QR code',
      email: 'E-mail',
      password: 'Password',
      qrHint: 'Scan your login QR code.',
      qrToken: 'QR token',
      submit: 'Sign in',
      submitting: 'Signing in...',
      failed: 'Login failed',
      language: 'Language',
    }),
  ],
  pl: [
    pair(LOGIN_UI, {
      appName: 'Lagerwerk',
      prompt: 'Zaloguj się',
      tabPassword: 'Hasło',
      tabQr: 'Kod QR',
      email: 'E-mail',
      password: 'Hasło',
      qrHint: 'Zeskanuj swój kod QR do logowania.',
      qrToken: 'Token QR',
      submit: 'Zaloguj',
      submitting: 'Logowanie...',
      failed: 'Logowanie nie powiodło się',
      language: 'Język',
    }),
  ],
  uk: [
    pair(LOGIN_UI, {
      appName: 'Lagerwerk',
      prompt: 'Увійдіть, будь ласка',
      tabPassword: 'Пароль',
      tabQr: 'QR-код',
      email: 'Ел. пошта',
      password: 'Пароль',
      qrHint: 'Скануйте свій QR-код для входу.',
      qrToken: 'QR-токен',
      submit: 'Увійти',
      submitting: 'Вхід...',
      failed: 'Не вдалося увійти',
      language: 'Мова',
    }),
  ],
};
