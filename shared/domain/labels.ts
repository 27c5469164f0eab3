/**
 * Label output (docs/integrations.md "Label printers (ZPL)"): PDF for laser
 * printers and the browser, or ZPL sent raw to a Zebra thermal printer. The
 * setting `label_output` picks the default; label downloads take `?format=`.
 */
export const LABEL_OUTPUTS = ['pdf', 'zpl'] as const;
export type LabelOutput = (typeof LABEL_OUTPUTS)[number];

export const LABEL_OUTPUT_SETTING_KEY = 'label_output';
export const LABEL_OUTPUT_DEFAULT: LabelOutput = 'pdf';

export const LABEL_CONTENT_TYPES: Record<LabelOutput, string> = {
  pdf: 'application/pdf',
  zpl: 'application/zpl',
};

/** The format a downloaded label is in, from its Content-Type (or a data URL's type). */
export function labelOutputOfType(contentType: string | null | undefined): LabelOutput {
  return /zpl/i.test(contentType ?? '') ? 'zpl' : 'pdf';
}

/** `palette-PAL-001` + zpl → `palette-PAL-001.zpl`; a name ending in .pdf gets the right extension. */
export function labelFileName(base: string, format: LabelOutput): string {
  return `${base.replace(/\.(pdf|zpl)$/i, '')}.${format}`;
}
