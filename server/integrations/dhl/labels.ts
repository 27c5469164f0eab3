import { PDFDocument } from 'pdf-lib';
import { LABEL_CONTENT_TYPES, type LabelOutput } from '../../../shared/domain/labels';

/**
 * Merges DHL's labels (base64, one per shipment) into one file, every label
 * in package order, as a data URL the packing screen opens and prints at
 * once. PDF: the pages copied into one document (pdf-lib, MIT). ZPL
 * (docs/integrations.md "Label printers (ZPL)"): the ^XA…^XZ formats one
 * after another, which a Zebra printer prints as consecutive labels.
 */
export const PDF_DATA_URL_PREFIX = `data:${LABEL_CONTENT_TYPES.pdf};base64,`;
export const ZPL_DATA_URL_PREFIX = `data:${LABEL_CONTENT_TYPES.zpl};base64,`;

/** A ZPL label: at least one format from ^XA to ^XZ (else it is no label a printer can print). */
export function isZpl(text: string): boolean {
  return /^\s*(\^|~)/.test(text) && /\^XA[\s\S]*\^XZ/i.test(text);
}

export async function mergeLabels(labelsB64: readonly string[], format: LabelOutput = 'pdf'): Promise<string> {
  if (format === 'zpl') {
    const texts = labelsB64.map((b64) => Buffer.from(b64, 'base64').toString('utf8'));
    if (texts.some((t) => !isZpl(t))) throw new Error('DHL label is no ZPL');
    return ZPL_DATA_URL_PREFIX + Buffer.from(texts.map((t) => t.trim()).join('\n'), 'utf8').toString('base64');
  }
  const merged = await PDFDocument.create();
  for (const b64 of labelsB64) {
    const doc = await PDFDocument.load(Buffer.from(b64, 'base64'));
    const pages = await merged.copyPages(doc, doc.getPageIndices());
    for (const p of pages) merged.addPage(p);
  }
  const bytes = await merged.save();
  return PDF_DATA_URL_PREFIX + Buffer.from(bytes).toString('base64');
}

export const labelDataUrl = (b64: string, format: LabelOutput = 'pdf') => (format === 'zpl' ? ZPL_DATA_URL_PREFIX : PDF_DATA_URL_PREFIX) + b64;
