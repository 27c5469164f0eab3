import { describe, expect, it } from 'vitest';
import { isValidSscc } from '../../../shared/domain/sscc';
import { ssccBarcode } from '../../../server/features/freight/labels';
import { decodePdf } from '../pallets/labels';
import { zplBarcodes, zplFormats, zplTexts } from '../pallets/zpl';
import { labelSuite } from './label-suite';
import { buildFreightWorld, freightUrls as u, TWO_PALLETS } from './world';

/**
 * GET /outbound-orders/{id}/pallet-labels?format=zpl (docs/integrations.md
 * "Label printers (ZPL)"): one ZPL label per pallet, the SSCC as GS1-128
 * (^BC mode D, `(00)` + 18 digits: the text bwip-js gets for the PDF) that
 * encodes what zbarimg reads off the PDF label.
 */

const suite = labelSuite('freight-zpl-');
const { tmp, setSettings, get } = suite;

describe('freight pallet labels as ZPL', () => {
  it('with a GS1 prefix: GS1-128 (00)+SSCC per pallet, the same SSCC the PDF encodes, texts of the PDF', async () => {
    await setSettings({ gs1_company_prefix: '4012345', company_name: 'Lagerwerk Logistik GmbH', company_city: 'Bremen' });
    const w = await buildFreightWorld(suite.t, { country: 'AT' });
    expect((await suite.t.app.inject({ method: 'POST', url: u.request(w.order.id), headers: w.h, payload: TWO_PALLETS })).statusCode).toBe(200);
    const zpl = await get(`${u.labels(w.order.id)}?format=zpl`, w.h);
    expect(zpl.statusCode, zpl.body).toBe(200);
    expect(zpl.headers['content-type']).toMatch(/^application\/zpl/);
    expect(zpl.headers['content-disposition']).toBe(`inline; filename="palettenlabels-${w.order.order_number}.zpl"`);
    expect(zplFormats(zpl.body)).toHaveLength(2);
    const bars = zplBarcodes(zpl.body);
    expect(bars.map((b) => b.mode)).toEqual(['D', 'D']);
    const stored = await suite.t.db.selectFrom('freight_pallets').select('sscc').where('order_id', '=', w.order.id).orderBy('position').execute();
    const ssccs = stored.map((r) => r.sscc as string);
    for (const s of ssccs) expect(isValidSscc(s)).toBe(true);
    // The ZPL data is the GS1 AI form the PDF label gives bwip-js: "(00)" + 18 digits.
    expect(bars.map((b) => b.data)).toEqual(ssccs.map((s) => ssccBarcode(s).text));
    for (const b of bars) expect(b.data).toMatch(/^\(00\)\d{18}$/);
    // And what the PDF's bars carry (zbar: AI 00 + 18 digits, maybe with the "]C1" symbology id).
    const pdf = await get(u.labels(w.order.id), w.h);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const fromPdf = decodePdf(tmp, pdf.rawPayload, 'sscc').map((c) => c.replace(/^\]C1/, ''));
    expect(bars.map((b) => b.data.replace(/[()]/g, ''))).toEqual(fromPdf);
    const texts = zplTexts(zpl.body);
    expect(texts).toContain(`Auftrag ${w.order.order_number}`);
    expect(texts).toContain('Palette 2 von 2');
    expect(texts).toContain('80 × 60 × 75,5 cm  ·  120,5 kg');
    expect(texts).toContain(`SSCC (00) ${ssccs[0]}`);
    expect(texts).toContain('Lagerwerk Logistik GmbH');
  });

  it('without a GS1 prefix: no barcode, the note instead; an unknown format 400', async () => {
    await setSettings({ gs1_company_prefix: null });
    const w = await buildFreightWorld(suite.t, { country: 'AT' });
    await suite.t.app.inject({ method: 'POST', url: u.request(w.order.id), headers: w.h, payload: TWO_PALLETS });
    const zpl = await get(`${u.labels(w.order.id)}?format=zpl`, w.h);
    expect(zpl.statusCode).toBe(200);
    expect(zplBarcodes(zpl.body)).toEqual([]);
    expect(zplTexts(zpl.body)).toContain('Keine SSCC: GS1-Basisnummer fehlt (Einstellungen – Allgemein)');
    const bad = await get(`${u.labels(w.order.id)}?format=epl`, w.h);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Etikettenformat');
  });
});
