import { CheckCircle2, Circle, MinusCircle } from 'lucide-react';
import { PACKING_UI as T } from '../../../shared/i18n/packing';
import type { PackingInfo } from '../../../shared/schemas/packing';
import { Card, PageHeader } from '../../ui/misc';
import { ScanField, type ScanFieldProps } from '../../ui/ScanField';
import { PackingBackButton } from './StepParts';
import { itemsToScan } from './verify-scan';

/** Display only: step verify_items, each item EAN of the order scanned once (the check: verify-scan.ts). */
export function VerifyView(p: ScanFieldProps & { info: PackingInfo; scanned: ReadonlySet<number>; onBack: () => void }) {
  const todo = itemsToScan(p.info);
  const done = todo.filter((i) => p.scanned.has(i.id)).length;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4" data-testid="packing-verify" data-order={p.info.order_number}>
      <PageHeader title={`${T.verifyItems} · ${p.info.order_number}`} subtitle={`${p.info.delivery_name} · ${T.verifyHint}`} />
      <Card className="p-4">
        <ScanField {...p} name="ean" label={T.scanEan} testId="packing-verify-ean" />
        <p className="mt-2 text-sm font-medium text-slate-700" data-testid="packing-verify-progress">
          {done} / {todo.length} {T.scanned}
        </p>
      </Card>
      <ul className="flex flex-col gap-2" data-testid="packing-items">
        {p.info.items.map((i) => {
          const ok = p.scanned.has(i.id);
          const none = i.picked_quantity <= 0;
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
                <span className="block text-lg font-bold tabular-nums">{T.pickedOfOrdered(i.picked_quantity, i.quantity)}</span>
                <span className="flex items-center justify-end gap-1 text-xs text-slate-600">
                  {none ? (
                    <MinusCircle className="h-4 w-4 text-amber-600" aria-hidden />
                  ) : ok ? (
                    <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden />
                  ) : (
                    <Circle className="h-4 w-4 text-slate-400" aria-hidden />
                  )}
                  {none ? '' : ok ? T.scanned : T.open}
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
