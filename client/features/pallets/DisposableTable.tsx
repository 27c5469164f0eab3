import { Link } from '@tanstack/react-router';
import { Barcode } from 'lucide-react';
import { DISPOSABLE_PALLET_STATUS_LABELS, type DisposablePalletStatus } from '../../../shared/domain/pallets';
import { formatDateTime } from '../../../shared/i18n/format';
import { PALLET_UI } from '../../../shared/i18n/pallets';
import type { DisposablePallet } from '../../../shared/schemas/pallets';
import { Badge, EmptyState, table, scrollRegion } from '../../ui/misc';

const TONE: Record<DisposablePalletStatus, 'green' | 'blue' | 'gray'> = { available: 'green', used: 'blue', cancelled: 'gray' };

/** The latest disposable barcodes (display only). */
export function DisposableTable({ rows }: { rows: DisposablePallet[] }) {
  if (rows.length === 0) return <EmptyState icon={<Barcode className="h-8 w-8" />}>{PALLET_UI.empty}</EmptyState>;
  return (
    <div className={table.wrap} {...scrollRegion('Einweg-Paletten-Barcodes')}>
      <table className={table.table} data-testid="disposable-table">
        <thead>
          <tr>
            <th className={table.th}>{PALLET_UI.colBarcode}</th>
            <th className={table.th}>{PALLET_UI.colStatus}</th>
            <th className={table.th}>{PALLET_UI.colOrder}</th>
            <th className={table.th}>{PALLET_UI.colCreated}</th>
            <th className={table.th}>{PALLET_UI.colUsed}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.id} className={table.tr}>
              <td className={`${table.td} font-mono whitespace-nowrap`}>{r.barcode}</td>
              <td className={table.td}>
                <Badge tone={TONE[r.status]}>{DISPOSABLE_PALLET_STATUS_LABELS[r.status]}</Badge>
              </td>
              <td className={`${table.td} whitespace-nowrap`}>
                {r.used_for_order_id ? (
                  <Link to="/outbound-orders/$orderId" params={{ orderId: String(r.used_for_order_id) }} className="text-brand-700 hover:underline">
                    {r.used_for_order_number ?? `#${r.used_for_order_id}`}
                  </Link>
                ) : (
                  '–'
                )}
              </td>
              <td className={`${table.td} whitespace-nowrap`}>{formatDateTime(r.created_at)}</td>
              <td className={`${table.td} whitespace-nowrap`}>{formatDateTime(r.used_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
