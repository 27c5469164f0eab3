import { LANGUAGE_LOCALES } from './languages';
import { currentLanguage } from './translate';

/**
 * Dates and numbers in the locale of the language in use (de-DE unless a
 * handheld user chose another, docs/architecture.md "Languages"). The Intl
 * formatters are built once per locale and reused: `toLocaleString(…)`
 * builds a new one on every call, which costs more than the rest of a render
 * on long lists (a pick list of hundreds of stops).
 */
const locale = () => LANGUAGE_LOCALES[currentLanguage()];

/**
 * Each formatter is built on first use, not when the module loads: the first Intl formatter of a
 * page loads the locale's data, a long task that made the app chunk's evaluation one.
 * `warmFormatters` builds them ahead, one call each.
 */
const once = <T>(make: (locale: string) => T): (() => T) => {
  const built = new Map<string, T>();
  return () => {
    const l = locale();
    let value = built.get(l);
    if (value === undefined) {
      value = make(l);
      built.set(l, value);
    }
    return value;
  };
};
const plainNumber = once((l) => new Intl.NumberFormat(l));
const dateFormat = once((l) => new Intl.DateTimeFormat(l, { day: '2-digit', month: '2-digit', year: 'numeric' }));
const timeFormat = once((l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit' }));
const dayMonthFormat = once((l) => new Intl.DateTimeFormat(l, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }));
const dateTimeFormat = once((l) => new Intl.DateTimeFormat(l, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }));

/** The formatters' builders, for a page that builds them in idle moments before a screen needs them (client/app/after-paint.tsx). */
export const warmFormatters: readonly (() => unknown)[] = [plainNumber, dateFormat, timeFormat, dateTimeFormat];

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(digits: number): Intl.NumberFormat {
  const key = `${locale()}:${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, f);
  }
  return f;
}

/** Fills the {name} slots of a template with params; numbers in the locale's format. */
export function formatMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const v = params[key];
    if (v === undefined || v === null) return whole;
    if (typeof v === 'number') return plainNumber().format(v);
    return String(v);
  });
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateFormat().format(d) : '–';
}

/** A calendar day (`2026-03-10`) as day and month: "10.03." in German, "10/03" in English. */
export function formatDayMonth(day: string): string {
  const d = toDate(`${day.slice(0, 10)}T00:00:00Z`);
  return d ? dayMonthFormat().format(d) : '–';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateTimeFormat().format(d) : '–';
}

export function formatNumber(n: number | null | undefined, digits = 0): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '–';
  return numberFormat(digits).format(n);
}

/** Clock time only (hh:mm). */
export function formatTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? timeFormat().format(d) : '–';
}
