import type { MovementType } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/i18n/format';
import { INVENTORY_UI as T } from '../../../shared/i18n/inventory';
import { movementKindLabel } from '../../../shared/i18n/stock-adjustment';
import type { ProductDetail } from '../../../shared/schemas/inventory';
import { EmptyState, scrollRegion, table } from '../../ui/misc';
import { unitLabel } from './MovementTypeLabel';

type HistoryRow = ProductDetail['movement_history'][number];

function reference(m: HistoryRow): string {
  if (m.notification_number) return T.notificationRef(m.notification_number);
  if (m.inbound_notification_id) return T.notificationIdRef(m.inbound_notification_id);
  if (m.order_id) return T.orderIdRef(m.order_id);
  return '–';
}

/** Display only: the "Historie" tab of the product detail; a correction reads "Korrektur · beschädigt". */
export function ProductHistoryTable({ rows }: { rows: HistoryRow[] }) {
  if (rows.length === 0) return <EmptyState>{T.noMovements}</EmptyState>;
  return (
    <div className={table.wrap} {...scrollRegion(T.movementsRegion)}>
      <table className={table.table} data-testid="product-history">
        <thead>
          <tr>
            <th className={table.th}>{T.time}</th>
            <th className={table.th}>{T.kind}</th>
            <th className={`${table.th} text-right`}>{T.quantity}</th>
            <th className={table.th}>{T.unit}</th>
            <th className={table.th}>{T.location}</th>
            <th className={table.th}>{T.user}</th>
            <th className={table.th}>{T.batch}</th>
            <th className={table.th}>{T.reference}</th>
            <th className={table.th}>{T.notes}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((m) => (
            <tr key={m.id} className={table.tr}>
              <td className={`${table.td} whitespace-nowrap`}>{formatDateTime(m.created_at)}</td>
              <td className={table.td}>{movementKindLabel(m.movement_type as MovementType, m.adjustment_reason)}</td>
              <td className={`${table.td} text-right font-medium ${m.quantity > 0 ? 'text-emerald-700' : 'text-red-700'}`}>
                {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
              </td>
              <td className={table.td}>{unitLabel(m.unit)}</td>
              <td className={table.td}>{m.location_path ?? '–'}</td>
              <td className={table.td}>{m.username ?? '–'}</td>
              <td className={table.td}>{m.batch_number ?? '–'}</td>
              <td className={table.td}>{reference(m)}</td>
              <td className={table.td}>{m.notes ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
