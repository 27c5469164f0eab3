import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPalletLabelsPdf } from '../../../server/features/pallets/labels';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';
import { decodePdf } from './labels';
import { zplBarcodes, zplFormats, zplTexts } from './zpl';

/**
 * Pallet and DISP- labels as ZPL (docs/integrations.md "Label printers
 * (ZPL)"): ?format=zpl or the setting label_output; the Code 128 data of
 * the ZPL equals what zbarimg reads off the PDF label.
 */

let t: TestApp;
let admin: Record<string, string>;
let worker: Record<string, string>;
const tmp = mkdtempSync(join(tmpdir(), 'zpl-labels-'));

beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
  worker = auth(t.app, await buildUser(t.db, 'warehouse_worker'));
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t.close();
});

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });
const setOutput = (value: string, headers = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/label_output', headers, payload: { key: 'label_output', value } });
const register = async (barcode: string, name: string) =>
  (await t.app.inject({ method: 'POST', url: `/api/pallets/?${new URLSearchParams({ barcode, name })}`, headers: admin })).json().id as number;

describe('GET /pallets/{id}/label.pdf?format=zpl', () => {
  it('one ZPL label: Code 128 with the data the PDF encodes, the code and the name as text; .zpl file', async () => {
    const id = await register('PAL-ZPL-1', 'Halle Süd');
    const zpl = await get(`/api/pallets/${id}/label.pdf?format=zpl`);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.headers['content-type']).toMatch(/^application\/zpl/);
    expect(zpl.headers['content-disposition']).toBe('inline; filename="palette-PAL-ZPL-1.zpl"');
    expect(zplFormats(zpl.body)).toHaveLength(1);
    expect(zpl.body).toContain('^CI28');
    const pdf = await get(`/api/pallets/${id}/label.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const fromPdf = decodePdf(tmp, pdf.rawPayload, 'pal');
    expect(zplBarcodes(zpl.body)).toEqual([{ mode: 'N', data: fromPdf[0] }]);
    expect(fromPdf).toEqual(['PAL-ZPL-1']);
    expect(zplTexts(zpl.body)).toEqual(['Mehrwegpalette', 'PAL-ZPL-1', 'Halle Süd']);
  });

  it('ZPL control characters in a name are sent as hex (^FH) and cannot end the field', async () => {
    const id = await register('PAL-ZPL-2', 'A^XZ~B_C');
    const zpl = (await get(`/api/pallets/${id}/label.pdf?format=zpl`)).body;
    expect(zpl).toContain('^FH_^FDA_5EXZ_7EB_5FC^FS');
    expect(zplFormats(zpl)).toHaveLength(1);
    expect(zplTexts(zpl)).toContain('A^XZ~B_C');
  });

  it('the setting label_output=zpl makes ZPL the default; ?format=pdf still gives the PDF', async () => {
    const id = await register('PAL-ZPL-3', '');
    expect((await setOutput('zpl')).statusCode).toBe(200);
    try {
      const res = await get(`/api/pallets/${id}/label.pdf`);
      expect(res.headers['content-type']).toMatch(/^application\/zpl/);
      expect(zplBarcodes(res.body)).toEqual([{ mode: 'N', data: 'PAL-ZPL-3' }]);
      expect((await get(`/api/pallets/${id}/label.pdf?format=pdf`)).headers['content-type']).toBe('application/pdf');
    } finally {
      await setOutput('pdf');
    }
  });

  it('refusals: an unknown format 400 in German, a worker 403, an unknown pallet 404', async () => {
    const bad = await get('/api/pallets/1/label.pdf?format=png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Etikettenformat muss pdf oder zpl sein');
    expect((await get('/api/pallets/1/label.pdf?format=zpl', worker)).statusCode).toBe(403);
    expect((await get('/api/pallets/999999/label.pdf?format=zpl')).statusCode).toBe(404);
  });
});

describe('setting label_output', () => {
  it('takes pdf or zpl only (German reason), admin only, and is listed under shipping', async () => {
    const bad = await setOutput('png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('erlaubt: pdf, zpl');
    expect((await setOutput('zpl', worker)).statusCode).toBe(403);
    const list = (await get('/api/settings/')).json() as Array<{ key: string; value: string; category: string }>;
    expect(list.find((s) => s.key === 'label_output')).toMatchObject({ value: 'pdf', category: 'shipping' });
  });
});

describe('POST /disposable-pallets/generate-and-download-pdf?format=zpl', () => {
  it('one ZPL label per new DISP- code; the same codes as PDF decode to the same data', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/disposable-pallets/generate-and-download-pdf?format=zpl',
      headers: admin,
      payload: { count: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/zpl/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="einwegpaletten-2.zpl"');
    expect(res.headers['x-generated-count']).toBe('2');
    expect(zplFormats(res.body)).toHaveLength(2);
    const codes = zplBarcodes(res.body).map((b) => b.data);
    for (const c of codes) expect(c).toMatch(/^DISP-[A-Z0-9]{8}$/);
    const stored = await t.db.selectFrom('disposable_pallets').select('barcode').where('barcode', 'in', codes).execute();
    expect(stored).toHaveLength(2);
    const pdf = await renderPalletLabelsPdf(
      codes.map((barcode) => ({ barcode, heading: 'Einwegpalette' })),
      'x',
    );
    expect(decodePdf(tmp, pdf, 'disp')).toEqual(codes);
    expect(zplTexts(res.body).filter((x) => x === 'Einwegpalette')).toHaveLength(2);
  });

  it('an unknown format: 400, nothing generated', async () => {
    const before = (
      await t.db
        .selectFrom('disposable_pallets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/disposable-pallets/generate-and-download-pdf?format=x',
      headers: admin,
      payload: { count: 1 },
    });
    expect(res.statusCode).toBe(400);
    const after = (
      await t.db
        .selectFrom('disposable_pallets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
  });
});
