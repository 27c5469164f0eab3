/**
 * The languages of the handheld screens (docs/architecture.md "Languages").
 * German is the reference and the default; admin and customer screens stay German.
 */
export const LANGUAGES = ['de', 'en', 'pl', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** Each language named in itself, so a worker finds theirs whatever is shown now. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { de: 'Deutsch', en: 'English', pl: 'Polski', uk: 'Українська' };

/** Dates and numbers follow the language. */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { de: 'de-DE', en: 'en-GB', pl: 'pl-PL', uk: 'uk-UA' };

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}
