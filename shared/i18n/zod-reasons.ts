const WHOLE_NUMBER = 'muss eine ganze Zahl sein';

/**
 * German reasons for zod issues that a schema did not word itself.
 * zod's own German locale still prints type names and operators
 * ("erwartet number, erhalten NaN", "int", "string <=500 Zeichen"), which a
 * warehouse worker cannot read; these reasons follow the field label in the
 * 400 detail ("Menge: muss eine ganze Zahl sein"), so they are phrased as
 * predicates without a subject.
 */
export const ZOD_REASONS = {
  missing: 'fehlt',
  type: {
    string: 'muss ein Text sein',
    number: 'muss eine Zahl sein',
    int: WHOLE_NUMBER,
    bigint: WHOLE_NUMBER,
    boolean: 'muss ja oder nein sein',
    array: 'muss eine Liste sein',
    object: 'muss ein Objekt sein',
    date: 'muss ein Datum sein',
    null: 'muss leer sein',
  } as Readonly<Record<string, string>>,
  typeOther: 'hat den falschen Typ',
  oneOf: 'muss einer dieser Werte sein: {values}',
  exactly: 'muss {value} sein',
  textTooLong: 'darf höchstens {n} Zeichen lang sein',
  textTooShort: 'muss mindestens {n} Zeichen lang sein',
  textEmpty: 'darf nicht leer sein',
  listTooLong: 'darf höchstens {n} Einträge haben',
  listTooShort: 'muss mindestens {n} Einträge haben',
  numberTooBig: 'darf höchstens {n} sein',
  numberTooBigExclusive: 'muss kleiner als {n} sein',
  numberTooSmall: 'muss mindestens {n} sein',
  numberTooSmallExclusive: 'muss größer als {n} sein',
  format: 'hat ein ungültiges Format',
  email: 'ist keine gültige E-Mail-Adresse',
  date: 'muss ein Datum (JJJJ-MM-TT) sein',
  datetime: 'muss ein Zeitpunkt (ISO 8601) sein',
  url: 'ist keine gültige Adresse (URL)',
  uuid: 'ist keine gültige UUID',
  multipleOf: 'muss ein Vielfaches von {n} sein',
  unknownKey: 'enthält die unbekannte Angabe {keys}',
  unknownKeys: 'enthält die unbekannten Angaben {keys}',
  invalid: 'ist ungültig',
  /** A NUL (U+0000) or other control character PostgreSQL cannot store in text. */
  controlCharacter: 'enthält ein unzulässiges Steuerzeichen',
} as const;

type Templates = { readonly [key: string]: string | Templates };

/** A reason's code: its key in ZOD_REASONS ('missing', 'type.number'), and the values of its {slots}. */
export interface ReasonCode {
  reason_code: string;
  reason_params: Record<string, string>;
}

const REASON_TEMPLATES: readonly (readonly [string, string])[] = (function flat(t: Templates, prefix: string): [string, string][] {
  return Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
})(ZOD_REASONS, '');

/** What each slot can hold (a number, a quoted value as show() writes it), so a schema's own wording is not read as a slot. */
const SLOT_PATTERNS: Readonly<Record<string, string>> = {
  n: '-?\\d[\\d.]*',
  value: '„[^“]*“|-?\\d[\\d.]*|true|false|null',
  values: '[\\s\\S]+',
  keys: '„[\\s\\S]*“',
};
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The reasons as patterns, the longest fixed wording first ("muss mindestens {n} Zeichen lang sein" before "muss {value} sein"). */
const MATCHERS = REASON_TEMPLATES.map(([key, template]) => {
  const slots = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const fixed = template.split(/\{\w+\}/);
  const source = fixed.map((part, i) => (i === 0 ? '' : `(${SLOT_PATTERNS[slots[i - 1]] ?? '[\\s\\S]+?'})`) + escapeRegExp(part)).join('');
  return { key, slots, re: new RegExp(`^${source}$`), weight: fixed.join('').length };
}).sort((a, b) => b.weight - a.weight);

/** The code of a German validation reason when it is one of ZOD_REASONS (a schema's own wording has none). */
export function zodReasonCode(reason: string): ReasonCode | null {
  for (const { key, slots, re } of MATCHERS) {
    const m = re.exec(reason);
    if (m) return { reason_code: key, reason_params: Object.fromEntries(slots.map((s, i) => [s, m[i + 1]])) };
  }
  return null;
}
