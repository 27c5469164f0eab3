import { Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import { countryName } from '../../../shared/domain/countries';
import { formatDate, formatNumber } from '../../../shared/i18n/format';
import { UI } from '../../../shared/i18n/ui';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import type { OutboundOrder } from '../../../shared/schemas/orders';
import { errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ErrorBox, Spinner } from '../../ui/misc';
import { OrderStatusBadge } from '../outbound-orders/OrderParts';
import { lineText } from '../outbound-orders/order-form';
import { useOrder } from '../outbound-orders/hooks';

/** The wave builder's order detail dialog: loads GET /outbound-orders/{id}; OrderSummary shows it. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const q = useOrder(orderId);
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      size="lg"
      title={q.data ? WAVE_UI.orderTitle(q.data.order_number) : WAVE_UI.orderItems}
      footer={
        <>
          <Link
            to="/outbound-orders/$orderId"
            params={{ orderId: String(orderId) }}
            className="inline-flex h-12 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            <ExternalLink className="h-4 w-4" aria-hidden /> {WAVE_UI.orderPage}
          </Link>
          <Button size="lg" onClick={onClose}>
            {UI.close}
          </Button>
        </>
      }
    >
      {q.isLoading ? <Spinner /> : null}
      {q.error ? <ErrorBox>{errorMessage(q.error, WAVE_UI.orderError)}</ErrorBox> : null}
      {q.data ? <OrderSummary order={q.data} /> : null}
    </Dialog>
  );
}

export function OrderSummary({ order }: { order: OutboundOrder }) {
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="wave-order-detail">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} />
        <span className="text-slate-600">
          {order.customer_name} · {formatDate(order.created_at)}
        </span>
      </div>
      <section>
        <h3 className="mb-1 font-semibold text-slate-900">{WAVE_UI.address}</h3>
        <address className="not-italic text-slate-800" data-testid="wave-order-address">
          <div className="font-medium">{order.delivery_name}</div>
          <div>{order.delivery_address}</div>
          <div>
            {order.delivery_postal_code} {order.delivery_city}
          </div>
          <div>{countryName(order.delivery_country)}</div>
        </address>
      </section>
      <section>
        <h3 className="mb-1 font-semibold text-slate-900">
          {WAVE_UI.orderItems} ({formatNumber(order.item_count)})
        </h3>
        {order.items.length === 0 ? (
          <p className="text-slate-500">{WAVE_UI.noItems}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" data-testid="wave-order-items">
            {order.items.map((i) => (
              <li key={i.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
                <div className="min-w-0">
                  <div className="font-medium break-words text-slate-900">{i.product_title}</div>
                  <div className="text-xs text-slate-500">{WAVE_UI.ean(i.product_ean)}</div>
                </div>
                <div className="font-medium sm:text-right sm:whitespace-nowrap">{lineText(i)}</div>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-1 text-right text-slate-600">
          {WAVE_UI.totalQuantity}: {formatNumber(order.total_quantity)}
        </p>
      </section>
      {order.notes ? <p className="whitespace-pre-wrap text-slate-700">{order.notes}</p> : null}
    </div>
  );
}
