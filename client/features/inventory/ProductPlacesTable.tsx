import { SlidersHorizontal } from 'lucide-react';
import { formatDate, formatNumber } from '../../../shared/i18n/format';
import { INVENTORY_UI as T } from '../../../shared/i18n/inventory';
import { ADJUSTMENT_TEXTS } from '../../../shared/i18n/stock-adjustment';
import type { ProductDetail } from '../../../shared/schemas/inventory';
import { RowAction } from '../../ui/RowAction';
import { EmptyState, scrollRegion, table } from '../../ui/misc';
import { unitLabel } from './MovementTypeLabel';
import { blockedTone } from './blocked';

export type ProductPlace = ProductDetail['stock']['locations'][number];

/** Display only: the "Orte" tab of the product detail; with `onCorrect` each stock row gets "Korrigieren". */
export function ProductPlacesTable({ rows, onCorrect }: { rows: ProductPlace[]; onCorrect?: (row: ProductPlace) => void }) {
  if (rows.length === 0) return <EmptyState>{T.noStock}</EmptyState>;
  return (
    <div className={table.wrap} {...scrollRegion(T.placesRegion)}>
      <table className={table.table} data-testid="product-places">
        <thead>
          <tr>
            <th className={table.th}>{T.location}</th>
            <th className={table.th}>{T.barcode}</th>
            <th className={table.th}>{T.customer}</th>
            <th className={`${table.th} text-right`}>{T.quantity}</th>
            <th className={`${table.th} text-right`}>{T.blocked}</th>
            <th className={table.th}>{T.unit}</th>
            <th className={table.th}>{T.batch}</th>
            <th className={table.th}>{T.bestBefore}</th>
            {onCorrect ? <th className={table.th}>{ADJUSTMENT_TEXTS.columnActions}</th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of one place may share batch and date; the list is never reordered
            <tr key={`${l.location_id}-${l.customer_id}-${l.batch_number}-${l.expiry_date}-${i}`} className={table.tr} data-testid="product-place-row">
              <td className={table.td}>{l.location_path}</td>
              <td className={`${table.td} font-mono text-xs`}>{l.location_barcode ?? '–'}</td>
              <td className={table.td}>{l.customer_name}</td>
              <td className={`${table.td} text-right font-semibold`} data-testid="product-place-quantity">
                {formatNumber(l.quantity)}
              </td>
              <td className={`${table.td} text-right ${blockedTone(l.blocked_quantity)}`}>{formatNumber(l.blocked_quantity)}</td>
              <td className={table.td}>{unitLabel(l.unit)}</td>
              <td className={table.td}>{l.batch_number ?? '–'}</td>
              <td className={table.td}>{l.expiry_date ? formatDate(l.expiry_date) : '–'}</td>
              {onCorrect ? (
                <td className={table.td}>
                  <RowAction
                    icon={<SlidersHorizontal className="h-4 w-4" aria-hidden />}
                    label={ADJUSTMENT_TEXTS.action}
                    ariaLabel={ADJUSTMENT_TEXTS.actionFor(l.location_barcode ?? l.location_path, l.customer_name)}
                    onClick={() => onCorrect(l)}
                    data-testid="correct-stock"
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
