import { useQuery } from '@tanstack/react-query';
import { Download, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { MOVEMENTS_LIMIT } from '../../../shared/constants';
import { formatDateTime, formatNumber } from '../../../shared/i18n/format';
import { type Movement, MovementsResponse } from '../../../shared/schemas/stock';
import { apiGet, errorMessage, qs } from '../../app/api';
import { useOnline } from '../../app/useOnline';
import { Badge, EmptyState, ErrorBox, PageHeader, Spinner, table, scrollRegion } from '../../ui/misc';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { MOVEMENTS_CSV, movementKindLabel } from '../../../shared/i18n/stock-adjustment';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { downloadMovementsCsv } from './movements-csv';
import { texts } from '../../../shared/i18n/translate';

/** Display only: the dense movement table. */
export function MovementsTable({ rows }: { rows: Movement[] }) {
  const T = texts(STOCK_TEXTS);
  if (rows.length === 0) return <EmptyState>{T.noMovements}</EmptyState>;
  return (
    <div className={table.wrap} {...scrollRegion(T.movementsRegion)}>
      <table className={table.table} data-testid="movements-table">
        <thead>
          <tr>
            <th className={table.th}>{T.colType}</th>
            <th className={table.th}>{T.colProduct}</th>
            <th className={table.th}>{T.colEan}</th>
            <th className={`${table.th} text-right`}>{T.colQuantity}</th>
            <th className={table.th}>{T.colLocation}</th>
            <th className={table.th}>{T.colUser}</th>
            <th className={table.th}>{T.colTime}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((m) => (
            <tr key={m.id} className={table.tr} data-testid="movement-row">
              <td className={table.td}>
                <Badge tone={m.direction === 'in' ? 'green' : 'blue'}>{movementKindLabel(m.movement_type, m.adjustment_reason)}</Badge>
              </td>
              <td className={table.td}>{m.product_title}</td>
              <td className={`${table.td} tabular-nums`}>{m.product_ean}</td>
              <td className={`${table.td} text-right font-semibold tabular-nums`}>
                {m.direction === 'in' ? '+' : '−'}
                {formatNumber(m.quantity)}
              </td>
              <td className={table.td}>{m.location_path}</td>
              <td className={table.td}>{m.user_full_name || m.username || '–'}</td>
              <td className={`${table.td} whitespace-nowrap`}>{formatDateTime(m.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "CSV exportieren": the whole history as a file (GET /movements.csv). */
function CsvExportButton({ disabled }: { disabled: boolean }) {
  const T = texts(STOCK_TEXTS);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadMovementsCsv();
    } catch (e) {
      toast.error(errorMessage(e, T.previewError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" icon={<Download className="h-4 w-4" aria-hidden />} busy={busy} disabled={disabled} onClick={run} data-testid="movements-csv">
      {MOVEMENTS_CSV.button}
    </Button>
  );
}

/** Bewegungshistorie (/movements): the newest 100 movements, online (GET /movements?limit=100), and the CSV export. */
export function MovementsScreen() {
  const T = texts(STOCK_TEXTS);
  const online = useOnline();
  const q = useQuery({
    queryKey: ['movements', MOVEMENTS_LIMIT],
    queryFn: () => apiGet(`/movements${qs({ limit: MOVEMENTS_LIMIT })}`, MovementsResponse),
    enabled: online,
  });
  return (
    <div>
      <PageHeader title={T.movementsTitle} subtitle={T.movementsSubtitle(MOVEMENTS_LIMIT)} actions={<CsvExportButton disabled={!online} />} />
      {!online ? (
        <EmptyState icon={<WifiOff className="h-8 w-8" aria-hidden />}>{T.offlineMovements}</EmptyState>
      ) : q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorBox>{errorMessage(q.error, T.previewError)}</ErrorBox>
      ) : (
        <MovementsTable rows={q.data} />
      )}
    </div>
  );
}
