import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../server/app';
import { WORKING_SET_SCHEMA_VERSION } from '../../sync/protocol';
import { createTestApp, type TestApp } from '../helpers/app';
import { auth, buildCompartments, buildCustomer, buildUser } from '../helpers/factories';
import { newClientId } from '../sync/server/sync-helpers';

/**
 * Large API answers (a worker's first pull) go out gzip-compressed when the client accepts it; small ones never;
 * static files only as precompressed at build time.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Enough stocked products (a worker's device holds those, docs/sync.md "Entities") that the first pull is well above the threshold.
  await sql`INSERT INTO products (ean, title) SELECT 'GZ-' || g, 'Komprimierter Artikel Nummer ' || g FROM generate_series(1, 3000) AS g`.execute(t.db);
  const customer = await buildCustomer(t.db);
  const [place] = await buildCompartments(t.db);
  await sql`INSERT INTO stock (product_id, customer_id, location_id, quantity) SELECT id, ${customer.id}, ${place.id}, 1 FROM products WHERE ean LIKE 'GZ-%'`.execute(
    t.db,
  );
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
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const zipped = await pullAs('gzip, deflate, br');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary).toLowerCase()).toContain('accept-encoding');
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

  it('reads Accept-Encoding with q-values and sends gzip only', async () => {
    for (const header of ['gzip', 'br, GZIP;q=0.5', '*', 'deflate, gzip']) expect((await pullAs(header)).headers['content-encoding'], header).toBe('gzip');
    for (const header of ['gzip;q=0', 'identity, br', 'deflate']) expect((await pullAs(header)).headers['content-encoding'], header).toBeUndefined();
  });
});

describe('static files', () => {
  it('sends the precompressed file once and never compresses a file at runtime', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lw-static-'));
    const script = `export const rows = [${Array.from({ length: 20_000 }, (_, i) => `'Zeile ${i}'`).join(',')}];`;
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Lagerwerk</title>');
    writeFileSync(join(dir, 'assets', 'packed.js'), script);
    writeFileSync(join(dir, 'assets', 'packed.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'assets', 'plain.js'), script);
    const s = await createTestApp({ staticDir: dir });
    try {
      const packed = await s.app.inject({ method: 'GET', url: '/assets/packed.js', headers: { 'accept-encoding': 'gzip' } });
      expect(packed.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(packed.rawPayload).toString('utf8')).toBe(script);
      const plain = await s.app.inject({ method: 'GET', url: '/assets/plain.js', headers: { 'accept-encoding': 'gzip' } });
      expect(Buffer.byteLength(script)).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
