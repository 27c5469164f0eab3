import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildCompartments } from '../../helpers/factories';
import { api } from '../outbound-orders/world';
import { decodePdf, pdfInfo, pdfText } from '../pallets/labels';
import { stockAt } from '../picking/world';
import { buildStocktakeWorld } from './world';

/** The count sheet GET /api/stocktakes/{id}/sheet.pdf (docs/operations.md "Stocktake"): every place barcode scans off the paper. */

let t: TestApp;
let tmp: string;
beforeAll(async () => {
  t = await createTestApp();
  tmp = mkdtempSync(join(tmpdir(), 'lw-sheet-'));
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t.close();
});

describe('GET /api/stocktakes/{id}/sheet.pdf', () => {
  it('has a scannable Code 128 per place over several A4 pages; a blind sheet shows no expected quantity, an open one does', async () => {
    const s = await buildStocktakeWorld(t);
    // 14 places: more than one page holds, so the page breaks are read too.
    const more = await buildCompartments(t.db, 11);
    await stockAt(t, s.w, s.w.loose.id, s.a.id, 173, { batch_number: 'CH-77' });
    await stockAt(t, s.w, s.w.product.id, s.a.id, 4);
    await stockAt(t, s.w, s.w.loose.id, more[10].id, 2);
    const places = [s.a, s.b, s.c, ...more].map((p) => p.barcode as string).sort();
    const blind = (await s.create({ location_ids: [s.a.id, s.b.id, s.c.id, ...more.map((p) => p.id)] })).json();

    const res = await api(t).get(`/api/stocktakes/${blind.id}/sheet.pdf`, s.h.worker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`zaehlliste-${blind.number}.pdf`);
    const pages = decodePdf(tmp, res.rawPayload, 'blind');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flatMap((p) => p.split('\n')).sort()).toEqual(places);
    expect(pdfInfo(tmp, 'blind')).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    const text = pdfText(tmp, 'blind');
    expect(text).toContain(`Zählliste ${blind.number} – Inventur Regal`);
    expect(text).toContain('Blindzählung');
    expect(text).toContain(`Platz ${s.a.barcode}`);
    expect(text).toContain(s.w.loose.ean);
    expect(text).toContain(s.w.loose.title);
    expect(text).toContain('CH-77');
    expect(text).toContain('Gezählt');
    expect(text).not.toMatch(/\bSoll\b/);
    expect(text).not.toMatch(/\b173\b/);

    // Not blind: the expected quantities are printed (de-DE), for a manager as for a worker.
    await s.cancel(blind.id);
    const open = (await s.create({ location_ids: [s.a.id, s.b.id], blind: false })).json();
    const sheet = await api(t).get(`/api/stocktakes/${open.id}/sheet.pdf`, s.h.worker);
    expect(decodePdf(tmp, sheet.rawPayload, 'open')[0].split('\n').sort()).toEqual([s.a.barcode, s.b.barcode].sort());
    const openText = pdfText(tmp, 'open');
    expect(openText).toMatch(/\bSoll\b/);
    expect(openText).toMatch(/\b173\b/);
    expect(openText).not.toContain('Blindzählung');
  });

  it('answers 404 for an unknown stocktake and 403 to a customer user', async () => {
    const s = await buildStocktakeWorld(t);
    const st = (await s.create({ location_ids: [s.a.id] })).json();
    expect((await api(t).get(`/api/stocktakes/${st.id}/sheet.pdf`, s.h.customer)).statusCode).toBe(403);
    const unknown = await api(t).get('/api/stocktakes/999999/sheet.pdf', s.h.manager);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Inventur nicht gefunden');
  });
});
