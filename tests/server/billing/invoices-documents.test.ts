import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { berlinYear, buildInvoiceWorld, invoiceApi } from './invoice-world';
import { D } from './world';

/** The invoice's documents: PDF text (pdftotext), XRechnung UBL and the CSV of the activities behind the lines. */
let t: TestApp;
let w: Awaited<ReturnType<typeof buildInvoiceWorld>>;
let api: ReturnType<typeof invoiceApi>;
let final: { id: number; number: string; lines: Array<{ code: string; quantity: number; net_cents: number }> };
let storno: { id: number; number: string };
let draft: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  w = await buildInvoiceWorld(t);
  api = invoiceApi(t);
  const first = (await api.create(w.admin, { customer_id: w.customer.id, period_from: D, period_to: '2026-03-11' })).json();
  final = (await api.action(w.admin, first.id, 'finalize')).json();
  storno = (await api.action(w.admin, final.id, 'cancel')).json();
  draft = (await api.create(w.admin, { customer_id: w.customer.id, period_from: D, period_to: D })).json();
});
afterAll(async () => t.close());

const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
function pdfText(body: Buffer): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('GET /invoices/{id}/pdf', () => {
  it('prints a German invoice: seller with USt-IdNr. and IBAN, buyer, number, period, lines and totals in de-DE euro', async () => {
    const res = await api.get(w.own, final.id, '/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const s of [
      'Rechnung',
      final.number,
      'Lagerwerk Fulfilment GmbH',
      'USt-IdNr. DE123456789',
      'IBAN DE89 3704 0044 0532 0130 00',
      'Seifen & Söhne KG',
      '80331 München',
      '10.03.2026 – 11.03.2026',
      'Menge',
      'Einzelpreis',
      'Lagerplatz pro Tag',
      'Speditionspalette',
      '59,97',
      'USt 19 %',
      'Brutto',
    ]) {
      expect(text, s).toContain(s);
    }
    // net 6983 + D+1 (1 line, 2 units) = 6983 + 20 + 14 = 7017; VAT 1333.23 → 1333; gross 8350.
    expect(text).toMatch(/Netto\s+70,17\s€/);
    expect(text).toMatch(/USt 19 %\s+13,33\s€/);
    expect(text).toMatch(/Brutto\s+83,50\s€/);
    expect(text).not.toContain('Entwurf');
  });

  it('titles a cancellation "Stornorechnung" with negated amounts; a draft is marked "Entwurf" and only for the admin', async () => {
    const text = pdfText((await api.get(w.admin, storno.id, '/pdf')).rawPayload);
    expect(text).toContain('Stornorechnung');
    expect(text).toContain(storno.number);
    expect(text).toContain(`Storno der Rechnung ${final.number}`);
    expect(text).toMatch(/Brutto\s+-83,50\s€/);
    const preview = await api.get(w.admin, draft.id, '/pdf');
    expect(preview.statusCode).toBe(200);
    expect(pdfText(preview.rawPayload)).toContain('Entwurf');
    expect((await api.get(w.own, draft.id, '/pdf')).statusCode).toBe(404);
  });
});

describe('GET /invoices/{id}/xrechnung.xml', () => {
  it('is XRechnung 3.0 UBL with seller, buyer, lines and the payable amount', async () => {
    const res = await api.get(w.own, final.id, '/xrechnung.xml');
    expect(res.statusCode).toBe(200);
    const xml = res.body;
    const one = (tag: string) => xml.match(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`))?.[1];
    expect(one('cbc:CustomizationID')).toBe('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(one('cbc:ID')).toBe(final.number);
    expect(one('cbc:InvoiceTypeCode')).toBe('380');
    const supplier = xml.slice(xml.indexOf('<cac:AccountingSupplierParty>'), xml.indexOf('</cac:AccountingSupplierParty>'));
    const customer = xml.slice(xml.indexOf('<cac:AccountingCustomerParty>'), xml.indexOf('</cac:AccountingCustomerParty>'));
    expect(supplier).toContain('<cbc:RegistrationName>Lagerwerk Fulfilment GmbH</cbc:RegistrationName>');
    expect(supplier).toContain('DE123456789');
    expect(customer).toContain('<cbc:RegistrationName>Seifen &amp; Söhne KG</cbc:RegistrationName>');
    expect(customer).toContain('<cbc:IdentificationCode>DE</cbc:IdentificationCode>');
    const lineTotals = [...xml.matchAll(/<cac:InvoiceLine>[\s\S]*?<cbc:LineExtensionAmount currencyID="EUR">([-\d.]+)<\/cbc:LineExtensionAmount>/g)].map(
      (m) => m[1],
    );
    expect(lineTotals).toEqual(final.lines.map((l) => (l.net_cents / 100).toFixed(2)));
    expect(one('cbc:PayableAmount')).toBe('83.50');
    expect(xml).toContain('<cbc:ID>DE89370400440532013000</cbc:ID>');
  });

  it('a cancellation is type 384 referencing the original; a draft 409; a missing buyer e-mail 409 (German)', async () => {
    const xml = (await api.get(w.admin, storno.id, '/xrechnung.xml')).body;
    expect(xml).toContain('<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>');
    expect(xml).toContain(`<cbc:ID>${final.number}</cbc:ID>`);
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">-83.50</cbc:PayableAmount>');
    const d = await api.get(w.admin, draft.id, '/xrechnung.xml');
    expect(d.statusCode).toBe(409);
    expect(d.json().code).toBe('INVOICE_NOT_FINAL');
    const plain = (await api.create(w.admin, { customer_id: w.other.id, period_from: D, period_to: D })).json();
    await t.db.insertInto('customer_rates').values({ customer_id: w.other.id, code: 'pick_unit', price_cents: 10 }).execute();
    await api.action(w.admin, plain.id, 'recompute');
    expect((await api.action(w.admin, plain.id, 'finalize')).json().number).toBe(`RE-${berlinYear()}-00003`);
    const missing = await api.get(w.admin, plain.id, '/xrechnung.xml');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().detail).toContain('E-Mail-Adresse des Kunden');
  });
});

describe('GET /invoices/{id}/lines.csv', () => {
  it('lists one row per activity; the rows of each code sum to its line quantity; BOM, ";" and German headers', async () => {
    const res = await api.get(w.own, final.id, '/lines.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [head, ...rows] = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(head).toEqual(['Tag', 'Leistung', 'Leistungscode', 'Beleg', 'Menge', 'Einzelpreis (Cent)', 'Netto (Cent)']);
    const sum = new Map<string, { q: number; net: number }>();
    for (const r of rows) {
      const s = sum.get(r[2]) ?? { q: 0, net: 0 };
      sum.set(r[2], { q: s.q + Number(r[4]), net: s.net + Number(r[6]) });
    }
    expect(Object.fromEntries(sum)).toEqual(Object.fromEntries(final.lines.map((l) => [l.code, { q: l.quantity, net: l.net_cents }])));
    expect(rows.filter((r) => r[2] === 'order_shipped').every((r) => r[0] === D && r[3].startsWith('Auftrag '))).toBe(true);
    expect(rows.some((r) => r[2] === 'pick_line' && r[0] === '2026-03-11' && r[3].includes('EAN'))).toBe(true);
    expect(rows.some((r) => r[2] === 'return_unit' && r[3].startsWith('Retoure '))).toBe(true);
    // The cancellation's rows are negated like its lines.
    const negated = (await api.get(w.admin, storno.id, '/lines.csv')).body.slice(1).trimEnd().split('\r\n').slice(1);
    expect(negated.map((l) => Number(l.split(';')[4])).reduce((a, b) => a + b, 0)).toBe(-rows.reduce((a, r) => a + Number(r[4]), 0));
  });
});
