import { CheckCircle2, CircleAlert, Package, PackageOpen } from 'lucide-react';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import type { PackingPalletResponse } from '../../../shared/schemas/packing';
import { Button } from '../../ui/Button';
import { Badge, Card, EmptyState, PageHeader } from '../../ui/misc';
import { ScanField, type ScanFieldProps } from '../../ui/ScanField';
import { PackingBackButton } from './StepParts';

/** Display only: step scan_pallet. */
export function ScanPalletView(p: ScanFieldProps) {
  const T = texts(PACKING_UI);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4" data-testid="packing-scan-pallet">
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Card className="p-4">
        <ScanField {...p} name="pallet" label={T.scanPallet} placeholder="PAL-001 / DISP-…" testId="packing-pallet" />
        <p className="mt-2 text-sm text-slate-600">{T.scanPalletHint}</p>
      </Card>
    </div>
  );
}

/** Display only: step select_order, the pallet's orders; an EAN scan opens the first order containing it. */
export function SelectOrderView(
  p: ScanFieldProps & { pallet: PackingPalletResponse; onOpen: (id: number) => void; onSimple: (id: number) => void; onBack: () => void },
) {
  const T = texts(PACKING_UI);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4" data-testid="packing-select-order">
      <PageHeader title={T.selectOrder} subtitle={`${T.pallet} ${p.pallet.pallet_barcode} · ${T.ordersOnPallet(p.pallet.total)}`} />
      <Card className="p-4">
        <ScanField {...p} name="ean" label={T.scanEan} testId="packing-select-ean" />
        <p className="mt-2 text-sm text-slate-600">{T.selectOrderHint}</p>
      </Card>
      {p.pallet.orders.length === 0 ? (
        <EmptyState icon={<PackageOpen className="h-6 w-6" />}>{T.noOrders}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="packing-orders">
          {p.pallet.orders.map((o) => (
            <li key={o.id} className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 sm:flex-row sm:items-center">
              <button
                type="button"
                onClick={() => p.onOpen(o.id)}
                disabled={p.busy}
                data-testid={`packing-order-${o.order_number}`}
                className="flex min-h-12 min-w-0 flex-1 items-center gap-3 rounded-md text-left hover:bg-slate-50"
              >
                <Package className="h-6 w-6 shrink-0 text-slate-500" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-mono font-bold">{o.order_number}</span>
                  <span className="block truncate text-sm text-slate-600">{o.delivery_name}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <span data-testid="packing-order-size">
                      {T.orderSize(
                        o.total_items,
                        o.items_preview.reduce((n, i) => n + i.quantity, 0),
                      )}
                    </span>
                    {o.carrier ? <Badge tone="blue">{o.carrier}</Badge> : null}
                    {o.all_items_picked ? (
                      <Badge tone="green">
                        <CheckCircle2 className="mr-1 h-3 w-3" aria-hidden />
                        {T.allItemsPicked}
                      </Badge>
                    ) : (
                      <Badge tone="amber">
                        <CircleAlert className="mr-1 h-3 w-3" aria-hidden />
                        {T.notAllItemsPicked}
                      </Badge>
                    )}
                  </span>
                </span>
              </button>
              <Button variant="secondary" size="sm" onClick={() => p.onSimple(o.id)} data-testid={`packing-simple-${o.order_number}`}>
                {T.simpleView}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <PackingBackButton onBack={p.onBack} busy={p.busy} />
    </div>
  );
}
