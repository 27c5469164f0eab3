import { toBuffer } from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { PALLET_LABEL_MM } from '../../../shared/domain/pallets';

/**
 * Pallet labels: one A6 landscape page (150 × 100 mm, spec §9) per barcode,
 * for reusable pallets and disposable DISP- barcodes alike. The bars span
 * most of the page width and the text is 40 pt, so a picker reads and scans
 * the label from about 2 m. pdfkit measures in points.
 */

const MM = 72 / 25.4;

export interface PalletLabel {
  barcode: string;
  /** Small line above the bars (e.g. "Mehrwegpalette"). */
  heading: string;
  /** Optional line under the code (the pallet's name). */
  caption?: string | null;
}

/** What the bars encode (bwip-js symbology and text); the ZPL label (labels-zpl.ts) encodes the same. */
export function palletBarcode(label: PalletLabel): { bcid: 'code128'; text: string } {
  return { bcid: 'code128', text: label.barcode };
}

async function code128Png(label: PalletLabel): Promise<Buffer> {
  return toBuffer({ ...palletBarcode(label), scale: 3, height: 30, includetext: false, paddingwidth: 0, paddingheight: 0 });
}

export async function renderPalletLabelsPdf(labels: PalletLabel[], title: string): Promise<Buffer> {
  const w = PALLET_LABEL_MM.width * MM;
  const h = PALLET_LABEL_MM.height * MM;
  const margin = 6 * MM;
  const doc = new PDFDocument({ size: [w, h], margin: 0, autoFirstPage: false, info: { Title: title, Creator: 'Lagerwerk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  for (const label of labels) {
    doc.addPage({ size: [w, h], margin: 0 });
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor('#333333')
      .text(label.heading, margin, margin, { width: w - 2 * margin, align: 'center', lineBreak: false });
    const png = await code128Png(label);
    const barTop = margin + 8 * MM;
    const barH = 42 * MM;
    // Stretched to the full width (Code 128 tolerates any x-scale): a short code like PAL-001 gets
    // ~1 mm bars, readable from 2 m. Quiet zones of 10 mm either side keep scanners happy.
    doc.image(png, 10 * MM, barTop, { width: w - 20 * MM, height: barH });
    doc
      .font('Helvetica-Bold')
      .fontSize(40)
      .fillColor('#000000')
      .text(label.barcode, margin, barTop + barH + 4 * MM, { width: w - 2 * margin, align: 'center', lineBreak: false });
    if (label.caption) {
      doc
        .font('Helvetica')
        .fontSize(18)
        .fillColor('#333333')
        .text(label.caption, margin, h - margin - 18, { width: w - 2 * margin, align: 'center', lineBreak: false, ellipsis: true });
    }
  }
  doc.end();
  return done;
}
