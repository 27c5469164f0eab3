import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowDown, ArrowUp, ArrowUpDown, Check, ImageOff, Pencil, RefreshCw, Sparkles, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PRODUCT_PAGE_SIZE } from '../../../shared/constants';
import {
  type CatalogProduct,
  EnrichAllResponse,
  EnrichResponse,
  Job,
  MISSING_FIELD_LABELS,
  type ProductFilter,
  ProductListResponse,
  type ProductSort,
} from '../../../shared/schemas/catalog';
import { apiGet, apiPost, errorMessage, qs } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { Badge, Card, EmptyState, ErrorBox, PageHeader, Spinner, table, scrollRegion } from '../../ui/misc';
import { pageItems } from './pagination';
import { ProductEditDialog } from './ProductEditDialog';
import { UI } from '../../../shared/i18n/ui';

/** Produktverwaltung (admin, part 2): completeness of master data for wave planning. */

const FILTERS: Array<{ value: ProductFilter; label: string }> = [
  { value: 'all', label: 'Alle' },
  { value: 'complete', label: UI.complete },
  { value: 'incomplete', label: UI.incomplete },
];
const de = (n: number, digits = 3) => n.toLocaleString('de-DE', { maximumFractionDigits: digits });
const JOB_KEY = 'lagerwerk-enrich-job';

export function ProductsScreen() {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<ProductFilter>('all');
  const [sort, setSort] = useState<ProductSort>('title');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<CatalogProduct | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [jobId, setJobId] = useState<number | null>(() => Number(localStorage.getItem(JOB_KEY)) || null);
  const [enrichingId, setEnrichingId] = useState<number | null>(null);

  const list = useQuery({
    queryKey: ['products', { filter, sort, dir, page }],
    queryFn: () => apiGet(`/products/${qs({ skip: (page - 1) * PRODUCT_PAGE_SIZE, limit: PRODUCT_PAGE_SIZE, filter, sort, dir })}`, ProductListResponse),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['products'] });

  const job = useQuery({
    queryKey: ['jobs', jobId],
    queryFn: () => apiGet(`/jobs/${jobId}`, Job),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'completed' || q.state.data.status === 'failed') ? false : 1000),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: react once per finished job answer; refresh is a new function each render
  useEffect(() => {
    const j = job.data;
    if (!j || (j.status !== 'completed' && j.status !== 'failed')) return;
    localStorage.removeItem(JOB_KEY);
    setJobId(null);
    if (j.status === 'failed') toast.error(j.error ?? UI.enrichProductsError);
    if (j.succeeded > 0) toast.success(`${j.succeeded} Produkte erfolgreich angereichert!`);
    if (j.failed > 0) toast.warning(`${j.failed} Produkte konnten nicht angereichert werden`);
    refresh();
  }, [job.data]);
  useEffect(() => {
    if (job.error) {
      localStorage.removeItem(JOB_KEY);
      setJobId(null);
    }
  }, [job.error]);

  const bulk = useMutation({
    mutationFn: () => apiPost('/products/enrich-all-from-keepa', undefined, EnrichAllResponse),
    onSuccess: (r) => {
      setConfirmBulk(false);
      if (r.job_id === null) return toast.info(r.message);
      localStorage.setItem(JOB_KEY, String(r.job_id));
      setJobId(r.job_id);
      toast.info(r.message);
    },
    onError: (e) => {
      setConfirmBulk(false);
      toast.error(errorMessage(e, UI.enrichProductsError));
    },
  });
  const enrichOne = async (p: CatalogProduct) => {
    setEnrichingId(p.id);
    try {
      const r = await apiPost(`/products/${p.id}/enrich-from-keepa`, undefined, EnrichResponse);
      if (r.success) {
        toast.success('Produktdaten aktualisiert!');
        for (const w of r.warnings) toast.warning(w);
      } else toast.warning(r.message || 'Keine Daten gefunden');
      refresh();
    } catch (e) {
      toast.error(errorMessage(e, 'Fehler beim Anreichern des Produkts'));
    } finally {
      setEnrichingId(null);
    }
  };
  const toggleSort = (s: ProductSort) => {
    if (s === sort) setDir((d) => (d === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(s);
      setDir('asc');
    }
    setPage(1);
  };

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / PRODUCT_PAGE_SIZE)) : 1;
  return (
    <div>
      <PageHeader
        title="Produktverwaltung"
        subtitle="Stammdaten, Verpackungseinheiten und Maße der Produkte"
        actions={
          <Button icon={<Sparkles className="h-4 w-4" />} onClick={() => setConfirmBulk(true)} disabled={jobId !== null}>
            Alle mit Keepa anreichern
          </Button>
        }
      />
      {list.error ? <ErrorBox>{errorMessage(list.error, 'Fehler beim Laden der Produkte')}</ErrorBox> : null}
      {data ? <Counters counts={data.counts} /> : null}
      {data && data.counts.incomplete > 0 ? (
        <div
          className="mb-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          role="status"
          data-testid="incomplete-banner"
        >
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <span>
            <strong>{data.counts.incomplete} Produkte sind unvollständig.</strong> Ohne Gewicht und Maße kann der Palettenbedarf nicht berechnet werden – diese
            Produkte können nicht für die intelligente Wellenplanung verwendet werden.
          </span>
        </div>
      ) : null}
      {jobId !== null ? <JobProgress job={job.data ?? null} /> : null}
      <div className="mb-3 flex gap-1 border-b border-slate-200" role="tablist" aria-label="Filter">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="tab"
            aria-selected={filter === f.value}
            onClick={() => {
              setFilter(f.value);
              setPage(1);
            }}
            className={`-mb-px min-h-10 border-b-2 px-4 py-2 text-sm font-medium ${filter === f.value ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {f.label}
            {data ? <span className="ml-1.5 text-xs text-slate-500">({f.value === 'all' ? data.counts.all : data.counts[f.value]})</span> : null}
          </button>
        ))}
      </div>
      {list.isLoading ? <Spinner /> : null}
      {data && data.items.length === 0 ? <EmptyState>Keine Produkte gefunden</EmptyState> : null}
      {data && data.items.length > 0 ? (
        <>
          <ProductTable items={data.items} sort={sort} dir={dir} onSort={toggleSort} onEdit={setEditing} onEnrich={enrichOne} enrichingId={enrichingId} />
          <Pagination page={page} totalPages={totalPages} total={data.total} onPage={setPage} />
        </>
      ) : null}
      {editing ? <ProductEditDialog product={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title="Alle Produkte mit Keepa anreichern?"
        message={
          <>
            Alle Produkte mit fehlenden Daten werden bei Keepa abgefragt. Das kann <strong>mehrere Minuten</strong> dauern und verbraucht{' '}
            <strong>Keepa-API-Guthaben</strong> (1 Token pro Produkt). Die Anreicherung läuft im Hintergrund weiter.
          </>
        }
        confirmLabel="Anreichern starten"
        busy={bulk.isPending}
        onConfirm={() => bulk.mutate()}
      />
    </div>
  );
}

function Counters({ counts }: { counts: ProductListResponse['counts'] }) {
  const items = [
    { label: UI.complete, value: counts.complete, tone: 'text-emerald-700' },
    { label: UI.incomplete, value: counts.incomplete, tone: 'text-amber-700' },
    { label: 'Gesamt', value: counts.all, tone: 'text-slate-900' },
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
        <span className="font-medium">Keepa-Anreicherung läuft…</span>
        <span className="tabular-nums text-slate-600">
          {job ? `${job.done} / ${job.total} · ${job.succeeded} angereichert · ${job.failed} fehlgeschlagen` : UI.starting}
        </span>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Fortschritt"
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
      </div>
      {job?.waiting_until ? (
        <p className="mt-1 text-xs text-amber-700">Keepa-Kontingent erschöpft – es geht um {new Date(job.waiting_until).toLocaleTimeString('de-DE')} weiter.</p>
      ) : null}
    </Card>
  );
}

function SortHeader({
  label,
  value,
  sort,
  dir,
  onSort,
  className = '',
}: {
  label: string;
  value: ProductSort;
  sort: ProductSort;
  dir: 'asc' | 'desc';
  onSort: (s: ProductSort) => void;
  className?: string;
}) {
  const active = sort === value;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th className={`${table.th} ${className}`} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-900" onClick={() => onSort(value)}>
        {label}
        <Icon className={`h-3.5 w-3.5 ${active ? 'text-brand-700' : 'opacity-50'}`} aria-hidden />
      </button>
    </th>
  );
}

// Rows carry a thumbnail: centre the cells vertically.
const td = table.td.replace('align-top', 'align-middle');
const Missing = () => <span className="font-semibold text-red-600">Fehlt!</span>;

export function ProductTable({
  items,
  sort,
  dir,
  onSort,
  onEdit,
  onEnrich,
  enrichingId,
}: {
  items: CatalogProduct[];
  sort: ProductSort;
  dir: 'asc' | 'desc';
  onSort: (s: ProductSort) => void;
  onEdit: (p: CatalogProduct) => void;
  onEnrich: (p: CatalogProduct) => void;
  enrichingId: number | null;
}) {
  return (
    <div className={table.wrap} {...scrollRegion('Produkte')}>
      <table className={table.table} data-testid="products-table">
        <thead>
          <tr>
            <SortHeader label="Produkt" value="title" sort={sort} dir={dir} onSort={onSort} />
            <SortHeader label="EAN" value="ean" sort={sort} dir={dir} onSort={onSort} />
            <SortHeader label="Gewicht" value="weight" sort={sort} dir={dir} onSort={onSort} className="text-right" />
            <th className={table.th}>Maße (L×B×H)</th>
            <th className={`${table.th} text-center`}>Bild</th>
            <th className={table.th}>Status</th>
            <th className={table.th}>
              <span className="sr-only">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((p) => (
            <tr key={p.id} className={table.tr} data-testid={`product-row-${p.ean}`}>
              <td className={td}>
                <div className="flex items-center gap-2">
                  {p.image_url ? (
                    <img src={p.image_url} alt="" className="h-9 w-9 shrink-0 rounded border border-slate-200 object-contain" loading="lazy" />
                  ) : (
                    <div className="flex h-9 w-9 shrink-0 items-center justify-center rounded border border-dashed border-slate-300 text-slate-400">
                      <ImageOff className="h-4 w-4" aria-hidden />
                    </div>
                  )}
                  <span className="line-clamp-2 font-medium">{p.title}</span>
                </div>
              </td>
              <td className={`${td} font-mono text-xs`}>{p.ean}</td>
              <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{p.weight_kg === null ? <Missing /> : `${de(p.weight_kg)} kg`}</td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>
                {p.length_cm === null || p.width_cm === null || p.height_cm === null ? (
                  <Missing />
                ) : (
                  `${de(p.length_cm, 1)} × ${de(p.width_cm, 1)} × ${de(p.height_cm, 1)} cm`
                )}
              </td>
              <td className={`${td} text-center`}>
                {p.image_url ? (
                  <Check className="mx-auto h-4 w-4 text-emerald-600" aria-label="Bild vorhanden" />
                ) : (
                  <X className="mx-auto h-4 w-4 text-slate-400" aria-label="Kein Bild" />
                )}
              </td>
              <td className={td}>
                <Badge tone={p.is_complete ? 'green' : 'amber'}>{p.is_complete ? UI.complete : UI.incomplete}</Badge>
                {p.missing.length > 0 ? (
                  <div className="mt-0.5 text-xs text-slate-500">Fehlt: {p.missing.map((m) => MISSING_FIELD_LABELS[m]).join(', ')}</div>
                ) : null}
              </td>
              <td className={`${td} whitespace-nowrap text-right`}>
                <Button size="sm" variant="ghost" icon={<Pencil className="h-4 w-4" />} onClick={() => onEdit(p)} aria-label={`${p.title} bearbeiten`}>
                  {UI.edit}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  busy={enrichingId === p.id}
                  icon={<RefreshCw className="h-4 w-4" />}
                  onClick={() => onEnrich(p)}
                  aria-label={`${p.title} mit Keepa aktualisieren`}
                >
                  Keepa
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pagination({
  page,
  totalPages,
  total,
  pageSize = PRODUCT_PAGE_SIZE,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  pageSize?: number;
  onPage: (p: number) => void;
}) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="Seiten">
      <span className="text-slate-600" data-testid="page-info">
        Zeige {from} bis {to} von {total} Produkten
      </span>
      <div className="flex items-center gap-1">
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Zurück
        </Button>
        {pageItems(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: up to two gaps, told apart by their place in the pager
            <span key={`gap-${i}`} className="px-1 text-slate-500">
              …
            </span>
          ) : (
            <Button key={p} size="sm" variant={p === page ? 'primary' : 'secondary'} aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
              {p}
            </Button>
          ),
        )}
        <Button size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Weiter
        </Button>
      </div>
    </nav>
  );
}
