import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../shared/i18n/format';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '../../../shared/domain/returns';
import type { ReturnSummary } from '../../../shared/schemas/returns';
import { RETURNS_UI as T } from '../../../shared/i18n/returns';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { Badge, scrollRegion, table } from '../../ui/misc';

/** Pieces shared by the returns list and detail: the status badge and the table. */

const TONES: Record<ReturnStatus, 'blue' | 'amber' | 'green' | 'gray'> = { announced: 'blue', received: 'amber', completed: 'green', cancelled: 'gray' };

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <Badge tone={TONES[status]} className="whitespace-nowrap">
      <span data-testid="return-status">{RETURN_STATUS_LABELS[status]}</span>
    </Badge>
  );
}

export function ReturnTable({ returns, showCustomer }: { returns: ReturnSummary[]; showCustomer: boolean }) {
  return (
    <div className={table.wrap} {...scrollRegion(T.title)}>
      <table className={table.table} data-testid="returns-table">
        <thead>
          <tr>
            <th className={table.th}>{T.colNumber}</th>
            <th className={table.th}>{FIELD_LABELS.order_number}</th>
            {showCustomer ? <th className={table.th}>{FIELD_LABELS.customer_id}</th> : null}
            <th className={table.th}>{FIELD_LABELS.delivery_name}</th>
            <th className={table.th}>{FIELD_LABELS.status}</th>
            <th className={`${table.th} text-right`}>{T.colAnnounced}</th>
            <th className={`${table.th} text-right`}>{T.colReceived}</th>
            <th className={table.th}>{T.colCreated}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {returns.map((r) => (
            <tr key={r.id} className={table.tr} data-testid="return-row">
              <td className={table.td}>
                <Link to="/returns/$returnId" params={{ returnId: String(r.id) }} className="font-mono font-medium text-brand-700 hover:underline">
                  {r.return_number}
                </Link>
              </td>
              <td className={`${table.td} font-mono text-xs`}>{r.order_number}</td>
              {showCustomer ? <td className={table.td}>{r.customer_name}</td> : null}
              <td className={table.td}>{r.delivery_name}</td>
              <td className={table.td}>
                <ReturnStatusBadge status={r.status} />
              </td>
              <td className={`${table.td} text-right tabular-nums`}>{r.announced_quantity}</td>
              <td className={`${table.td} text-right tabular-nums`}>{r.received_quantity}</td>
              <td className={`${table.td} whitespace-nowrap`}>{formatDateTime(r.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
