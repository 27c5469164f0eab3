import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_SCHEMES, securityOf } from '../../../server/openapi';
import { createTestApp, type TestApp } from '../../helpers/app';

/** An OpenAPI 3.1 document from the routes' own zod schemas, for integrators (README "API for integrators"). */
let t: TestApp;
type Operation = {
  tags?: string[];
  description?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
let doc: { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: object } };

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => t.close());

/** /api/products/:id -> /api/products/{id}, as OpenAPI writes path parameters. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with a bearer scheme and the API key in either header', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Lagerwerk API');
    expect(doc.components.securitySchemes).toEqual(SECURITY_SCHEMES);
    expect(doc.components.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      apiKeyBearer: { type: 'http', scheme: 'bearer' },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    });
  });

  it('lists every registered /api route with its access, parameters, body and answer', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const r of t.app.routeAccess) {
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
      if (!op) {
        missing.push(`${r.method} ${r.url}`);
        continue;
      }
      expect(op.tags?.length, `${r.method} ${r.url} tag`).toBe(1);
      expect(op.description, `${r.method} ${r.url}`).toContain('Zugriff: ');
      expect(op.security, `${r.method} ${r.url}`).toEqual(securityOf(r.access, r.apiKeys));
      const schema = (r.schema ?? {}) as { body?: unknown; consumes?: string[]; params?: unknown; querystring?: unknown; response?: Record<string, unknown> };
      // JSON unless the route declares another body type (the CSV order import takes text/csv).
      const bodyType = schema.consumes?.[0] ?? 'application/json';
      if (schema.body) expect(op.requestBody?.content[bodyType]?.schema, `${r.method} ${r.url} body`).toBeDefined();
      for (const name of r.url.match(/:(\w+)/g) ?? []) {
        expect(
          op.parameters?.some((p) => p.in === 'path' && p.name === name.slice(1)),
          `${r.method} ${r.url} ${name}`,
        ).toBe(true);
      }
      for (const status of Object.keys(schema.response ?? {})) {
        expect(op.responses[status], `${r.method} ${r.url} answers ${status}`).toBeDefined();
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes an order from a shop system field by field', () => {
    const create = doc.paths['/api/outbound-orders/']?.post;
    const body = create?.requestBody?.content['application/json']?.schema;
    expect(body?.properties).toHaveProperty('items');
    expect(body?.properties).toHaveProperty('delivery_name');
    expect(create?.security).toEqual([{ bearer: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }]);
    expect(doc.paths['/api/auth/login-password']?.post.security).toEqual([]);
    expect(doc.paths['/api/auth/me']?.get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/picking-waves/']?.get.security).toEqual([{ bearer: [] }]);
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI under the same CSP as the app (scripts only from itself)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Lagerwerk API</title>');
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
  });
});
