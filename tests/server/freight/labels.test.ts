import { describe, expect, it } from 'vitest';
import { isValidSscc } from '../../../shared/domain/sscc';
import { auth } from '../../helpers/factories';
import { decodePdf, pdfInfo, pdfText } from '../pallets/labels';
import { labelSuite } from './label-suite';
import { buildFreightWorld, freightUrls as u, TWO_PALLETS } from './world';

/**
 * GET /outbound-orders/{id}/pallet-labels: one A5 label per pallet; the SSCC
 * (GS1-128, AI 00) read back by zbarimg, valid, unique and kept with the
 * pallet; without a GS1 prefix no SSCC and the label says so.
 */

const suite = labelSuite('freight-labels-');
const { tmp, setSettings, get } = suite;

describe('freight pallet labels', () => {
  it('without a GS1 prefix: labels without SSCC that say so; 409 without pallets', async () => {
    await setSettings({
      gs1_company_prefix: null,
      company_name: 'Lagerwerk Logistik GmbH',
      company_street: 'Hafenstraße 3',
      company_postal_code: '28217',
      company_city: 'Bremen',
    });
    const w = await buildFreightWorld(suite.t, { country: 'AT' });
    const none = await get(u.labels(w.order.id), w.h);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'FREIGHT_NO_PALLETS', detail: expect.stringContaining('keine Speditionspaletten') });
    await suite.t.app.inject({ method: 'POST', url: u.request(w.order.id), headers: w.h, payload: TWO_PALLETS });
    const res = await get(u.labels(w.order.id), w.h);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    decodePdfSafe(res.rawPayload, 'nosscc');
    const t2 = pdfText(tmp, 'nosscc');
    expect(t2).toContain('Keine SSCC: GS1-Basisnummer fehlt');
    expect(t2).toContain('Palette 1 von 2');
    expect(t2).toContain('Lagerwerk Logistik GmbH');
    const rows = await suite.t.db.selectFrom('freight_pallets').select('sscc').where('order_id', '=', w.order.id).execute();
    expect(rows.every((r) => r.sscc === null)).toBe(true);
  });

  it('with a prefix: one A5 page per pallet, GS1-128 (00) + valid SSCC read back, stored, unique and stable', async () => {
    await setSettings({ gs1_company_prefix: '4012345' });
    const a = await buildFreightWorld(suite.t, { country: 'AT' });
    await suite.t.db.updateTable('outbound_orders').set({ delivery_country: 'FR' }).where('id', '=', a.otherOrder.id).execute();
    for (const id of [a.order.id, a.otherOrder.id]) {
      const r = await suite.t.app.inject({ method: 'POST', url: u.request(id), headers: a.h, payload: TWO_PALLETS });
      expect(r.statusCode).toBe(200);
    }
    const res = await get(u.labels(a.order.id), a.h);
    expect(res.statusCode, res.body).toBe(200);
    const codes = decodePdf(tmp, res.rawPayload, 'sscc');
    expect(codes).toHaveLength(2);
    const ssccs = codes.map((c) => {
      // zbar reports GS1-128 with its AI: "00" + 18 digits (some builds prefix the FNC1 as "]C1").
      const m = /^(?:\]C1)?00(\d{18})$/.exec(c);
      expect(m, c).not.toBeNull();
      return (m as RegExpExecArray)[1] as string;
    });
    for (const s of ssccs) {
      expect(isValidSscc(s)).toBe(true);
      expect(s.slice(1, 8)).toBe('4012345');
    }
    expect(new Set(ssccs).size).toBe(2);
    expect(pdfInfo(tmp, 'sscc')).toMatch(/Page size:\s+595\.27\d* x 419\.52\d* pts/);
    const text = pdfText(tmp, 'sscc');
    expect(text).toContain(`Auftrag ${a.order.order_number}`);
    expect(text).toContain('Palette 2 von 2');
    expect(text).toContain('80 × 60 × 75,5 cm');
    expect(text).toContain(`SSCC (00) ${ssccs[0]}`);

    const stored = await suite.t.db.selectFrom('freight_pallets').select('sscc').where('order_id', '=', a.order.id).orderBy('position').execute();
    expect(stored.map((r) => r.sscc)).toEqual(ssccs);
    // Printed again: the same SSCCs; another order: new ones.
    expect(decodePdf(tmp, (await get(u.labels(a.order.id), a.h)).rawPayload, 'again')).toEqual(codes);
    const other = decodePdf(tmp, (await get(u.labels(a.otherOrder.id), a.h)).rawPayload, 'other');
    expect(other).toHaveLength(2);
    for (const c of other) expect(codes).not.toContain(c);
    const all = await suite.t.db.selectFrom('freight_pallets').select('sscc').where('sscc', 'is not', null).execute();
    expect(new Set(all.map((r) => r.sscc)).size).toBe(all.length);
  });

  it('the setting accepts 7–10 digits only', async () => {
    const w = await buildFreightWorld(suite.t);
    const admin = auth(suite.t.app, w.admin);
    const bad = await suite.t.app.inject({
      method: 'PUT',
      url: '/api/settings/gs1_company_prefix',
      headers: admin,
      payload: { key: 'gs1_company_prefix', value: '12AB' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('7 bis 10 Ziffern');
  });
});

function decodePdfSafe(pdf: Buffer, name: string) {
  // No barcode on these pages: zbarimg exits non-zero; only the PDF file is needed for pdftotext.
  try {
    decodePdf(tmp, pdf, name);
  } catch {
    /* expected: nothing to decode */
  }
}
