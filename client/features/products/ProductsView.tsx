import { AlertTriangle, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { PRODUCT_PAGE_SIZE } from '../../../shared/constants';
import { PRODUCT_UI as T } from '../../../shared/i18n/products';
import { PAGER, UI } from '../../../shared/i18n/ui';
import type { CatalogProduct, Job, ProductFilter, ProductListResponse, ProductSort } from '../../../shared/schemas/catalog';
import { errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { Card, EmptyState, ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { Pager } from '../../ui/Pager';

import { ProductTable } from './ProductTable';

/** Produktverwaltung as shown: counters, filter tabs, the table and the pager (ProductsScreen loads the data). */

const FILTERS: Array<{ value: ProductFilter; label: string }> = [
  { value: 'all', label: T.filterAll },
  { value: 'complete', label: UI.complete },
  { value: 'incomplete', label: UI.incomplete },
];

export interface ProductsViewProps {
  data: ProductListResponse | undefined;
  error: unknown;
  isLoading: boolean;
  filter: ProductFilter;
  onFilter: (f: ProductFilter) => void;
  sort: ProductSort;
  dir: 'asc' | 'desc';
  onSort: (s: ProductSort) => void;
  page: number;
  onPage: (p: number) => void;
  /** A Keepa bulk job is running (its latest state in `job`, null before the first answer). */
  jobRunning: boolean;
  job: Job | null;
  onEnrichAll: () => void;
  onEdit: (p: CatalogProduct) => void;
  onEnrich: (p: CatalogProduct) => void;
  enrichingId: number | null;
  /** The dialogs of the loading screen. */
  children?: ReactNode;
}

export function ProductsView({
  data,
  error,
  isLoading,
  filter,
  onFilter,
  sort,
  dir,
  onSort,
  page,
  onPage,
  jobRunning,
  job,
  onEnrichAll,
  onEdit,
  onEnrich,
  enrichingId,
  children,
}: ProductsViewProps) {
  const totalPages = data ? Math.max(1, Math.ceil(data.total / PRODUCT_PAGE_SIZE)) : 1;
  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Button icon={<Sparkles className="h-4 w-4" />} onClick={onEnrichAll} disabled={jobRunning}>
            {T.enrichAll}
          </Button>
        }
      />
      {error ? <ErrorBox>{errorMessage(error, T.loadError)}</ErrorBox> : null}
      {data ? <Counters counts={data.counts} /> : null}
      {data && data.counts.incomplete > 0 ? (
        <div
          className="mb-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          role="status"
          data-testid="incomplete-banner"
        >
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <span>
            <strong>{T.incompleteCount(data.counts.incomplete)}</strong> {T.incompleteHint}
          </span>
        </div>
      ) : null}
      {jobRunning ? <JobProgress job={job} /> : null}
      <div className="mb-3 flex gap-1 border-b border-slate-200" role="tablist" aria-label={T.filterLabel}>
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="tab"
            aria-selected={filter === f.value}
            onClick={() => onFilter(f.value)}
            className={`-mb-px min-h-10 border-b-2 px-4 py-2 text-sm font-medium ${filter === f.value ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {f.label}
            {data ? <span className="ml-1.5 text-xs text-slate-500">({f.value === 'all' ? data.counts.all : data.counts[f.value]})</span> : null}
          </button>
        ))}
      </div>
      {isLoading ? <Spinner /> : null}
      {data && data.items.length === 0 ? <EmptyState>{T.noProducts}</EmptyState> : null}
      {data && data.items.length > 0 ? (
        <>
          <ProductTable items={data.items} sort={sort} dir={dir} onSort={onSort} onEdit={onEdit} onEnrich={onEnrich} enrichingId={enrichingId} />
          <Pager page={page} totalPages={totalPages} total={data.total} pageSize={PRODUCT_PAGE_SIZE} items={PAGER.products} onPage={onPage} />
        </>
      ) : null}
      {children}
    </div>
  );
}

function Counters({ counts }: { counts: ProductListResponse['counts'] }) {
  const items = [
    { label: UI.complete, value: counts.complete, tone: 'text-emerald-700' },
    { label: UI.incomplete, value: counts.incomplete, tone: 'text-amber-700' },
    { label: T.total, value: counts.all, tone: 'text-slate-900' },
  ];
  return (
    <div className="mb-4 grid grid-cols-3 gap-3">
      {items.map((i) => (
        <Card key={i.label} className="px-4 py-3" data-testid={`counter-${i.label}`}>
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{i.label}</div>
          <div className={`text-2xl font-bold tabular-nums ${i.tone}`}>{i.value.toLocaleString('de-DE')}</div>
        </Card>
      ))}
    </div>
  );
}

export function JobProgress({ job }: { job: Job | null }) {
  const pct = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <Card className="mb-4 px-4 py-3" data-testid="enrich-progress">
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium">{T.enrichRunning}</span>
        <span className="tabular-nums text-slate-600">{job ? T.enrichProgress(job.done, job.total, job.succeeded, job.failed) : UI.starting}</span>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={T.progress}
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
      </div>
      {job?.waiting_until ? <p className="mt-1 text-xs text-amber-700">{T.keepaQuotaWait(new Date(job.waiting_until).toLocaleTimeString('de-DE'))}</p> : null}
    </Card>
  );
}
