import PDFDocument from 'pdfkit';
import { warehouseDayHour } from '../../../shared/domain/warehouse-time';
import { INVOICE_WORDS as W } from '../../../shared/i18n/billing';
import type { InvoiceDetail, InvoiceParty } from '../../../shared/schemas/invoices';
import { formatCents } from '../../../shared/schemas/freight';
import { countryName } from '../../../shared/domain/countries';
import { countryAlpha2 } from './invoice-parties';

/**
 * The invoice as PDF (docs/operations.md "Billing (Abrechnung)"): A4, the
 * seller block with USt-IdNr. and IBAN, the buyer's address, number, date and
 * service period, the lines (Menge, Einzelpreis, Netto) and the totals Netto,
 * USt and Brutto in de-DE euro. A cancellation invoice is titled
 * "Stornorechnung" and names the invoice it cancels; a draft is marked
 * "Entwurf" and has no number. pdfkit measures in points.
 */

const MM = 72 / 25.4;
const PAGE = { w: 595.28, h: 841.89 };
const MARGIN = 20 * MM;
const INNER = PAGE.w - 2 * MARGIN;
const BOTTOM = PAGE.h - MARGIN;
const ROW = 16;

/** 2026-03-10 → 10.03.2026 (a calendar day, no time zone involved). */
export const germanDay = (day: string) => day.split('-').reverse().join('.');

const number = new Intl.NumberFormat('de-DE');

export function partyLines(p: InvoiceParty): string[] {
  const place = [p.postal_code, p.city].filter(Boolean).join(' ');
  const country = countryAlpha2(p.country);
  return [p.name, p.street, place, country !== 'DE' ? countryName(country) : null].filter((x): x is string => Boolean(x));
}

interface Column {
  head: string;
  width: number;
  right?: boolean;
}
const COLUMNS: Column[] = [
  { head: W.position, width: 45 },
  { head: W.service, width: 0 },
  { head: W.quantity, width: 70, right: true },
  { head: W.unitPrice, width: 80, right: true },
  { head: W.net, width: 90, right: true },
];
COLUMNS[1].width = INNER - COLUMNS.reduce((s, c) => s + c.width, 0);

export interface InvoicePdfData {
  invoice: InvoiceDetail;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** The number of the invoice a cancellation invoice cancels. */
  cancelsNumber: string | null;
}

export function invoiceTitle(inv: Pick<InvoiceDetail, 'kind' | 'status'>): string {
  const title = inv.kind === 'cancellation' ? W.cancellation : W.invoice;
  return inv.status === 'draft' ? `${title} (${W.draft})` : title;
}

export async function renderInvoicePdf({ invoice: inv, seller, buyer, cancelsNumber }: InvoicePdfData): Promise<Buffer> {
  const title = invoiceTitle(inv);
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: inv.number ? `${title} ${inv.number}` : title, Creator: 'Lagerwerk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = (s: string, x: number, y: number, opts: { width?: number; right?: boolean; bold?: boolean; size?: number } = {}) =>
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(opts.size ?? 9)
      .fillColor('#000000')
      .text(s, x, y, { width: opts.width ?? INNER, align: opts.right ? 'right' : 'left', lineBreak: false, ellipsis: true });

  // Seller (right) and buyer (left).
  const sellerLines = [...partyLines(seller), seller.vat_id ? `${W.vatId} ${seller.vat_id}` : null, seller.iban ? `${W.iban} ${seller.iban}` : null];
  let y = MARGIN;
  for (const line of sellerLines.filter((l): l is string => Boolean(l))) {
    text(line, MARGIN + INNER / 2, y, { width: INNER / 2, right: true, size: 8 });
    y += 11;
  }
  y = MARGIN + 45 * MM;
  for (const line of partyLines(buyer)) {
    text(line, MARGIN, y, { width: INNER / 2, size: 10 });
    y += 13;
  }
  y = MARGIN + 80 * MM;
  text(title, MARGIN, y, { bold: true, size: 16 });
  if (inv.status === 'draft') text(W.draftNote, MARGIN, y + 4, { right: true, bold: true, size: 10 });
  y += 26;
  const issued = inv.finalized_at ? warehouseDayHour(new Date(inv.finalized_at)).day : null;
  const meta: Array<[string, string]> = [
    [W.number, inv.number ?? '–'],
    [W.date, issued ? germanDay(issued) : '–'],
    [W.servicePeriod, `${germanDay(inv.period_from)} – ${germanDay(inv.period_to)}`],
  ];
  if (buyer.customer_number) meta.push([W.customerNumber, buyer.customer_number]);
  for (const [label, value] of meta) {
    text(label, MARGIN, y, { width: 110 });
    text(value, MARGIN + 110, y, { width: INNER - 110 });
    y += 13;
  }
  if (cancelsNumber) {
    text(W.cancels(cancelsNumber), MARGIN, y, { bold: true });
    y += 13;
  }
  y += 12;

  const row = (cells: string[], bold = false) => {
    if (y + ROW > BOTTOM) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = MARGIN;
    }
    let x = MARGIN;
    COLUMNS.forEach((c, i) => {
      text(cells[i], x + 2, y + 4, { width: c.width - 4, right: c.right, bold });
      x += c.width;
    });
    doc
      .moveTo(MARGIN, y + ROW)
      .lineTo(MARGIN + INNER, y + ROW)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    y += ROW;
  };
  row(
    COLUMNS.map((c) => c.head),
    true,
  );
  inv.lines.forEach((l, i) => {
    row([String(i + 1), l.description, number.format(l.quantity), formatCents(l.unit_price_cents), formatCents(l.net_cents)]);
  });
  y += 8;
  const totals: Array<[string, number, boolean]> = [
    [W.net, inv.net_cents, false],
    [W.vat(inv.vat_rate), inv.vat_cents, false],
    [W.gross, inv.gross_cents, true],
  ];
  const labelX = MARGIN + INNER - 250;
  for (const [label, cents, bold] of totals) {
    text(label, labelX, y, { width: 150, bold });
    text(formatCents(cents), labelX + 150, y, { width: 100, right: true, bold });
    y += 14;
  }
  if (seller.iban && inv.kind === 'invoice' && inv.status !== 'draft') {
    y += 14;
    doc.font('Helvetica').fontSize(9).text(W.payment(seller.iban), MARGIN, y, { width: INNER });
  }
  doc.end();
  return done;
}
