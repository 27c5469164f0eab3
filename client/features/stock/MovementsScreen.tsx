import { useQuery } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { MOVEMENT_TYPE_LABELS, MOVEMENTS_LIMIT } from '../../../shared/constants';
import { formatDateTime, formatNumber } from '../../../shared/i18n/format';
import { type Movement, MovementsResponse } from '../../../shared/schemas/stock';
import { apiGet, errorMessage, qs } from '../../app/api';
import { useOnline } from '../../app/useOnline';
import { Badge, EmptyState, ErrorBox, PageHeader, Spinner, table, scrollRegion } from '../../ui/misc';
import { STOCK_TEXTS as T } from '../../../shared/i18n/stock';

/** Display only: the dense movement table. */
export function MovementsTable({ rows }: { rows: Movement[] }) {
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
                <Badge tone={m.direction === 'in' ? 'green' : 'blue'}>{MOVEMENT_TYPE_LABELS[m.movement_type]}</Badge>
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

/** Bewegungshistorie (/movements): the newest 100 movements, online (GET /movements?limit=100). */
export function MovementsScreen() {
  const online = useOnline();
  const q = useQuery({
    queryKey: ['movements', MOVEMENTS_LIMIT],
    queryFn: () => apiGet(`/movements${qs({ limit: MOVEMENTS_LIMIT })}`, MovementsResponse),
    enabled: online,
  });
  return (
    <div>
      <PageHeader title={T.movementsTitle} subtitle={T.movementsSubtitle(MOVEMENTS_LIMIT)} />
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
