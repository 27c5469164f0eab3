import { toBuffer } from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { StorageLocation } from '../../../shared/schemas/locations';
import { UI } from '../../../shared/i18n/ui';

/**
 * Shelf labels: one page per compartment, 100 × 50 mm (the common
 * thermal-label roll size, docs/fulfilment.md "label formats"), with the
 * barcode as Code 128 and the human-readable path. pdfkit measures in points.
 */

const MM = 72 / 25.4;
export const LABEL_WIDTH_MM = 100;
export const LABEL_HEIGHT_MM = 50;

async function code128Png(text: string): Promise<Buffer> {
  // scale 4 at bwip's 72 dpi base: sharp bars when the label is printed at 203/300 dpi.
  return toBuffer({ bcid: 'code128', text, scale: 4, height: 14, includetext: false, paddingwidth: 0, paddingheight: 0 });
}

export async function renderLabelsPdf(locations: StorageLocation[]): Promise<Buffer> {
  const w = LABEL_WIDTH_MM * MM;
  const h = LABEL_HEIGHT_MM * MM;
  const margin = 4 * MM;
  const doc = new PDFDocument({ size: [w, h], margin: 0, autoFirstPage: false, info: { Title: 'Lagerplatz-Etiketten', Creator: 'Lagerwerk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  for (const loc of locations) {
    doc.addPage({ size: [w, h], margin: 0 });
    const place = [loc.building_name, loc.room_name].filter(Boolean).join(' / ') || UI.withoutBuilding;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#333333')
      .text(place, margin, margin, { width: w - 2 * margin, lineBreak: false, ellipsis: true });
    const png = await code128Png(loc.barcode);
    const barH = 20 * MM;
    // Quiet zones of ≥ 5 mm either side keep scanners happy.
    doc.image(png, 7 * MM, margin + 10, { fit: [w - 14 * MM, barH], align: 'center', valign: 'center' });
    doc
      .font('Helvetica-Bold')
      .fontSize(22)
      .fillColor('#000000')
      .text(loc.barcode, margin, margin + 10 + barH + 2 * MM, { width: w - 2 * margin, align: 'center', lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#333333')
      .text(`Regal ${loc.rack_code} · Ebene ${loc.level_code} · Fach ${loc.compartment_code}`, margin, h - margin - 8, {
        width: w - 2 * margin,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
