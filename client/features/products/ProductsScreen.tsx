import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PRODUCT_PAGE_SIZE } from '../../../shared/constants';
import { UI } from '../../../shared/i18n/ui';
import {
  type CatalogProduct,
  EnrichAllResponse,
  EnrichResponse,
  Job,
  type ProductFilter,
  ProductListResponse,
  type ProductSort,
} from '../../../shared/schemas/catalog';
import { apiGet, apiPost, errorMessage, qs } from '../../app/api';
import { toast } from '../../app/toast';
import { ConfirmDialog } from '../../ui/Dialog';
import { ProductEditDialog } from './ProductEditDialog';
import { ProductsView } from './ProductsView';
import { PRODUCT_UI as P } from '../../../shared/i18n/products';

/** Produktverwaltung (admin, part 2): completeness of master data for wave planning. Loads and commands; ProductsView shows. */

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
    if (j.succeeded > 0) toast.success(P.enrichedMany(j.succeeded));
    if (j.failed > 0) toast.warning(P.enrichFailedMany(j.failed));
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
        toast.success(P.enrichedOne);
        for (const w of r.warnings) toast.warning(w);
      } else toast.warning(r.message || P.noDataFound);
      refresh();
    } catch (e) {
      toast.error(errorMessage(e, P.enrichOneError));
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
  return (
    <ProductsView
      data={list.data}
      error={list.error}
      isLoading={list.isLoading}
      filter={filter}
      onFilter={(f) => {
        setFilter(f);
        setPage(1);
      }}
      sort={sort}
      dir={dir}
      onSort={toggleSort}
      page={page}
      onPage={setPage}
      jobRunning={jobId !== null}
      job={job.data ?? null}
      onEnrichAll={() => setConfirmBulk(true)}
      onEdit={setEditing}
      onEnrich={enrichOne}
      enrichingId={enrichingId}
    >
      {editing ? <ProductEditDialog product={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title={P.enrichAllTitle}
        message={
          <>
            {P.enrichAllText} <strong>{P.enrichAllDuration}</strong> {P.enrichAllCosts} <strong>{P.enrichAllCredit}</strong> {P.enrichAllRest}
          </>
        }
        confirmLabel={P.enrichAllStart}
        busy={bulk.isPending}
        onConfirm={() => bulk.mutate()}
      />
    </ProductsView>
  );
}
