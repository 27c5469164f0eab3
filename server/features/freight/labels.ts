import { toBuffer } from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { ssccHumanReadable } from '../../../shared/domain/sscc';
import { FREIGHT_LABEL as L } from '../../../shared/i18n/freight';

/**
 * Freight pallet labels: one A5 landscape page (210 × 148 mm) per pallet with
 * sender, recipient, order number, "Palette n von N", dimensions and weight
 * and the SSCC as GS1-128 (AI 00). Without a GS1 company prefix the label
 * says so and carries no barcode. pdfkit measures in points.
 */

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 148 * MM };

export interface LabelAddress {
  name: string;
  street: string;
  city: string;
  country: string;
}

export interface FreightLabel {
  position: number;
  total: number;
  orderNumber: string;
  sender: LabelAddress | null;
  recipient: LabelAddress;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  weight_kg: number | null;
  sscc: string | null;
}

const de = (n: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(n);

/** What the bars encode: GS1-128 with AI (00); the ZPL label (labels-zpl.ts) encodes the same. */
export function ssccBarcode(sscc: string): { bcid: 'gs1-128'; text: string } {
  return { bcid: 'gs1-128', text: `(00)${sscc}` };
}

async function gs1128Png(sscc: string): Promise<Buffer> {
  return toBuffer({ ...ssccBarcode(sscc), scale: 3, height: 25, includetext: false, paddingwidth: 0, paddingheight: 0 });
}

export function addressLineList(a: LabelAddress): string[] {
  return [a.name, a.street, a.city, a.country].filter((s) => s.trim() !== '');
}

function addressLines(a: LabelAddress): string {
  return addressLineList(a).join('\n');
}

/** "120 × 80 × 150 cm  ·  240 kg" (or that the dimensions are missing). */
export function freightInfoLine(l: FreightLabel): string {
  const dims =
    l.length_cm !== null && l.width_cm !== null && l.height_cm !== null ? L.dimensions(de(l.length_cm), de(l.width_cm), de(l.height_cm)) : L.noDimensions;
  const weight = l.weight_kg !== null ? L.weight(de(l.weight_kg)) : '';
  return [dims, weight].filter(Boolean).join('  ·  ');
}

export async function renderFreightLabelsPdf(labels: FreightLabel[], title: string): Promise<Buffer> {
  const { width: w, height: h } = PAGE;
  const m = 8 * MM;
  const col = (w - 2 * m) / 2;
  const doc = new PDFDocument({ size: [w, h], margin: 0, autoFirstPage: false, info: { Title: title, Creator: 'Lagerwerk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  for (const l of labels) {
    doc.addPage({ size: [w, h], margin: 0 });
    doc.font('Helvetica').fontSize(9).fillColor('#444444');
    doc.text(L.sender, m, m, { width: col - 4 * MM });
    doc.text(L.recipient, m + col, m, { width: col });
    doc.font('Helvetica').fontSize(11).fillColor('#000000');
    doc.text(l.sender ? addressLines(l.sender) : L.senderMissing, m, m + 12, { width: col - 4 * MM, height: 60, ellipsis: true });
    doc.font('Helvetica-Bold').fontSize(14);
    doc.text(addressLines(l.recipient), m + col, m + 12, { width: col, height: 80, ellipsis: true });
    const infoTop = m + 30 * MM;
    doc
      .moveTo(m, infoTop - 2 * MM)
      .lineTo(w - m, infoTop - 2 * MM)
      .stroke('#000000');
    doc.font('Helvetica-Bold').fontSize(18).text(`${L.order} ${l.orderNumber}`, m, infoTop, { width: col, lineBreak: false });
    doc.text(L.palletOf(l.position, l.total), m + col, infoTop, { width: col, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(13)
      .text(freightInfoLine(l), m, infoTop + 9 * MM, { width: w - 2 * m, lineBreak: false });
    const barTop = infoTop + 18 * MM;
    if (l.sscc) {
      const png = await gs1128Png(l.sscc);
      doc.image(png, 15 * MM, barTop, { width: w - 30 * MM, height: 38 * MM });
      doc
        .font('Helvetica-Bold')
        .fontSize(16)
        .text(`SSCC ${ssccHumanReadable(l.sscc)}`, m, barTop + 41 * MM, { width: w - 2 * m, align: 'center', lineBreak: false });
    } else {
      doc
        .font('Helvetica')
        .fontSize(13)
        .fillColor('#555555')
        .text(L.noSscc, m, barTop + 15 * MM, { width: w - 2 * m, align: 'center' });
    }
  }
  doc.end();
  return done;
}
