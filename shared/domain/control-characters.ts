/**
 * PostgreSQL cannot store U+0000 in text (error 22021), and no scanner or
 * keyboard sends it, so a NUL anywhere in a request is refused up front with a
 * German 400 that names the field, instead of failing deep in a query.
 */
const NUL = '\u0000';

/** Nesting bound so a hostile, deeply nested body cannot exhaust the stack while being scanned. */
const MAX_DEPTH = 64;

/** Path of the first string (or object key) holding a NUL, or null when there is none. */
export function findNulCharacter(value: unknown, path: Array<string | number> = [], depth = 0): Array<string | number> | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key];
    const found = findNulCharacter(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * JSON text PostgreSQL's jsonb can store: it refuses the escape \u0000 (22P05), so a refused mutation whose
 * args hold a NUL could not even be logged as refused. The NUL becomes U+FFFD; an escaped backslash before
 * "u0000" (a literal "\u0000" typed by someone) is left alone.
 */
export function jsonForPostgres(value: unknown): string {
  return JSON.stringify(value).replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\ufffd');
}
