import { type LabelOutput, labelFileName, labelOutputOfType } from '../../shared/domain/labels';
import { LABEL_OUTPUT_TEXTS } from '../../shared/i18n/labels';
import { toast } from './toast';

/**
 * Label files from the API (docs/integrations.md "Label printers (ZPL)"): the
 * server answers PDF or ZPL (setting label_output, or ?format=). A PDF opens
 * in the tab reserved within the click; a ZPL file cannot be shown by a
 * browser, so it is saved under its .zpl name for the station to send raw to
 * the Zebra printer, and the reserved tab is closed again.
 */
export const labelFormatOf = (blob: Blob): LabelOutput => labelOutputOfType(blob.type);

export function saveBlob(blob: Blob, name: string, revokeMs = 0): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeMs);
}

/** A ZPL blob is saved as `<baseName>.zpl` (true); a PDF is left to the caller (false). */
export function saveIfZpl(blob: Blob, baseName: string, tab: Window | null, revokeMs: number): boolean {
  if (labelFormatOf(blob) !== 'zpl') return false;
  tab?.close();
  saveBlob(blob, labelFileName(baseName, 'zpl'), revokeMs);
  toast.info(LABEL_OUTPUT_TEXTS.zplDownloaded);
  return true;
}

/** Opens a PDF label in the reserved tab (or a new one), or saves a ZPL label. */
export function showLabelBlob(blob: Blob, baseName: string, tab: Window | null, revokeMs: number): void {
  if (saveIfZpl(blob, baseName, tab, revokeMs)) return;
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), revokeMs);
}
