import { z } from 'zod';

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

const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (m, k: string) => String(params[k] ?? m));

function show(v: unknown): string {
  return typeof v === 'string' ? `„${v}“` : String(v);
}

/** Size limits: a bigint or a Date limit is printed as it is. */
function sizeReason(issue: { origin: string; inclusive?: boolean }, limit: number | bigint, big: boolean): string {
  const n = Number(limit);
  if (issue.origin === 'string') {
    if (!big && n <= 1) return ZOD_REASONS.textEmpty;
    return fill(big ? ZOD_REASONS.textTooLong : ZOD_REASONS.textTooShort, { n });
  }
  if (issue.origin === 'array' || issue.origin === 'set') return fill(big ? ZOD_REASONS.listTooLong : ZOD_REASONS.listTooShort, { n });
  if (big) return fill(issue.inclusive === false ? ZOD_REASONS.numberTooBigExclusive : ZOD_REASONS.numberTooBig, { n: String(limit) });
  return fill(issue.inclusive === false ? ZOD_REASONS.numberTooSmallExclusive : ZOD_REASONS.numberTooSmall, { n: String(limit) });
}

const FORMAT_REASONS: Readonly<Record<string, string>> = {
  email: ZOD_REASONS.email,
  date: ZOD_REASONS.date,
  datetime: ZOD_REASONS.datetime,
  url: ZOD_REASONS.url,
  uuid: ZOD_REASONS.uuid,
};

/** zod's error map for the whole app (`z.config({ localeError: germanZodError })`). */
export const germanZodError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return ZOD_REASONS.missing;
      return ZOD_REASONS.type[issue.expected] ?? ZOD_REASONS.typeOther;
    }
    case 'invalid_value':
      if (issue.values.length === 1) return fill(ZOD_REASONS.exactly, { value: show(issue.values[0]) });
      return fill(ZOD_REASONS.oneOf, { values: issue.values.map(show).join(', ') });
    case 'too_big':
      return sizeReason(issue, issue.maximum, true);
    case 'too_small':
      return sizeReason(issue, issue.minimum, false);
    case 'invalid_format':
      return FORMAT_REASONS[issue.format] ?? ZOD_REASONS.format;
    case 'not_multiple_of':
      return fill(ZOD_REASONS.multipleOf, { n: String(issue.divisor) });
    case 'unrecognized_keys':
      return fill(issue.keys.length > 1 ? ZOD_REASONS.unknownKeys : ZOD_REASONS.unknownKey, { keys: issue.keys.map(show).join(', ') });
    default:
      return ZOD_REASONS.invalid;
  }
};

/** Installs the German reasons for every zod schema of the process; the server and the device both call it at start. */
export function installGermanZodErrors(): void {
  z.config({ localeError: germanZodError });
}
