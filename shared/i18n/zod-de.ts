import { z } from 'zod';
import { ZOD_REASONS } from './zod-reasons';

// zod's error map with the German reasons of ./zod-reasons.ts. Only this module imports zod, so the
// reasons' words (which the refusal texts of every screen use) do not load zod with them.

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
