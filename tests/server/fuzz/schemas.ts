import type { FastifySchema } from 'fastify';
import { z } from 'zod';

/** The JSON Schema subset the route schemas produce (z.toJSONSchema, input side). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

export type InputPart = 'params' | 'querystring' | 'body';
export const INPUT_PARTS: readonly InputPart[] = ['params', 'querystring', 'body'];

function isZod(v: unknown): v is z.ZodType {
  return v instanceof z.ZodType;
}

/**
 * The input side of a route schema as JSON Schema. Schemas with transforms or
 * preprocess cannot all be expressed; those parts fall back to {} (anything),
 * which the fuzzer then fills with arbitrary JSON.
 */
export function inputJsonSchema(schema: FastifySchema | undefined, part: InputPart): JsonSchema | null {
  const s = schema?.[part];
  if (!isZod(s)) return null;
  return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', reused: 'inline', cycles: 'ref' }) as JsonSchema;
}

/** Every property name anywhere in a JSON Schema (the field names a validation error can report). */
export function propertyNames(s: JsonSchema | undefined, out = new Set<string>()): Set<string> {
  if (!s) return out;
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    out.add(k);
    propertyNames(v, out);
  }
  propertyNames(s.items, out);
  for (const sub of [...(s.prefixItems ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) propertyNames(sub, out);
  if (typeof s.additionalProperties === 'object') propertyNames(s.additionalProperties, out);
  return out;
}
