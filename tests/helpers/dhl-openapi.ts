import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * DHL's published OpenAPI document of Parcel DE Shipping v2
 * (tests/fixtures/dhl/, MIT, netresearch/dhl-sdk-api-parcel-de) as a JSON
 * Schema validator for request bodies. OpenAPI 3.0 writes
 * exclusiveMaximum/Minimum as booleans (draft-04); they are rewritten to
 * the numeric form ajv expects, nothing else is changed.
 */
export const DHL_OPENAPI_PATH = fileURLToPath(new URL('../fixtures/dhl/parcel-de-shipping-v2.1.12.yaml', import.meta.url));

function draft04Bounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(draft04Bounds);
  if (!node || typeof node !== 'object') return node;
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) o[k] = draft04Bounds(v);
  for (const [ex, lim] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ] as const) {
    if (typeof o[ex] !== 'boolean') continue;
    if (o[ex] && typeof o[lim] === 'number') {
      o[ex] = o[lim];
      delete o[lim];
    } else delete o[ex];
  }
  return o;
}

let cached: ValidateFunction | null = null;

/** Validator of `ShipmentOrderRequest`, the body of POST /orders. */
export function shipmentOrderRequestValidator(): ValidateFunction {
  if (cached) return cached;
  const doc = parse(readFileSync(DHL_OPENAPI_PATH, 'utf8')) as { components: unknown; paths: Record<string, Record<string, unknown>> };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'dhl', components: draft04Bounds(doc.components) });
  const v = ajv.getSchema('dhl#/components/schemas/ShipmentOrderRequest');
  if (!v) throw new Error('ShipmentOrderRequest not in the DHL OpenAPI document');
  cached = v;
  return v;
}

/** The request body schema POST /orders names in the document (so the test notices if it changes). */
export function ordersRequestSchemaRef(): string {
  const doc = parse(readFileSync(DHL_OPENAPI_PATH, 'utf8')) as {
    paths: { '/orders': { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } } };
  };
  const content = doc.paths['/orders'].post.requestBody.content;
  return (content['application/json'] ?? Object.values(content)[0])?.schema.$ref ?? '';
}

/** DHL-style schema errors: `shipments[0].consignee.country` + message. */
export function schemaErrors(errors: ErrorObject[] | null | undefined): Array<{ propertyPath: string; message: string }> {
  return (errors ?? []).map((e) => ({
    propertyPath: e.instancePath
      .replace(/^\//, '')
      .replace(/\/(\d+)/g, '[$1]')
      .replace(/\//g, '.'),
    message: e.message ?? 'invalid',
  }));
}
