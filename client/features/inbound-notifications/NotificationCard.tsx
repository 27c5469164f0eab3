import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { discrepancyText, type NotificationStatus, notificationStatusLabel } from '../../../shared/domain/notification-status';
import { formatDate } from '../../../shared/i18n/format';
import { NOTIFICATION_UI } from '../../../shared/i18n/inbound';
import type { NotificationItem, ReceiptDetail } from '../../../shared/schemas/inbound';
import { Badge, Card, EmptyState, Spinner, scrollRegion } from '../../ui/misc';
import { texts } from '../../../shared/i18n/translate';

/** Display-only pieces of the announcement list (no data loading here). */

const TONES: Record<NotificationStatus, 'gray' | 'blue' | 'amber' | 'green' | 'red'> = {
  announced: 'gray',
  confirmed: 'blue',
  receiving: 'amber',
  completed: 'green',
  cancelled: 'red',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONES[status as NotificationStatus] ?? 'gray'} className="text-sm">
      {notificationStatusLabel(status)}
    </Badge>
  );
}

export interface CardHead {
  id: number;
  notification_number: string;
  status: string;
  customer_name: string;
  expected_date: string;
  expected_date_to: string | null;
  reference_number: string | null;
  notes: string | null;
  items: Array<Pick<NotificationItem, 'ean' | 'title' | 'quantity' | 'received_quantity' | 'notes' | 'image_url'> & { id: number }>;
}

export interface NotificationCardProps {
  n: CardHead;
  showCustomer: boolean;
  actions?: ReactNode;
  details?: ReactNode;
  /** Item id → quantity received on this device and not yet synced. */
  pending?: ReadonlyMap<number, number>;
}

export function NotificationCard({ n, showCustomer, actions, details, pending }: NotificationCardProps) {
  const T = texts(NOTIFICATION_UI);
  const dates =
    n.expected_date_to && n.expected_date_to !== n.expected_date
      ? `${formatDate(n.expected_date)} – ${formatDate(n.expected_date_to)}`
      : formatDate(n.expected_date);
  return (
    <Card className="p-4" data-testid={`notification-${n.notification_number}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{n.notification_number}</h2>
            <StatusBadge status={n.status} />
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
            <dt className="text-slate-500">{T.delivery}</dt>
            <dd>{dates}</dd>
            {n.reference_number ? (
              <>
                <dt className="text-slate-500">{T.reference}</dt>
                <dd>{n.reference_number}</dd>
              </>
            ) : null}
            {showCustomer ? (
              <>
                <dt className="text-slate-500">{T.customer}</dt>
                <dd data-testid="notification-customer">{n.customer_name}</dd>
              </>
            ) : null}
            {n.notes ? (
              <>
                <dt className="text-slate-500">{T.notes}</dt>
                <dd className="whitespace-pre-line">{n.notes}</dd>
              </>
            ) : null}
          </dl>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-3 border-t border-slate-100 pt-2">
        {n.items.length === 0 ? (
          <p className="text-sm text-slate-500">{T.noItems}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {n.items.map((i) => (
              <li key={i.id} className="flex items-center gap-3 py-1.5">
                {i.image_url ? <img src={i.image_url} alt="" className="h-8 w-8 rounded object-cover" /> : null}
                <div className="min-w-0 flex-1">
                  <div className="truncate font-medium text-slate-800">{i.title}</div>
                  <div className="text-xs text-slate-500">
                    {T.ean(i.ean)}
                    {i.notes ? ` · ${i.notes}` : ''}
                  </div>
                  {pending?.get(i.id) ? (
                    <div className="text-xs font-medium text-amber-700" data-testid="item-pending">
                      {T.pendingOnDevice(pending.get(i.id) ?? 0)}
                    </div>
                  ) : null}
                </div>
                <div className="shrink-0 text-right">
                  <span className="font-semibold">{T.pieces(i.quantity)}</span>
                  {i.received_quantity > 0 ? <div className="text-xs text-slate-500">{T.received(i.received_quantity)}</div> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {details}
    </Card>
  );
}

export function ReceiptDetailsToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const T = texts(NOTIFICATION_UI);
  return (
    <button
      type="button"
      onClick={onToggle}
      className="mt-2 inline-flex min-h-10 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      aria-expanded={open}
      data-testid="receipt-details-toggle"
    >
      {open ? <ChevronDown className="h-4 w-4" /> : <ChevronRight className="h-4 w-4" />}
      {T.receipts}
    </button>
  );
}

export function ReceiptDetailsTable({ rows, loading, error }: { rows: ReceiptDetail[] | undefined; loading: boolean; error: string | null }) {
  const T = texts(NOTIFICATION_UI);
  if (loading) return <Spinner />;
  if (error) return <p className="text-sm text-red-700">{error}</p>;
  if (!rows || rows.length === 0) return <EmptyState>{T.noReceipts}</EmptyState>;
  return (
    <div className="mt-2 overflow-x-auto" data-testid="receipt-details" {...scrollRegion(T.receipts)}>
      <table className="min-w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
            <th className="py-1 pr-3">{T.colArticle}</th>
            <th className="py-1 pr-3 text-right">{T.colExpected}</th>
            <th className="py-1 pr-3 text-right">{T.colReceived}</th>
            <th className="py-1 pr-3">{T.colUnit}</th>
            <th className="py-1 pr-3 text-right">{T.colDiscrepancy}</th>
            <th className="py-1">{T.colNotes}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top" data-testid="receipt-detail-row">
              <td className="py-1.5 pr-3">
                <div className="flex items-center gap-2">
                  {r.image_url ? <img src={r.image_url} alt="" className="h-8 w-8 rounded object-cover" /> : null}
                  <div>
                    <div className="font-medium">{r.product_title}</div>
                    <div className="text-xs text-slate-500">{T.ean(r.product_ean)}</div>
                  </div>
                </div>
              </td>
              <td className="py-1.5 pr-3 text-right">{r.expected_quantity}</td>
              <td className="py-1.5 pr-3 text-right">{r.received_quantity}</td>
              <td className="py-1.5 pr-3">{r.unit === 'piece' ? T.unitPiece : r.unit}</td>
              <td
                className={`py-1.5 pr-3 text-right font-medium ${r.discrepancy === 0 ? 'text-emerald-700' : 'text-amber-700'}`}
                data-testid="receipt-discrepancy"
              >
                {r.discrepancy > 0 ? `+${r.discrepancy}` : r.discrepancy}
                {discrepancyText(r.discrepancy) ? <div className="text-xs font-normal">{discrepancyText(r.discrepancy)?.split(':')[0]}</div> : null}
              </td>
              <td className="py-1.5 text-slate-600">{r.notes ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
