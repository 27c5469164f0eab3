import fc from 'fast-check';
import type { JsonSchema } from './schemas';

/**
 * fast-check arbitraries from a route's JSON Schema. Valid values follow the
 * schema (so requests get past validation into the handlers and the database);
 * hostile values are what a clumsy client or an attacker sends: wrong types,
 * NUL and other control characters, huge numbers and strings, extra keys.
 */

/** Strings the database and the parsers find awkward. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0007\u001b[31m',
  '%00',
  '%E0%A4%A',
  "'; DROP TABLE users; --",
  '😀🏭',
  '\uFFFF',
  'x'.repeat(10_000),
  '1e309',
  'NaN',
  '-1',
  '2147483648',
  '9999-99-99',
  'true',
  '__proto__',
);

const nastyNumber = fc.constantFrom(0, -1, 1.5, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 999_999);

/** Anything JSON can carry, including the nasty strings and numbers above. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(null),
  fc.boolean(),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'id', 'x'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
);

function types(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  return s.type ? [s.type] : [];
}

function integerArb(s: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? (s.exclusiveMinimum ?? -1_000) + 1, -1_000_000);
  const max = Math.min(s.maximum ?? (s.exclusiveMaximum ?? 1_000_000) - 1, 1_000_000);
  if (min > max) return fc.constant(min);
  // Small ids hit rows the test created; the rest are unknown ids.
  return fc.oneof(fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 5)) }), fc.integer({ min, max }));
}

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, 60);
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date')
    return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= 200);
    } catch {
      // A pattern fast-check cannot read still gets plain strings.
    }
  }
  return fc.string({ minLength: Math.min(minLength, maxLength), maxLength, unit: 'grapheme' });
}

/** A value that follows the schema (as far as JSON Schema says; refinements may still refuse it). */
export function validArb(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validArb(a, depth + 1)));
  if (s.allOf?.length) return validArb(s.allOf[0], depth + 1);
  const t = types(s);
  if (t.length > 1) return fc.oneof(...t.map((type) => validArb({ ...s, type }, depth + 1)));
  switch (t[0]) {
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validArb(v, depth + 1)]));
      const requiredKeys = Object.keys(props).filter((k) => required.has(k));
      return fc.record(shape, { requiredKeys });
    }
    case 'array': {
      const item = s.items ? validArb(s.items, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const minLength = s.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 4, 4)) });
    }
    case 'integer':
      return integerArb(s);
    case 'number':
      return fc.oneof(integerArb(s), fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true }));
    case 'string':
      return stringArb(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly schema-shaped values with hostile ones mixed in at every level (the fuzzer's main input). */
export function fuzzArb(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const props = s.properties;
  if (props && depth < 3) {
    const required = new Set(s.required ?? []);
    const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fuzzArb(v, depth + 1)]));
    const requiredKeys = Object.keys(props).filter((k) => required.has(k));
    return fc.oneof(
      { weight: 6, arbitrary: fc.record(shape, { requiredKeys }) },
      { weight: 1, arbitrary: fc.record(shape) },
      { weight: 1, arbitrary: hostile },
    );
  }
  return fc.oneof({ weight: 4, arbitrary: validArb(s, depth) }, { weight: 1, arbitrary: hostile });
}
