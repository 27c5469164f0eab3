import { Link } from '@tanstack/react-router';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { STOCKTAKE_STATUS_LABELS, type StocktakeStatus } from '../../../shared/constants';
import { isManagerOrAdmin } from '../../../shared/domain/roles';
import { formatDateTime } from '../../../shared/i18n/format';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { STOCKTAKE_UI as T } from '../../../shared/i18n/stocktakes';
import type { StocktakeSummary } from '../../../shared/schemas/stocktake';
import { useSession } from '../../app/auth';
import { Button } from '../../ui/Button';
import { Badge, PageHeader, scrollRegion, table } from '../../ui/misc';
import { QueryView } from '../../ui/QueryView';
import { CreateStocktakeDialog } from './CreateStocktakeDialog';
import { useStocktakes } from './hooks';

/** /stocktakes: every stocktake with its progress; managers and admins create new ones. */

const TONES: Record<StocktakeStatus, 'blue' | 'green' | 'gray'> = { counting: 'blue', booked: 'green', cancelled: 'gray' };

export function StocktakeStatusBadge({ status }: { status: StocktakeStatus }) {
  return (
    <Badge tone={TONES[status]} className="whitespace-nowrap">
      <span data-testid="stocktake-status">{STOCKTAKE_STATUS_LABELS[status]}</span>
    </Badge>
  );
}

export function StocktakeTable({ rows }: { rows: StocktakeSummary[] }) {
  return (
    <div className={table.wrap} {...scrollRegion(T.title)}>
      <table className={table.table} data-testid="stocktakes-table">
        <thead>
          <tr>
            <th className={table.th}>{T.colNumber}</th>
            <th className={table.th}>{FIELD_LABELS.name}</th>
            <th className={table.th}>{FIELD_LABELS.status}</th>
            <th className={`${table.th} text-right`}>{T.colPlaces}</th>
            <th className={`${table.th} text-right`}>{T.colDifferences}</th>
            <th className={table.th}>{T.colCreated}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((s) => (
            <tr key={s.id} className={table.tr} data-testid="stocktake-row">
              <td className={table.td}>
                <Link to="/stocktakes/$stocktakeId" params={{ stocktakeId: String(s.id) }} className="font-mono font-medium text-brand-700 hover:underline">
                  {s.number}
                </Link>
              </td>
              <td className={table.td}>
                {s.name} {s.blind ? <Badge tone="purple">{T.blindBadge}</Badge> : null}
              </td>
              <td className={table.td}>
                <StocktakeStatusBadge status={s.status} />
              </td>
              <td className={`${table.td} text-right tabular-nums`}>{T.placesDone(s.done_places, s.places)}</td>
              <td className={`${table.td} text-right tabular-nums`}>{s.differences ?? '–'}</td>
              <td className={`${table.td} whitespace-nowrap`}>{formatDateTime(s.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StocktakesScreen() {
  const { user } = useSession();
  const list = useStocktakes();
  const [creating, setCreating] = useState(false);
  const manager = user !== null && isManagerOrAdmin(user);
  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          manager ? (
            <Button icon={<ClipboardList className="h-4 w-4" />} onClick={() => setCreating(true)} data-testid="stocktake-new">
              {T.newStocktake}
            </Button>
          ) : null
        }
      />
      <QueryView query={list} error={T.listError} empty={T.empty} isEmpty={(d) => d.length === 0}>
        {(rows) => <StocktakeTable rows={rows} />}
      </QueryView>
      {creating ? <CreateStocktakeDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
