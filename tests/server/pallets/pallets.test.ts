import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { decodePdf, pdfInfo, pdfText } from './labels';

let t: TestApp;
let admin: Record<string, string>;
let worker: Record<string, string>;
let worker2: Record<string, string>;
let customer: Record<string, string>;
let workerName: string;
const tmp = mkdtempSync(join(tmpdir(), 'pallet-labels-'));

beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
  const w = await buildUser(t.db, 'warehouse_worker');
  workerName = w.full_name ?? '';
  worker = auth(t.app, w);
  worker2 = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
  customer = auth(t.app, await buildUser(t.db, 'customer_user'));
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t.close();
});

const register = (query: string, headers = admin) => t.app.inject({ method: 'POST', url: `/api/pallets/?${query}`, headers });
const claim = (barcode: string, headers = worker) => t.app.inject({ method: 'POST', url: `/api/pallets/${encodeURIComponent(barcode)}/claim`, headers });

describe('POST /pallets/ (register)', () => {
  it('registers a pallet with trimmed barcode and name; it is available and active', async () => {
    const res = await register('barcode=%20PAL-T1%20&name=%20Europalette%201%20');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ barcode: 'PAL-T1', name: 'Europalette 1', active: true, status: 'available', last_used_at: null, current_cart: null });
  });

  it('refuses a missing or blank barcode with the German text (400)', async () => {
    for (const q of ['name=X', 'barcode=%20%20']) {
      const res = await register(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('Barcode ist erforderlich');
    }
  });

  it('refuses a duplicate barcode (409)', async () => {
    await register('barcode=PAL-DUP');
    const res = await register('barcode=%20PAL-DUP');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PALLET_BARCODE_TAKEN', detail: 'Palette PAL-DUP ist bereits registriert' });
  });

  it('is admin-only (403 for a worker, 401 without login)', async () => {
    expect((await register('barcode=PAL-W', worker)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/pallets/?barcode=PAL-W' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/pallets/', headers: worker })).statusCode).toBe(403);
  });
});

describe('GET /pallets/ and /pallets/{barcode}', () => {
  it('lists pallets with status, last use and the current cart', async () => {
    await register('barcode=PAL-L1&name=Liste');
    await claim('PAL-L1');
    const list = (await t.app.inject({ method: 'GET', url: '/api/pallets/', headers: admin })).json();
    const p = list.find((x: { barcode: string }) => x.barcode === 'PAL-L1');
    expect(p.status).toBe('in_use');
    expect(new Date(p.last_used_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(p.current_cart).toEqual({ total_orders: 0, picker_name: workerName, packer_name: null });
  });

  it('looks a pallet up by barcode for warehouse roles; unknown is 404 in German', async () => {
    await register('barcode=PAL-G1');
    const res = await t.app.inject({ method: 'GET', url: '/api/pallets/PAL-G1', headers: worker });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ barcode: 'PAL-G1', status: 'available' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/pallets/NOPE-1', headers: worker });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Palette nicht gefunden');
    expect((await t.app.inject({ method: 'GET', url: '/api/pallets/PAL-G1', headers: customer })).statusCode).toBe(403);
  });
});

describe('PATCH /pallets/{id}?active=', () => {
  it('deactivates and reactivates; a deactivated pallet cannot be claimed', async () => {
    const id = (await register('barcode=PAL-A1')).json().id;
    const off = await t.app.inject({ method: 'PATCH', url: `/api/pallets/${id}?active=false`, headers: admin });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const refused = await claim('PAL-A1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Palette PAL-A1 ist nicht verfügbar (Status: Deaktiviert)');
    const on = await t.app.inject({ method: 'PATCH', url: `/api/pallets/${id}?active=true`, headers: admin });
    expect(on.json().active).toBe(true);
    expect((await claim('PAL-A1')).statusCode).toBe(200);
  });

  it('refuses a bad flag (400), an unknown id (404) and a worker (403)', async () => {
    const id = (await register('barcode=PAL-A2')).json().id;
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/pallets/${id}?active=vielleicht`, headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Aktiv');
    expect((await t.app.inject({ method: 'PATCH', url: '/api/pallets/999999?active=true', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/pallets/${id}?active=false`, headers: worker })).statusCode).toBe(403);
  });
});

describe('POST /pallets/{barcode}/claim', () => {
  it('moves an available pallet to in_use; a second claim is 409 with the spec text', async () => {
    await register('barcode=PAL-C1');
    const ok = await claim('PAL-C1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('in_use');
    const again = await claim('PAL-C1', worker2);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PALLET_NOT_AVAILABLE',
      detail: 'Palette PAL-C1 ist nicht verfügbar (Status: In Benutzung)',
      params: { barcode: 'PAL-C1', status_code: 'in_use' },
    });
  });

  it('unknown barcode is 404; customers may not claim', async () => {
    const res = await claim('PAL-NONE');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Palette nicht gefunden');
    await register('barcode=PAL-C2');
    expect((await claim('PAL-C2', customer)).statusCode).toBe(403);
  });

  it('two claims of the same pallet at once: exactly one wins', async () => {
    await register('barcode=PAL-RACE');
    const results = await Promise.all([claim('PAL-RACE', worker), claim('PAL-RACE', worker2), claim('PAL-RACE', admin)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const row = await t.db.selectFrom('pallets').selectAll().where('barcode', '=', 'PAL-RACE').executeTakeFirstOrThrow();
    expect(row.status).toBe('in_use');
  });
});

describe('GET /pallets/{id}/label.pdf', () => {
  it('renders an A6 landscape label whose Code 128 decodes to the barcode, with the name', async () => {
    const id = (await register('barcode=PAL-LBL-7&name=Halle%20Nord')).json().id;
    const res = await t.app.inject({ method: 'GET', url: `/api/pallets/${id}/label.pdf`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('inline');
    expect(decodePdf(tmp, res.rawPayload, 'pal')).toEqual(['PAL-LBL-7']);
    const text = pdfText(tmp, 'pal');
    expect(text).toContain('PAL-LBL-7');
    expect(text).toContain('Halle Nord');
    // 150 × 100 mm
    expect(pdfInfo(tmp, 'pal')).toMatch(/Page size:\s+425\.19\d* x 283\.46\d* pts/);
  });

  it('unknown id is 404, worker is 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/pallets/999999/label.pdf', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/pallets/1/label.pdf', headers: worker })).statusCode).toBe(403);
  });
});
