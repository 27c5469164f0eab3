import { fittingSize, ZPL_PAGE, ZplLabel } from '../../labels/zpl';
import { type PalletLabel, palletBarcode } from './labels';

/**
 * Pallet and DISP- labels as ZPL (docs/integrations.md "Label printers (ZPL)"):
 * the content of the A6 PDF (labels.ts) on a 100 × 150 mm thermal label:
 * heading, Code 128 of the barcode across the label, the code in large
 * letters, the pallet's name. One ^XA…^XZ per label, all in one file.
 */
export function renderPalletLabelsZpl(labels: readonly PalletLabel[]): string {
  const inner = ZPL_PAGE.width - 40;
  return labels
    .map((l) => {
      const z = new ZplLabel().text({ y: 60, size: 50 }, l.heading).code128(170, 460, palletBarcode(l).text, { maxWidth: inner });
      z.text({ y: 700, size: fittingSize(l.barcode, inner, 120) }, l.barcode);
      if (l.caption) z.text({ y: 1060, size: fittingSize(l.caption, inner, 56) }, l.caption);
      return z.end();
    })
    .join('\n');
}
