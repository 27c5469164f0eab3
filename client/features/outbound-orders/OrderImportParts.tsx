import { Download } from 'lucide-react';
import { formatNumber } from '../../../shared/i18n/format';
import { ORDER_IMPORT_UI as T } from '../../../shared/i18n/order-import';
import { fieldLabels } from '../../../shared/i18n/fields';
import {
  IMPORT_EXAMPLE_CSV,
  IMPORT_OPTIONAL_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  type OrderImportPreview,
  type OrderImportRowError,
} from '../../../shared/schemas/order-import';
import { VE_TYPE_LABELS } from '../../../shared/schemas/orders';
import { Button } from '../../ui/Button';
import { scrollRegion, table } from '../../ui/misc';

/** Display parts of the CSV import dialog (no data loading here); rules in docs/integrations.md "CSV order import". */

function downloadExample(): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${IMPORT_EXAMPLE_CSV}\r\n`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'auftraege-beispiel.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ImportColumns() {
  const list = (cols: readonly string[]) => (
    <span className="break-words">
      {cols.map((c, i) => (
        <span key={c}>
          <code className="rounded bg-slate-100 px-1 text-xs">{c}</code>
          {i < cols.length - 1 ? ', ' : ''}
        </span>
      ))}
    </span>
  );
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700" data-testid="import-columns">
      <p>{T.intro}</p>
      <div>
        <span className="font-medium">{T.requiredColumns}: </span>
        {list(IMPORT_REQUIRED_COLUMNS)}
      </div>
      <div>
        <span className="font-medium">{T.optionalColumns}: </span>
        {list(IMPORT_OPTIONAL_COLUMNS)}
      </div>
      <div>
        <Button variant="secondary" size="sm" icon={<Download className="h-4 w-4" />} onClick={downloadExample} data-testid="import-example">
          {T.example}
        </Button>
      </div>
    </div>
  );
}

export function ImportErrors({ rows }: { rows: OrderImportRowError[] }) {
  return (
    <div className="flex flex-col gap-2" data-testid="import-errors">
      <p className="text-sm font-medium text-red-700">{T.errorsTitle}</p>
      <div className={table.wrap} {...scrollRegion(T.error)}>
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{T.row}</th>
              <th className={table.th}>{T.field}</th>
              <th className={table.th}>{T.error}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={`${r.row}-${r.field}-${r.detail}`} data-testid="import-error-row">
                <td className={`${table.td} whitespace-nowrap`}>{r.row}</td>
                <td className={table.td}>{r.field ? (fieldLabels[r.field] ?? r.field) : '–'}</td>
                <td className={`${table.td} text-red-700`}>{r.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function ImportPreview({ preview }: { preview: OrderImportPreview }) {
  return (
    <div className="flex flex-col gap-2" data-testid="import-preview">
      <p className="text-sm font-medium text-emerald-700">{T.previewTitle(preview.orders.length)}</p>
      <div className={table.wrap} {...scrollRegion(T.reference)}>
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{T.reference}</th>
              <th className={table.th}>{T.recipient}</th>
              <th className={table.th}>{T.lines}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.orders.map((o) => (
              <tr key={o.order_reference} data-testid="import-preview-row">
                <td className={`${table.td} whitespace-nowrap font-medium`}>{o.order_reference}</td>
                <td className={table.td}>{o.recipient_name}</td>
                <td className={table.td}>
                  <ul>
                    {o.lines.map((l) => (
                      <li key={l.row}>
                        {formatNumber(l.quantity)} {l.packaging_unit ? VE_TYPE_LABELS[l.packaging_unit] : '×'} {l.title}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
