import { CheckCircle2, Circle, MinusCircle } from 'lucide-react';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import type { PackingInfo } from '../../../shared/schemas/packing';
import { Card, PageHeader } from '../../ui/misc';
import { ScanField, type ScanFieldProps } from '../../ui/ScanField';
import { PackingBackButton } from './StepParts';
import type { verifyProgress } from './verify-scan';

/**
 * Display only: step verify_items (the check: verify-scan.ts). Lines and
 * pieces are named as such, the picked count of a line is marked as picked
 * (not scanned), and the hint says whether one scan per line or one per
 * piece is expected.
 */
export function VerifyView(
  p: ScanFieldProps & {
    info: PackingInfo;
    scanned: ReadonlySet<number>;
    /** Scans per line (line id → count), shown when each piece is scanned. */
    scans: ReadonlyMap<number, number>;
    progress: ReturnType<typeof verifyProgress>;
    onBack: () => void;
  },
) {
  const T = texts(PACKING_UI);
  const eachPiece = p.info.verify_each_piece;
  const { linesDone, lines, piecesDone, pieces } = p.progress;
  return (
    <div
      className="mx-auto flex max-w-2xl flex-col gap-4"
      data-testid="packing-verify"
      data-order={p.info.order_number}
      data-mode={eachPiece ? 'piece' : 'line'}
    >
      <PageHeader title={`${T.verifyItems} · ${p.info.order_number}`} subtitle={p.info.delivery_name} />
      <Card className="p-4">
        <ScanField {...p} name="ean" label={T.scanEan} testId="packing-verify-ean" />
        <p className="mt-2 text-sm text-slate-700" data-testid="packing-verify-hint">
          {eachPiece ? T.verifyHintPiece : T.verifyHintLine}
        </p>
        <p className="mt-1 text-base font-semibold text-slate-900 tabular-nums" data-testid="packing-verify-progress">
          {T.verifyProgress(linesDone, lines, piecesDone, pieces)}
        </p>
      </Card>
      <ul className="flex flex-col gap-2" data-testid="packing-items">
        {p.info.items.map((i) => {
          const ok = p.scanned.has(i.id);
          const none = i.picked_quantity <= 0;
          const state = lineState(none, ok, eachPiece ? Math.min(p.scans.get(i.id) ?? 0, i.picked_quantity) : null, i.picked_quantity);
          return (
            <li
              key={i.id}
              data-testid={`packing-item-${i.product_ean}`}
              data-scanned={ok ? 'true' : 'false'}
              className={`flex items-center gap-3 rounded-md border p-3 ${ok ? 'border-emerald-300 bg-emerald-50' : 'border-slate-200 bg-white'}`}
            >
              {i.image_url ? <img src={i.image_url} alt="" className="h-12 w-12 shrink-0 rounded object-cover" /> : null}
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{i.product_title}</span>
                <span className="block font-mono text-sm text-slate-600">{i.product_ean}</span>
                {none ? <span className="block text-sm text-amber-700">{T.shortageLine(i.quantity)}</span> : null}
              </span>
              <span className="shrink-0 text-right">
                <span className="block text-xs text-slate-600 tabular-nums" data-testid="packing-item-picked">
                  {T.pickedOfOrderedLine(i.picked_quantity, i.quantity)}
                </span>
                <span className="flex items-center justify-end gap-1 text-sm font-semibold" data-testid="packing-item-state">
                  {none ? (
                    <MinusCircle className="h-4 w-4 text-amber-600" aria-hidden />
                  ) : ok ? (
                    <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden />
                  ) : (
                    <Circle className="h-4 w-4 text-slate-400" aria-hidden />
                  )}
                  {state}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <PackingBackButton onBack={p.onBack} busy={p.busy} />
    </div>
  );
}

/** A line's word: verified, its scanned pieces (each piece scanned), or open; nothing for a line with nothing picked. */
function lineState(none: boolean, ok: boolean, scannedPieces: number | null, picked: number): string {
  const T = texts(PACKING_UI);
  if (none) return '';
  if (ok) return T.lineVerified;
  return scannedPieces === null ? T.open : T.piecesScanned(scannedPieces, picked);
}
