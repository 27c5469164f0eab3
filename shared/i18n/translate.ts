import { DEFAULT_LANGUAGE, type Language } from './languages';

/**
 * Translations of German catalogues (docs/architecture.md "Languages").
 *
 * A catalogue is a German `as const` object in shared/i18n/ (strings, nested
 * objects, or functions returning strings). A translation has the same keys
 * (checked by the type and by tests/shared/i18n/translations.test.ts, with
 * the same {name} slots) and is registered against the German object, so
 * screens keep importing the German catalogue and ask `texts(CATALOGUE)` for
 * it in the language in use. The server never switches: its answers stay German.
 */

type Text = string | readonly string[] | ((...args: never[]) => string) | { readonly [key: string]: Text };

/** The shape of a translation of catalogue C: the same keys, strings for strings, the same functions. */
export type Translation<C> = C extends string
  ? string
  : C extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof C]: Translation<C[K]> };

type Registry = Map<object, Partial<Record<Language, object>>>;
const registry: Registry = new Map();
let current: Language = DEFAULT_LANGUAGE;

/** One German catalogue and its translation into a language. */
export type TranslationPair = readonly [german: object, translated: object];

/** Binds a catalogue to its translation, typed so that the translation must match it. */
export function pair<C extends { readonly [key: string]: Text }>(german: C, translated: Translation<C>): TranslationPair {
  return [german, translated];
}

/** Registers a language's translations (a language pack calls it when it is loaded). */
export function addTranslations(language: Language, pairs: readonly TranslationPair[]): void {
  for (const [german, translated] of pairs) registry.set(german, { ...registry.get(german), [language]: translated });
}

/** The language screens speak now (the device's user; German until one is chosen). */
export function currentLanguage(): Language {
  return current;
}

/** Switches the language; subscribers (format.ts caches, the app's re-render) follow. */
export function setLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  for (const fn of listeners) fn(language);
}

const listeners = new Set<(language: Language) => void>();
export function onLanguageChange(fn: (language: Language) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The catalogue in the current language; German where no translation is registered (yet). */
export function texts<C extends object>(german: C): C {
  if (current === DEFAULT_LANGUAGE) return german;
  return (registry.get(german)?.[current] as C | undefined) ?? german;
}

/** Whether a catalogue has a translation into the language (tests, the language pack check). */
export function hasTranslation(german: object, language: Language): boolean {
  return language === DEFAULT_LANGUAGE || registry.get(german)?.[language] !== undefined;
}
