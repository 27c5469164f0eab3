import { useSyncExternalStore } from 'react';
import { LOGIN_TRANSLATIONS } from '../../shared/i18n/lang/login';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/languages';
import type { TranslationPair } from '../../shared/i18n/translate';
import { addTranslations, currentLanguage, onLanguageChange, setLanguage } from '../../shared/i18n/translate';
import { getSession, subscribeSession } from './auth';

/**
 * The device's language (docs/architecture.md "Languages"): the logged-in
 * user's, else the one last used on this device (the login screen offers
 * the choice). A language pack is its own chunk, loaded when first used and
 * precached by the service worker like every chunk, so it works offline.
 */
const PACKS: Readonly<Record<Exclude<Language, 'de'>, () => Promise<readonly TranslationPair[]>>> = {
  en: () => import('../../shared/i18n/lang/en').then((m) => m.EN),
  pl: () => import('../../shared/i18n/lang/pl').then((m) => m.PL),
  uk: () => import('../../shared/i18n/lang/uk').then((m) => m.UK),
};
const DEVICE_KEY = 'lagerwerk-language';

for (const [language, pairs] of Object.entries(LOGIN_TRANSLATIONS)) addTranslations(language as Language, pairs);
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/** Loads the language's pack when needed, then switches every screen to it. */
export async function applyLanguage(language: Language): Promise<void> {
  if (!loaded.has(language) && language !== DEFAULT_LANGUAGE) {
    addTranslations(language, await PACKS[language as Exclude<Language, 'de'>]());
    loaded.add(language);
  }
  setLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(DEVICE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** The language last used on this device (the login screen's start). */
export function deviceLanguage(): Language {
  try {
    const v = localStorage.getItem(DEVICE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Follows the session: whoever logs in gets their language; called once at start. */
export function followSessionLanguage(): void {
  const apply = () => {
    const language = getSession().user?.language;
    void applyLanguage(isLanguage(language) ? language : getSession().user ? DEFAULT_LANGUAGE : deviceLanguage());
  };
  apply();
  subscribeSession(apply);
}

/** The language in use; a component calling it renders again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
}
