import { z } from 'zod';
import { ZOD_REASONS } from '../i18n/zod-reasons';

/** PostgreSQL cannot store NUL in text; the device's forms refuse it with the server's words. */
const noNul = (v: string) => !v.includes('\u0000');

/** Body of every error answer of the API. */
export const ErrorBody = z.object({
  detail: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** PostgreSQL `integer`: a larger id cannot exist, and would otherwise fail in the database (22003) instead of naming the field. */
export const PG_INTEGER_MAX = 2_147_483_647;

/**
 * THE row id schema (PostgreSQL `integer`): every path, query and body id
 * goes through it, so an id beyond 2147483647 is a 400 naming the field.
 * `message` words a missing or non-positive id (e.g. "Bitte Artikel wählen");
 * the range keeps its own reason.
 */
function rowId(coerce: boolean, message?: string) {
  const base = coerce ? z.coerce.number(message ? { error: message } : undefined) : z.number(message ? { error: message } : undefined);
  return base.int(message).positive(message).max(PG_INTEGER_MAX);
}

/** A row id from a path or query string (coerced from text). */
export const idNumber = (message?: string) => rowId(true, message);

/** A row id in a JSON body: a number, never coerced (true or "" is not id 1 or 0). */
export const bodyId = (message?: string) => rowId(false, message);

export const IdParams = z.object({ id: idNumber() });
export type IdParams = z.infer<typeof IdParams>;

export const OkResponse = z.object({ ok: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof OkResponse>;

/** Optional text field: trims, and turns '' into null. */
export const optionalText = (max = 2000) =>
  z
    .string()
    .max(max)
    .refine(noNul, ZOD_REASONS.controlCharacter)
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });

/** Required text field: trimmed, at least one character. */
export const requiredText = (message: string, max = 500) => z.string().trim().min(1, message).max(max).refine(noNul, ZOD_REASONS.controlCharacter);

/**
 * Timestamps in responses: Date from the database, serialised by JSON as an ISO
 * string. Response schemas must not use .transform (the serializer encodes).
 */
export const Timestamp = z.union([z.string(), z.date()]);
export const NullableTimestamp = Timestamp.nullable();

/** A calendar day (YYYY-MM-DD) in a query or body. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum im Format JJJJ-MM-TT erwartet');
