import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_MIN_CHARS } from '../../server/http-compress';
import { createTestApp, type TestApp } from '../helpers/app';
import { auth, buildUser } from '../helpers/factories';
import { WORKING_SET_SCHEMA_VERSION } from '../../sync/protocol';
import { newClientId } from '../sync/server/sync-helpers';

/** Large JSON answers (a worker's first pull) go out gzip-compressed when the client accepts it; small ones never. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Enough catalogue that the first pull is well above the threshold.
  await sql`INSERT INTO products (ean, title) SELECT 'GZ-' || g, 'Komprimierter Artikel Nummer ' || g FROM generate_series(1, 3000) AS g`.execute(t.db);
});
afterAll(async () => t.close());

const pullAs = async (encoding: string | undefined) => {
  const worker = await buildUser(t.db, 'warehouse_worker');
  return t.app.inject({
    method: 'POST',
    url: '/api/sync/pull',
    headers: { ...auth(t.app, worker), ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
    payload: { clientId: newClientId(), cookie: null, schemaVersion: WORKING_SET_SCHEMA_VERSION },
  });
};

describe('compressed answers', () => {
  it('sends a large pull gzip-compressed to a client that accepts gzip, with the same JSON inside', async () => {
    const plain = await pullAs(undefined);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_CHARS);
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const zipped = await pullAs('gzip, deflate, br');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 4);
    const inside = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    // Same rows (the cookie differs between the two pulls' snapshots).
    expect(inside.patch).toEqual(plain.json().patch);
  });

  it('leaves small answers and refused gzip alone', async () => {
    const worker = await buildUser(t.db, 'warehouse_worker');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...auth(t.app, worker), 'accept-encoding': 'gzip' } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect((await pullAs('gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity, br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
