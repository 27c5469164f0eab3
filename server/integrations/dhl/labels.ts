import { PDFDocument } from 'pdf-lib';

/**
 * Merges DHL's label PDFs (base64, one per shipment) into one PDF, every
 * page in package order, as a data URL the packing screen opens and prints
 * at once (pdf-lib, MIT).
 */
export const PDF_DATA_URL_PREFIX = 'data:application/pdf;base64,';

export async function mergeLabels(labelsB64: readonly string[]): Promise<string> {
  const merged = await PDFDocument.create();
  for (const b64 of labelsB64) {
    const doc = await PDFDocument.load(Buffer.from(b64, 'base64'));
    const pages = await merged.copyPages(doc, doc.getPageIndices());
    for (const p of pages) merged.addPage(p);
  }
  const bytes = await merged.save();
  return PDF_DATA_URL_PREFIX + Buffer.from(bytes).toString('base64');
}

export const labelDataUrl = (b64: string) => PDF_DATA_URL_PREFIX + b64;
