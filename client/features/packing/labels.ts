import { LABEL_WINDOW_GAP_MS, PARCEL_LABEL_URL_REVOKE_MS } from '../../../shared/domain/shipping';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import type { DhlResult } from '../../../shared/schemas/shipping';
import { labelFileName } from '../../../shared/domain/labels';
import { api, errorMessage } from '../../app/api';
import { saveIfZpl } from '../../app/label-file';
import { toast } from '../../app/toast';

/**
 * Opening DHL labels (spec §9): each PDF becomes a blob URL that is revoked
 * after 10 s; several windows open 100 ms apart. A tab opened while the
 * click was still fresh (before the ship call) is reused for the first
 * label so that popup blockers let it through; without any window the PDF
 * is downloaded instead. ZPL labels (setting label_output) are saved as .zpl
 * files (docs/integrations.md "Label printers (ZPL)").
 */

export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const meta = dataUrl.slice(5, comma);
  const body = dataUrl.slice(comma + 1);
  const type = meta.split(';')[0] || 'application/pdf';
  if (!meta.endsWith(';base64')) return new Blob([decodeURIComponent(body)], { type });
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

function show(dataUrl: string, name: string, tab: Window | null): void {
  showBlob(dataUrlToBlob(dataUrl), name, tab);
}

function showBlob(blob: Blob, name: string, tab: Window | null): void {
  const T = texts(PACKING_UI);
  if (saveIfZpl(blob, name, tab, PARCEL_LABEL_URL_REVOKE_MS)) return;
  const url = URL.createObjectURL(blob);
  const win = tab && !tab.closed ? tab : window.open(url, '_blank');
  if (win && win === tab) win.location.href = url;
  if (!win) {
    const a = document.createElement('a');
    a.href = url;
    a.download = labelFileName(name, 'pdf');
    document.body.appendChild(a);
    a.click();
    a.remove();
    toast.warning(T.labelDownloaded);
  }
  setTimeout(() => URL.revokeObjectURL(url), PARCEL_LABEL_URL_REVOKE_MS);
}

/** The merged PDF when there is one, else every label on its own. */
export function openDhlLabels(result: DhlResult, orderNumber: string, tab: Window | null): void {
  if (result.merged_label) {
    show(result.merged_label, `DHL-Labels-${orderNumber}`, tab);
    return;
  }
  result.labels.forEach((l, i) => {
    setTimeout(() => show(l.label_url, `DHL-Label-${l.shipment_number}`, i === 0 ? tab : null), i * LABEL_WINDOW_GAP_MS);
  });
  if (result.labels.length === 0) tab?.close();
}

/** A blank tab opened within the click, for the label that comes later (null when blocked). */
export function reserveLabelTab(): Window | null {
  return window.open('', '_blank');
}

/** Freight: the pallet labels PDF or ZPL (SSCC) in a tab opened within the click; blob URL revoked after 10 s like the DHL label. */
export async function openPalletLabels(orderId: number): Promise<void> {
  const tab = reserveLabelTab();
  try {
    showBlob(await api.blob(`/outbound-orders/${orderId}/pallet-labels`), `Palettenlabels-${orderId}`, tab);
  } catch (e) {
    tab?.close();
    toast.error(errorMessage(e, texts(PACKING_UI).palletLabelsError));
  }
}
