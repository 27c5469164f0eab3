import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';

let t: TestApp;
let worker: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  worker = auth(t.app, await buildUser(t.db, 'warehouse_worker'));
});
afterAll(async () => t.close());

/** Words of Fastify's and zod's English texts that must never reach a user. */
const ENGLISH = /\b(expected|received|Invalid|Required|Bad Request|Not Found|Unsupported|int|string|number|undefined)\b/;

function expectGermanError(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(typeof body.detail, res.body).toBe('string');
  expect(body.detail, res.body).not.toMatch(ENGLISH);
  expect(typeof body.code).toBe('string');
  expect(body.params).toBeTypeOf('object');
  if (code) expect(body.code).toBe(code);
}

describe('errors the HTTP layer raises before a route runs', () => {
  it('bad URL encoding is a German 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/lookup/%E0%A4%A', headers: worker });
    expectGermanError(res, 400, 'BAD_URL');
  });

  it('a 5,000-character path parameter is a German 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/lookup/${'4'.repeat(5000)}`, headers: worker });
    expectGermanError(res, 414, 'URI_TOO_LONG');
  });

  it('an unsupported media type is a German 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', headers: { 'content-type': 'application/xml' }, payload: '<x/>' });
    expectGermanError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('malformed JSON and an empty JSON body are German 400s', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expectGermanError(bad, 400, 'INVALID_JSON');
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', headers: { 'content-type': 'application/json' }, payload: '' });
    expectGermanError(empty, 400, 'EMPTY_BODY');
  });

  it('an unknown route or method is a German 404', async () => {
    expectGermanError(await t.app.inject({ method: 'PATCH', url: '/api/auth/login-password' }), 404, 'ROUTE_NOT_FOUND');
    expectGermanError(await t.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' }), 404, 'ROUTE_NOT_FOUND');
    expectGermanError(await t.app.inject({ method: 'GET', url: '/api?x=1' }), 404, 'ROUTE_NOT_FOUND');
    // A screen whose path only begins with "api" is the app's (here without a built client: NOT_FOUND).
    expectGermanError(await t.app.inject({ method: 'GET', url: '/api-keys' }), 404, 'NOT_FOUND');
  });

  it('oversized headers are a German 431 (Node refuses them before Fastify, so a real socket is needed)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'a'.repeat(20_000) } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(431);
    const json = JSON.parse(body);
    expect(json.code).toBe('HEADERS_TOO_LARGE');
    expect(json.detail).toMatch(/Kopfzeilen/);
    expect(json.params).toEqual({});
  });
});

describe('validation texts', () => {
  it('a NUL character is refused naming the field', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email: 'a\u0000@x.de', password: 'x' } });
    expectGermanError(login, 400, 'VALIDATION');
    expect(login.json().detail).toBe('E-Mail: enthält ein unzulässiges Steuerzeichen');
    const search = await t.app.inject({ method: 'POST', url: '/api/inventory/search', headers: worker, payload: { query: 'a\u0000b' } });
    expect(search.json().detail).toBe('Suchbegriff: enthält ein unzulässiges Steuerzeichen');
  });

  it('zod reasons are German, with German field labels', async () => {
    const nan = await t.app.inject({ method: 'GET', url: '/api/customers/abc', headers: worker });
    expectGermanError(nan, 400, 'VALIDATION');
    expect(nan.json().detail).toBe('ID: muss eine Zahl sein');
    const fraction = await t.app.inject({ method: 'GET', url: '/api/customers/1.5', headers: worker });
    expect(fraction.json().detail).toBe('ID: muss eine ganze Zahl sein');
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { password: 'x' } });
    expect(missing.json().detail).toBe('E-Mail: fehlt');
  });
});
