import { ssccHumanReadable } from '../../../shared/domain/sscc';
import { FREIGHT_LABEL as L } from '../../../shared/i18n/freight';
import { fittingSize, ZPL_PAGE, ZplLabel } from '../../labels/zpl';
import { addressLineList, type FreightLabel, freightInfoLine, ssccBarcode } from './labels';

/**
 * Freight pallet labels as ZPL (docs/integrations.md "Label printers (ZPL)"):
 * the content of the A5 PDF (labels.ts) on a 100 × 150 mm thermal label,
 * top to bottom: sender, recipient, order, "Palette n von N", dimensions and
 * weight, the SSCC as GS1-128 (^BC mode D, `(00)` + 18 digits, the data
 * bwip-js gets for the PDF) with its human-readable line, or the note that
 * the GS1 company prefix is missing.
 */
const X = 30;
const W = ZPL_PAGE.width - 2 * X;

export function renderFreightLabelsZpl(labels: readonly FreightLabel[]): string {
  return labels
    .map((l) => {
      const z = new ZplLabel().text({ x: X, y: 30, size: 26, align: 'L', width: W }, L.sender);
      const sender = l.sender ? addressLineList(l.sender) : [L.senderMissing];
      for (const [i, line] of sender.slice(0, 4).entries()) z.text({ x: X, y: 62 + i * 32, size: 28, align: 'L', width: W }, line);
      z.text({ x: X, y: 200, size: 26, align: 'L', width: W }, L.recipient);
      for (const [i, line] of addressLineList(l.recipient).slice(0, 4).entries()) {
        z.text({ x: X, y: 234 + i * 54, size: fittingSize(line, W, 48), align: 'L', width: W }, line);
      }
      z.rule(X, 460, W);
      const order = `${L.order} ${l.orderNumber}`;
      z.text({ x: X, y: 485, size: fittingSize(order, W, 50), align: 'L', width: W }, order);
      z.text({ x: X, y: 545, size: 50, align: 'L', width: W }, L.palletOf(l.position, l.total));
      z.text({ x: X, y: 610, size: fittingSize(freightInfoLine(l), W, 34), align: 'L', width: W }, freightInfoLine(l));
      if (l.sscc) {
        z.code128(680, 330, ssccBarcode(l.sscc).text, { gs1: true, maxWidth: W });
        z.text({ y: 1030, size: 44 }, `SSCC ${ssccHumanReadable(l.sscc)}`);
      } else {
        z.text({ y: 800, size: fittingSize(L.noSscc, W, 30) }, L.noSscc);
      }
      return z.end();
    })
    .join('\n');
}
