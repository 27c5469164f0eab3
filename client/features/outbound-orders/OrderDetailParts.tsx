import { CheckCircle2, Circle, ExternalLink, Package, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime, formatNumber } from '../../../shared/i18n/format';
import { ORDER_UI } from '../../../shared/i18n/orders';
import { SHIPPING_WORDS, UI, WORDS } from '../../../shared/i18n/ui';
import type { OutboundOrder } from '../../../shared/schemas/orders';
import { Card } from '../../ui/misc';
import { lineText } from './order-form';

/** Display parts of the order detail (no data loading here). */

export const CARRIER_TYPE_LABELS: Record<string, string> = { parcel: SHIPPING_WORDS.parcel, freight: SHIPPING_WORDS.freight };

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card className="p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

export function Timeline({ order }: { order: OutboundOrder }) {
  const steps: Array<[string, string | Date | null]> = [
    [ORDER_UI.timeline.created, order.created_at],
    [UI.statusConfirmed, order.confirmed_at],
    [ORDER_UI.timeline.pickingStarted, order.picking_started_at],
    [ORDER_UI.timeline.packed, order.packed_at],
    [ORDER_UI.timeline.shipped, order.shipped_at],
    [UI.statusCompleted, order.completed_at],
  ];
  return (
    <ol className="flex flex-col gap-2" data-testid="order-timeline">
      {steps.map(([label, at]) => (
        <li key={label} className="flex items-start gap-2 text-sm" data-done={at ? 'true' : 'false'} data-testid={`timeline-${label}`}>
          {at ? (
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
          ) : (
            <Circle className="mt-0.5 h-4 w-4 shrink-0 text-slate-300" aria-hidden />
          )}
          <span className={at ? 'text-slate-900' : 'text-slate-500'}>{label}</span>
          <span className="ml-auto whitespace-nowrap text-slate-600">{at ? formatDateTime(at) : '–'}</span>
        </li>
      ))}
      {order.cancelled_at ? (
        <li className="flex items-start gap-2 text-sm text-red-700">
          <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{UI.statusCancelled}</span>
          <span className="ml-auto whitespace-nowrap">{formatDateTime(order.cancelled_at)}</span>
        </li>
      ) : null}
    </ol>
  );
}

export function Items({ order }: { order: OutboundOrder }) {
  if (order.items.length === 0) return <p className="text-sm text-slate-500">{WORDS.noItems}</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="order-items">
      {order.items.map((i) => (
        <li key={i.id} className="flex items-start gap-3 py-2">
          {i.product.image_url ? (
            <img src={i.product.image_url} alt="" className="h-12 w-12 shrink-0 rounded object-cover" />
          ) : (
            <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded bg-slate-100">
              <Package className="h-5 w-5 text-slate-400" aria-hidden />
            </div>
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-3">
            <div className="min-w-0">
              <div className="font-medium text-slate-900">{i.product_title}</div>
              <div className="text-xs text-slate-500">{ORDER_UI.ean(i.product_ean)}</div>
              {i.notes ? <div className="text-xs text-slate-600">{ORDER_UI.itemNote(i.notes)}</div> : null}
              {i.picked_quantity > 0 ? <div className="text-xs text-slate-600">{ORDER_UI.picked(formatNumber(i.picked_quantity))}</div> : null}
            </div>
            <div className="font-medium sm:text-right sm:whitespace-nowrap" data-testid="order-item-quantity">
              {lineText(i)}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Per package its carrier (a freight carrier as "Spedition …") and tracking number, DHL's linked to DHL's tracking page. */
export function Packages({ order }: { order: OutboundOrder }) {
  if (order.packages.length === 0) return null;
  return (
    <div className="mt-3 border-t border-slate-100 pt-2">
      <h3 className="mb-1 text-sm font-medium text-slate-700">{ORDER_UI.packages}</h3>
      <ol className="flex flex-col gap-1 text-sm" data-testid="order-packages">
        {order.packages.map((p, i) => (
          <li key={p.tracking_number} className="flex flex-wrap items-baseline gap-x-2" data-testid="order-package">
            <span className="text-slate-500">{ORDER_UI.packageNumber(i + 1)}</span>
            <span className="font-medium">{p.carrier_type === 'freight' ? ORDER_UI.freightCarrier(p.carrier) : p.carrier}</span>
            {p.tracking_url ? (
              <a
                href={p.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-6 items-center gap-1 break-all text-brand-700 hover:underline"
                aria-label={ORDER_UI.trackAt(p.carrier, p.tracking_number)}
              >
                {p.tracking_number}
                <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
              </a>
            ) : (
              <span className="break-all">{p.tracking_number}</span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
