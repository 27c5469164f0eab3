import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft, CheckCircle2, Download, Printer, XCircle } from 'lucide-react';
import { useState } from 'react';
import { isManagerOrAdmin, type RoleSubject } from '../../../shared/domain/roles';
import { formatNumber } from '../../../shared/i18n/format';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { STOCKTAKE_UI as T, STOCKTAKE_WORDS as W } from '../../../shared/i18n/stocktakes';
import { PAGER, UI, WORDS } from '../../../shared/i18n/ui';
import { BookStocktakeResponse, CancelStocktakeResponse, type StocktakeDetail } from '../../../shared/schemas/stocktake';
import { apiPost, errorMessage } from '../../app/api';
import { useSession } from '../../app/auth';
import { downloadFile } from '../../app/download';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { Badge, EmptyState, scrollRegion, table } from '../../ui/misc';
import { QueryView } from '../../ui/QueryView';
import { mergedReview, useRefreshStocktakes, useStocktakePages } from './hooks';
import { StocktakeStatusBadge } from './StocktakesScreen';

/** /stocktakes/$stocktakeId: expected, counted and difference per place and product; managers book or cancel. */

const diffTone = (d: number | null) => (d === null || d === 0 ? '' : d < 0 ? 'font-semibold text-red-700' : 'font-semibold text-emerald-700');
const signed = (d: number | null) => (d === null ? '–' : d > 0 ? `+${formatNumber(d)}` : formatNumber(d));

export function StocktakeDetailView({
  s,
  user,
  onlyDiff,
  onOnlyDiff,
  onBook,
  onCancel,
  onMore,
  loadingMore,
}: {
  /** The places loaded so far (the server filters the differences) with the counts of the whole stocktake. */
  s: StocktakeDetail;
  user: RoleSubject;
  onlyDiff: boolean;
  onOnlyDiff: (v: boolean) => void;
  onBook: () => void;
  onCancel: () => void;
  onMore: () => void;
  loadingMore: boolean;
}) {
  const open = s.total_places - s.done_places;
  const manager = isManagerOrAdmin(user) && s.status === 'counting';
  const rows = s.places.flatMap((p) => p.lines.map((l) => ({ place: p, l })));
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link to="/stocktakes" className="inline-flex min-h-10 items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" /> {T.backToList}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{T.detailTitle(s.number, s.name)}</h1>
          <StocktakeStatusBadge status={s.status} />
          {s.blind ? <Badge tone="purple">{T.blindBadge}</Badge> : null}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {manager ? (
            <Button icon={<CheckCircle2 className="h-4 w-4" />} onClick={onBook} disabled={open > 0} data-testid="stocktake-book">
              {T.book}
            </Button>
          ) : null}
          {manager ? (
            <Button variant="danger" icon={<XCircle className="h-4 w-4" />} onClick={onCancel} data-testid="stocktake-cancel">
              {T.cancel}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            icon={<Download className="h-4 w-4" />}
            onClick={() => void downloadFile(`/stocktakes/${s.id}/report.csv`, T.reportFile(s.number))}
          >
            {T.report}
          </Button>
          <Button
            variant="secondary"
            icon={<Printer className="h-4 w-4" />}
            onClick={() => void downloadFile(`/stocktakes/${s.id}/sheet.pdf`, T.sheetFile(s.number), 'application/pdf')}
            data-testid="stocktake-sheet"
          >
            {T.sheet}
          </Button>
          <label className="ml-auto flex items-center gap-2 text-sm">
            <input type="checkbox" checked={onlyDiff} onChange={(e) => onOnlyDiff(e.target.checked)} data-testid="stocktake-only-diff" /> {T.onlyDifferences}
          </label>
        </div>
        {manager && open > 0 ? <p className="mt-2 text-sm text-amber-800">{T.openPlaces(open)}</p> : null}
      </div>
      <div className={table.wrap} {...scrollRegion(T.title)}>
        <table className={table.table} data-testid="stocktake-lines">
          <thead>
            <tr>
              <th className={table.th}>{FIELD_LABELS.location_id}</th>
              <th className={table.th}>{FIELD_LABELS.status}</th>
              <th className={table.th}>{WORDS.article}</th>
              <th className={table.th}>{WORDS.batch}</th>
              <th className={`${table.th} text-right`}>{W.expected}</th>
              <th className={`${table.th} text-right`}>{W.counted}</th>
              <th className={`${table.th} text-right`}>{W.difference}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(({ place, l }) => (
              <tr key={`${place.location_barcode}-${l.ean}-${l.customer_id}-${l.batch_number}`} className={table.tr} data-testid="stocktake-line">
                <td className={`${table.td} font-mono text-xs`}>{place.location_barcode}</td>
                <td className={table.td}>
                  <Badge tone={place.done ? 'green' : 'amber'}>{place.done ? T.placeDone : T.placeOpen}</Badge>
                </td>
                <td className={table.td}>
                  <div>{l.product_title}</div>
                  <div className="font-mono text-xs text-slate-500">{l.ean}</div>
                </td>
                <td className={table.td}>{l.batch_number || '–'}</td>
                <td className={`${table.td} text-right tabular-nums`}>{l.expected === null ? '–' : formatNumber(l.expected)}</td>
                <td className={`${table.td} text-right tabular-nums`}>{l.counted === null ? T.notCounted : formatNumber(l.counted)}</td>
                <td className={`${table.td} text-right tabular-nums ${diffTone(l.difference)}`} data-testid="stocktake-difference">
                  {signed(l.difference)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <EmptyState>{T.noLines}</EmptyState> : null}
      <div className="flex flex-col items-center gap-2 text-sm text-slate-500">
        <span data-testid="stocktake-shown">{T.shownOf(s.places.length, s.matching_places)}</span>
        {s.has_more ? (
          <Button variant="secondary" onClick={onMore} busy={loadingMore} data-testid="stocktake-more">
            {PAGER.more}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function StocktakeDetailScreen() {
  const { user } = useSession();
  const params = useParams({ strict: false }) as { stocktakeId?: string };
  const id = Number(params.stocktakeId);
  const [onlyDiff, setOnlyDiff] = useState(false);
  const pages = useStocktakePages(id, onlyDiff);
  const q = { ...pages, data: pages.data && mergedReview(pages.data.pages) };
  const refresh = useRefreshStocktakes();
  const [confirm, setConfirm] = useState<'book' | 'cancel' | null>(null);
  const act = useMutation({
    mutationFn: async (a: 'book' | 'cancel'): Promise<string> => {
      if (a === 'book') {
        const r = await apiPost(`/stocktakes/${id}/book`, undefined, BookStocktakeResponse);
        return T.booked(r.number, r.differences);
      }
      return T.cancelled((await apiPost(`/stocktakes/${id}/cancel`, undefined, CancelStocktakeResponse)).number);
    },
    onSuccess: (message) => {
      toast.success(message);
      setConfirm(null);
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e, T.actionError)),
  });
  if (!user) return null;
  return (
    <QueryView query={q} error={T.detailError} notFound={T.detailError}>
      {(s) => (
        <>
          <StocktakeDetailView
            s={s}
            user={user}
            onlyDiff={onlyDiff}
            onOnlyDiff={setOnlyDiff}
            onBook={() => setConfirm('book')}
            onCancel={() => setConfirm('cancel')}
            onMore={() => void pages.fetchNextPage()}
            loadingMore={pages.isFetchingNextPage}
          />
          <ConfirmDialog
            open={confirm !== null}
            onOpenChange={(o) => !o && setConfirm(null)}
            title={confirm === 'book' ? T.book : T.cancel}
            message={confirm === 'book' ? T.bookQuestion(s.number) : T.cancelQuestion(s.number)}
            confirmLabel={confirm === 'book' ? T.book : UI.cancelAction}
            danger={confirm === 'cancel'}
            busy={act.isPending}
            onConfirm={() => confirm && act.mutate(confirm)}
          />
        </>
      )}
    </QueryView>
  );
}
