import { ArrowLeft, PlayCircle } from 'lucide-react';
import { formatMessage } from '../../../shared/i18n/format';
import { PICKING_UI } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import { Button } from '../../ui/Button';
import { Card, PageHeader } from '../../ui/misc';
import { ScanField, type ScanFieldProps } from '../../ui/ScanField';

export interface PalletOrder {
  id: number;
  order_number: string;
  delivery_name: string;
  item_count: number;
}

/** Display only: scan-pallet mode, the pallet field and the selected orders. */
export function ScanPalletView(p: ScanFieldProps & { orders: PalletOrder[]; onBack: () => void }) {
  const T = texts(PICKING_UI);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4" data-testid="picking-scan-pallet">
      <PageHeader title={T.scanPalletTitle} subtitle={T.scanPalletHint} />
      <Card className="p-4">
        <ScanField
          {...p}
          name="pallet"
          label={T.palletBarcode}
          required
          placeholder={T.palletPlaceholder}
          testId="picking-pallet"
          className="flex flex-col gap-3"
        >
          <Button type="submit" size="lg" busy={p.busy} icon={<PlayCircle className="h-5 w-5" />} data-testid="picking-pallet-submit">
            {T.startPicking}
          </Button>
        </ScanField>
      </Card>
      <section>
        <h2 className="mb-2 font-semibold text-slate-800">{T.selectedOrders}</h2>
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white" data-testid="picking-pallet-orders">
          {p.orders.map((o) => (
            <li key={o.id} className="flex items-center gap-3 px-3 py-2">
              <span className="min-w-0 flex-1">
                <span className="block font-mono font-bold">{o.order_number}</span>
                <span className="block truncate text-sm text-slate-600">{o.delivery_name}</span>
              </span>
              <span className="shrink-0 text-sm text-slate-700">{formatMessage(T.itemCount, { n: o.item_count })}</span>
            </li>
          ))}
        </ul>
      </section>
      <Button size="lg" variant="secondary" onClick={p.onBack} disabled={p.busy} icon={<ArrowLeft className="h-5 w-5" />} data-testid="picking-pallet-back">
        {T.back}
      </Button>
    </div>
  );
}
