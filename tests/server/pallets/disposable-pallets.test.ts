import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';
import { insertOrder } from '../outbound-orders/world';
import { decodePdf, pdfInfo } from './labels';

let t: TestApp;
let admin: Record<string, string>;
let worker: Record<string, string>;
const tmp = mkdtempSync(join(tmpdir(), 'disp-labels-'));

beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
  worker = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t.close();
});

const generate = (payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/disposable-pallets/generate-and-download-pdf', headers, payload: payload as object });
const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/disposable-pallets/stats', headers: admin })).json();
const list = async (q = '') => (await t.app.inject({ method: 'GET', url: `/api/disposable-pallets/${q}`, headers: admin })).json();

describe('POST /disposable-pallets/generate-and-download-pdf', () => {
  it('creates N new DISP- barcodes and returns one A6 page per barcode that decodes to it', async () => {
    const before = await stats();
    const res = await generate({ count: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="einwegpaletten-3.pdf"');
    const decoded = decodePdf(tmp, res.rawPayload, 'disp3');
    expect(decoded).toHaveLength(3);
    for (const code of decoded) expect(code).toMatch(/^DISP-[A-Z0-9]{8}$/);
    expect(new Set(decoded).size).toBe(3);
    expect(pdfInfo(tmp, 'disp3')).toMatch(/Page size:\s+425\.19\d* x 283\.46\d* pts/);
    // the decoded codes are the new, available rows
    const rows = await t.db.selectFrom('disposable_pallets').select(['barcode', 'status']).where('barcode', 'in', decoded).execute();
    expect(rows.map((r) => r.status)).toEqual(['available', 'available', 'available']);
    const after = await stats();
    expect(after.available - before.available).toBe(3);
    expect(after.total - before.total).toBe(3);
  });

  it('refuses counts outside 1–100 and non-numbers with the German text (400), creates nothing', async () => {
    const before = await stats();
    for (const payload of [{ count: 0 }, { count: 101 }, { count: 'zwanzig' }, { count: 2.5 }, {}]) {
      const res = await generate(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('Anzahl muss zwischen 1 und 100 liegen');
    }
    expect(await stats()).toEqual(before);
  });

  it('accepts the limits 1 and 100', async () => {
    expect((await generate({ count: 1 })).headers['content-disposition']).toContain('einwegpaletten-1.pdf');
    const big = await generate({ count: 100 });
    expect(big.statusCode).toBe(200);
    expect(big.headers['x-generated-count']).toBe('100');
  });

  it('is admin-only', async () => {
    expect((await generate({ count: 2 }, worker)).statusCode).toBe(403);
  });
});

describe('GET /disposable-pallets/, /stats, /barcode/{barcode}', () => {
  it('lists the newest first, at most 50 by default, and honours ?limit', async () => {
    const res = await generate({ count: 2 });
    const newest = decodePdf(tmp, res.rawPayload, 'newest');
    const rows = await list('?limit=50');
    expect(rows).toHaveLength(50);
    expect(
      rows
        .slice(0, 2)
        .map((r: { barcode: string }) => r.barcode)
        .sort(),
    ).toEqual([...newest].sort());
    expect(await list()).toHaveLength(50);
    expect(await list('?limit=5')).toHaveLength(5);
    const bad = await t.app.inject({ method: 'GET', url: '/api/disposable-pallets/?limit=abc', headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('looks a barcode up (case-insensitive); unknown is 404', async () => {
    const [row] = await list('?limit=1');
    const res = await t.app.inject({ method: 'GET', url: `/api/disposable-pallets/barcode/${row.barcode.toLowerCase()}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, barcode: row.barcode, status: 'available', used_for_order_id: null });
    const missing = await t.app.inject({ method: 'GET', url: '/api/disposable-pallets/barcode/DISP-XXXXXXXX', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Palette nicht gefunden');
  });

  it('stats count every status; list and stats are admin-only, the barcode lookup is for pickers too', async () => {
    const c = await buildCustomer(t.db);
    const order = await insertOrder(t.db, c.id);
    const [a, b] = await list('?limit=2');
    await t.db.updateTable('disposable_pallets').set({ status: 'used', used_for_order_id: order.id, used_at: new Date() }).where('id', '=', a.id).execute();
    await t.app.inject({ method: 'POST', url: `/api/disposable-pallets/${b.id}/cancel`, headers: admin });
    const s = await stats();
    expect(s.used).toBe(1);
    expect(s.cancelled).toBe(1);
    expect(s.available + s.used + s.cancelled).toBe(s.total);
    const used = (await list('?limit=50')).find((r: { id: number }) => r.id === a.id);
    expect(used).toMatchObject({ status: 'used', used_for_order_id: order.id, used_for_order_number: order.order_number });
    for (const url of ['/api/disposable-pallets/', '/api/disposable-pallets/stats']) {
      expect((await t.app.inject({ method: 'GET', url, headers: worker })).statusCode).toBe(403);
    }
    const lookup = await t.app.inject({ method: 'GET', url: `/api/disposable-pallets/barcode/${a.barcode}`, headers: worker });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ barcode: a.barcode, status: 'used' });
  });

  it('a picker limited to other customers sees that a label is used, not whose order it went to', async () => {
    const mine = await buildCustomer(t.db);
    const theirs = await buildCustomer(t.db);
    const order = await insertOrder(t.db, theirs.id);
    await generate({ count: 1 });
    const [row] = await list('?limit=1');
    await t.db.updateTable('disposable_pallets').set({ status: 'used', used_for_order_id: order.id, used_at: new Date() }).where('id', '=', row.id).execute();
    const lookup = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/disposable-pallets/barcode/${row.barcode}`, headers });
    const limited = auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [mine.id] }));
    const excluding = auth(t.app, await buildUser(t.db, 'warehouse_manager', { access: [theirs.id], is_exclude: true }));
    for (const headers of [limited, excluding]) {
      const res = await lookup(headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ barcode: row.barcode, status: 'used', used_for_order_id: null, used_for_order_number: null });
    }
    const own = auth(t.app, await buildUser(t.db, 'warehouse_worker', { access: [theirs.id] }));
    expect((await lookup(own)).json()).toMatchObject({ used_for_order_id: order.id, used_for_order_number: order.order_number });
    const limitedAdmin = auth(t.app, await buildUser(t.db, 'admin', { access: [mine.id] }));
    const listed = (await t.app.inject({ method: 'GET', url: '/api/disposable-pallets/?limit=5', headers: limitedAdmin })).json();
    expect(listed.find((r: { id: number }) => r.id === row.id)).toMatchObject({ used_for_order_id: null, used_for_order_number: null });
  });
});

describe('POST /disposable-pallets/{id}/cancel', () => {
  it('cancels an available barcode; cancelling again or a used one is 409 in German', async () => {
    await generate({ count: 1 });
    const [row] = await list('?limit=1');
    const ok = await t.app.inject({ method: 'POST', url: `/api/disposable-pallets/${row.id}/cancel`, headers: admin });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('cancelled');
    const again = await t.app.inject({ method: 'POST', url: `/api/disposable-pallets/${row.id}/cancel`, headers: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(`Einwegpalette ${row.barcode} ist nicht verfügbar (Status: Storniert)`);
    const used = await t.db.selectFrom('disposable_pallets').select(['id', 'barcode']).where('status', '=', 'used').executeTakeFirstOrThrow();
    const refused = await t.app.inject({ method: 'POST', url: `/api/disposable-pallets/${used.id}/cancel`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'DISPOSABLE_PALLET_NOT_AVAILABLE',
      detail: `Einwegpalette ${used.barcode} ist nicht verfügbar (Status: Verwendet)`,
    });
  });

  it('unknown id is 404, worker is 403', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/disposable-pallets/999999/cancel', headers: admin })).statusCode).toBe(404);
    const [row] = await list('?limit=1');
    expect((await t.app.inject({ method: 'POST', url: `/api/disposable-pallets/${row.id}/cancel`, headers: worker })).statusCode).toBe(403);
  });
});
