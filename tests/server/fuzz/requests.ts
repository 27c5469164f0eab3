import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { fieldLabels } from '../../../shared/i18n/fields';
import { fuzzArb, hostile } from './arbitraries';
import { inputJsonSchema, type JsonSchema } from './schemas';
import type { FastifySchema } from 'fastify';

export interface FuzzRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

const ANYTHING: JsonSchema = {};

/** A path value as a client would put it in the URL: encoded, or raw when it is plain printable ASCII (bad escapes included). */
function pathValue(v: unknown, raw: boolean): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  if (raw && /^[\x21-\x7e]*$/.test(text) && !/[/?#]/.test(text)) return text;
  return encodeURIComponent(text);
}

function queryString(q: unknown): string {
  // An array may hold objects without a prototype (String() of those throws): sent as JSON text.
  if (q === null || typeof q !== 'object' || Array.isArray(q))
    return q === undefined ? '' : `?x=${encodeURIComponent(typeof q === 'object' ? JSON.stringify(q) : String(q))}`;
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) sp.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Requests for one route, generated from its own params, querystring and body schemas. */
export function requestArb(route: FuzzRoute): fc.Arbitrary<InjectOptions> {
  const params = inputJsonSchema(route.schema, 'params');
  const query = inputJsonSchema(route.schema, 'querystring');
  const body = inputJsonSchema(route.schema, 'body');
  const names = [...route.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  const paramArb = fc.record(Object.fromEntries(names.map((n) => [n, params?.properties?.[n] ? fuzzArb(params.properties[n]) : hostile])));
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return fc
    .record({
      p: paramArb,
      raw: fc.boolean(),
      q: query ? fuzzArb(query) : fc.constant(undefined),
      b: withBody ? fuzzArb(body ?? ANYTHING) : fc.constant(undefined),
    })
    .map(({ p, raw, q, b }) => {
      const path = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, n: string) => pathValue(p[n], raw)).replace(/\*/g, 'x');
      const opts: InjectOptions = { method: route.method as InjectOptions['method'], url: `${path}${queryString(q)}` };
      if (withBody && b !== undefined) {
        opts.payload = JSON.stringify(b);
        opts.headers = { 'content-type': 'application/json' };
      }
      return opts;
    });
}

/** English that zod or Fastify would print; none of it may reach a user. */
const ENGLISH = /\b(expected|received|Invalid|Required|undefined|Bad Request|Not Found|Internal Server Error|must be|Unexpected token)\b/;
const LABELS = new Set([...Object.values(fieldLabels), 'Anfrage']);
/** A key the client made up is quoted as sent (shared/i18n/fields.ts), not passed off as a field. */
const UNKNOWN_KEY = /^Unbekannte Angabe „.*“$/;

/** What every answer must satisfy: no 5xx, and every error German with a code. */
export function expectSoundAnswer(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 500)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const body = res.json() as { detail?: unknown; code?: unknown; params?: { field?: unknown } };
  expect(typeof body.detail, `${what} → ${res.body.slice(0, 500)}`).toBe('string');
  expect(typeof body.code, `${what} → ${res.body.slice(0, 500)}`).toBe('string');
  expect(body.detail, `${what} → ${res.body.slice(0, 500)}`).not.toMatch(ENGLISH);
  if (body.code === 'VALIDATION' && typeof body.params?.field === 'string') {
    // "Artikel (Position 2)" is the label of "items" at index 1.
    const field = body.params.field.replace(/ \(Position \d+\)$/, '');
    if (!UNKNOWN_KEY.test(field)) expect(LABELS, `${what}: raw field name in ${res.body.slice(0, 300)}`).toContain(field);
  }
}
