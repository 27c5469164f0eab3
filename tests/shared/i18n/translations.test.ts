import { describe, expect, it } from 'vitest';
import { EN } from '../../../shared/i18n/lang/en';
import { LOGIN_TRANSLATIONS } from '../../../shared/i18n/lang/login';
import { PL } from '../../../shared/i18n/lang/pl';
import { UK } from '../../../shared/i18n/lang/uk';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { LOGIN_UI } from '../../../shared/i18n/login';
import { PROFILE_UI } from '../../../shared/i18n/profile';
import { cameraTexts } from '../../../shared/i18n/camera';
import { scanTexts } from '../../../shared/i18n/scan';
import { addTranslations, currentLanguage, setLanguage, texts, type TranslationPair } from '../../../shared/i18n/translate';
import { formatNumber } from '../../../shared/i18n/format';
import { DEVICE_ERROR_CODES, errorCatalogue, errorText, refusalText } from '../../../shared/i18n/errors';
import { DEVICE_ERRORS } from '../../../shared/i18n/errors/device';

/**
 * Every language translates the same German catalogues, key for key, with the
 * same {placeholders} (docs/architecture.md "Languages"). The types already
 * demand the keys; this also catches placeholders and a catalogue one
 * language has and another lacks.
 */

const PACKS: Record<Exclude<Language, 'de'>, readonly TranslationPair[]> = {
  en: [...LOGIN_TRANSLATIONS.en, ...EN],
  pl: [...LOGIN_TRANSLATIONS.pl, ...PL],
  uk: [...LOGIN_TRANSLATIONS.uk, ...UK],
};

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The differences between a German catalogue and a translation, as readable lines. */
function differences(german: unknown, translated: unknown, path: string): string[] {
  if (typeof german === 'string') {
    if (typeof translated !== 'string' || translated.trim() === '') return [`${path}: missing`];
    const [a, b] = [placeholders(german), placeholders(translated)];
    return a.join() === b.join() ? [] : [`${path}: placeholders {${a.join('}, {')}} vs {${b.join('}, {')}}`];
  }
  if (typeof german === 'function') {
    if (typeof translated !== 'function') return [`${path}: missing`];
    return german.length === translated.length ? [] : [`${path}: ${german.length} vs ${translated.length} arguments`];
  }
  if (german && typeof german === 'object') {
    if (!translated || typeof translated !== 'object') return [`${path}: missing`];
    const g = german as Record<string, unknown>;
    const t = translated as Record<string, unknown>;
    const extra = Object.keys(t)
      .filter((k) => !(k in g))
      .map((k) => `${path}.${k}: not in German`);
    return [...Object.keys(g).flatMap((k) => differences(g[k], t[k], `${path}.${k}`)), ...extra];
  }
  return [];
}

const NAMES = new Map<object, string>([
  [LOGIN_UI, 'LOGIN_UI'],
  [PROFILE_UI, 'PROFILE_UI'],
  [scanTexts, 'scanTexts'],
  [cameraTexts, 'cameraTexts'],
]);
const nameOf = (c: object) => NAMES.get(c) ?? `a catalogue with the keys ${Object.keys(c).slice(0, 3).join(', ')}…`;

describe('translations', () => {
  it('the check finds a missing key, a changed placeholder and a key German does not have', () => {
    const german = { a: 'Platz {place}', b: 'Menge', nested: { c: 'x' }, f: (n: number) => `${n}` };
    expect(differences(german, { a: 'Place {location}', nested: {}, f: () => '', extra: 'y' }, 'T')).toEqual([
      'T.a: placeholders {place} vs {location}',
      'T.b: missing',
      'T.nested.c: missing',
      'T.f: 1 vs 0 arguments',
      'T.extra: not in German',
    ]);
  });

  it('every language translates the same catalogues', () => {
    const all = new Set(Object.values(PACKS).flatMap((pairs) => pairs.map(([german]) => german)));
    for (const [language, pairs] of Object.entries(PACKS)) {
      const mine = new Set(pairs.map(([german]) => german));
      expect([...all].filter((c) => !mine.has(c)).map(nameOf), language).toEqual([]);
      expect(mine.size, `${language}: a catalogue twice`).toBe(pairs.length);
    }
  });

  it.each(Object.entries(PACKS))('%s: every key of every catalogue, with the same placeholders', (_language, pairs) => {
    expect(pairs.flatMap(([german, translated]) => differences(german, translated, nameOf(german)))).toEqual([]);
  });

  it('every language translates every error code a handheld can show, with the same {params}; the server stays German', () => {
    expect(new Set(DEVICE_ERROR_CODES).size, 'a device code twice').toBe(DEVICE_ERROR_CODES.length);
    for (const [language, pairs] of Object.entries(PACKS)) {
      const translated = pairs.find(([german]) => german === DEVICE_ERRORS)?.[1] as Record<string, unknown> | undefined;
      expect(translated, `${language}: no translation of the device error codes`).toBeDefined();
      expect(DEVICE_ERROR_CODES.flatMap((code) => differences(errorCatalogue[code].de, translated?.[code], `${language}.${code}`))).toEqual([]);
    }
    const before = currentLanguage();
    const params = { barcode: 'A-01-01' };
    const german = errorText('LOCATION_NOT_FOUND', params);
    addTranslations('pl', PACKS.pl);
    try {
      setLanguage('pl');
      expect(errorText('LOCATION_NOT_FOUND', params)).toBe('Nie znaleziono lokalizacji A-01-01');
      // a server detail that is the catalogue's text is shown translated; any other detail as sent
      expect(refusalText('LOCATION_NOT_FOUND', params, german)).toBe('Nie znaleziono lokalizacji A-01-01');
      expect(refusalText('LOCATION_NOT_FOUND', params, 'Lagerplatz: anderer Text')).toBe('Lagerplatz: anderer Text');
      expect(errorText('IDEMPOTENCY_KEY_REUSED')).toBe(errorCatalogue.IDEMPOTENCY_KEY_REUSED.de);
      // the server wrote 1.500 (de-DE); the device's English rendering writes 1,500
      addTranslations('en', PACKS.en);
      setLanguage('en');
      const stock = { location: 'A-01-01', available: 1500, requested: 2000 };
      expect(refusalText('STOCK_INSUFFICIENT', stock, 'Bestand nicht ausreichend: Platz A-01-01 hat nur 1.500 Stück verfügbar')).toBe(
        'Not enough stock: location A-01-01 has only 1,500 pcs available',
      );
      expect(refusalText('VALIDATION', { field: 'Menge', reason: 'zu groß' }, 'Menge: zu groß')).toBe('Menge: zu groß');
    } finally {
      setLanguage(before);
    }
    expect(errorText('LOCATION_NOT_FOUND', params)).toBe('Lagerplatz A-01-01 nicht gefunden');
  });

  it('texts() answers the catalogue in the language in use, German by default and where none is registered; numbers follow the locale', () => {
    const before = currentLanguage();
    const german = { hello: 'Hallo' } as const;
    addTranslations('pl', [[german, { hello: 'Cześć' }]]);
    try {
      expect(texts(german).hello).toBe('Hallo');
      setLanguage('pl');
      expect(texts(german).hello).toBe('Cześć');
      expect(formatNumber(12345.5, 1)).toMatch(/^12\s345,5$/);
      setLanguage('uk');
      expect(texts(german).hello).toBe('Hallo');
      setLanguage('en');
      expect(formatNumber(1234.5, 1)).toBe('1,234.5');
    } finally {
      setLanguage(before);
    }
    expect(formatNumber(1234.5, 1)).toBe('1.234,5');
    expect(LANGUAGES).toEqual(['de', 'en', 'pl', 'uk']);
  });
});
