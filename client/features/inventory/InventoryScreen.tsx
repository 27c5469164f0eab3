import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronDown, ChevronRight, Search } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import { INVENTORY_PAGE_SIZE } from '../../../shared/constants';
import { formatDateTime, formatNumber } from '../../../shared/i18n/format';
import { InventoryOverview, type ProductSummary, type RecentMovement } from '../../../shared/schemas/inventory';
import { apiGet, errorMessage, qs } from '../../app/api';
import { Input } from '../../ui/Field';
import { Card, EmptyState, PageHeader, Spinner, scrollRegion, table } from '../../ui/misc';
import { movementTypeLabel } from './MovementTypeLabel';
import { blockedTone } from './blocked';
import { type After, type OverviewAt, overviewPageAt, SEARCH_DELAY_MS } from './overviewPaging';
import { useCustomerOptions } from './useCustomerOptions';
import { CustomerFilterSelect } from './CustomerFilterSelect';
import { INVENTORY_UI as T } from '../../../shared/i18n/inventory';
import { PAGER, UI } from '../../../shared/i18n/ui';
import { Pager } from '../../ui/Pager';

/** Bestandsübersicht (staff): /inventory and /warehouse/inventory. One page of product rows; the server searches and pages. */

function Movements({ rows }: { rows: RecentMovement[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">{T.noMovements}</p>;
  return (
    <ul className="text-sm">
      {rows.map((m) => (
        <li key={m.id} className="flex flex-wrap gap-x-3 border-b border-slate-100 py-1 last:border-0">
          <span className="w-32 text-slate-500">{formatDateTime(m.created_at)}</span>
          <span className="w-28">{movementTypeLabel(m.movement_type)}</span>
          <span className={`w-16 text-right font-medium ${m.quantity > 0 ? 'text-emerald-700' : 'text-red-700'}`}>
            {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
          </span>
          <span className="text-slate-600">{m.location_path ?? '–'}</span>
          {m.username ? <span className="text-slate-500">{m.username}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function InventoryOverviewView({ data, searching, onPage }: { data: InventoryOverview; searching: boolean; onPage: (page: number) => void }) {
  const [open, setOpen] = useState<string | null>(null);
  const rows: ProductSummary[] = data.product_summary;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Card className="p-4">
          <div className="text-sm text-slate-500">{T.products}</div>
          <div className="text-2xl font-bold" data-testid="overview-products">
            {formatNumber(data.total_unique_products)}
          </div>
        </Card>
        <Card className="p-4">
          <div className="text-sm text-slate-500">{T.itemsTotal}</div>
          <div className="text-2xl font-bold" data-testid="overview-items">
            {formatNumber(data.total_items)}
          </div>
        </Card>
      </div>
      {data.total_unique_products === 0 ? (
        <EmptyState>{T.noStock}</EmptyState>
      ) : rows.length === 0 && searching ? (
        <EmptyState>{T.noProducts}</EmptyState>
      ) : (
        <div className={table.wrap} {...scrollRegion(T.stockRegion)}>
          <table className={table.table}>
            <thead>
              <tr>
                <th className={table.th} aria-label={T.expand} />
                <th className={table.th}>{T.product}</th>
                <th className={table.th}>{T.ean}</th>
                <th className={table.th}>{T.customer}</th>
                <th className={`${table.th} text-right`}>{T.available}</th>
                <th className={`${table.th} text-right`}>{T.reserved}</th>
                <th className={`${table.th} text-right`}>{T.blocked}</th>
                <th className={`${table.th} text-right`}>{T.total}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((p) => {
                const key = `${p.product_id}:${p.customer_id}`;
                const expanded = open === key;
                return (
                  <Fragment key={key}>
                    <tr className={table.tr} data-testid="overview-row">
                      <td className={table.td}>
                        <button
                          type="button"
                          className="rounded p-1 hover:bg-slate-200"
                          aria-label={expanded ? T.collapse : T.showLocations}
                          aria-expanded={expanded}
                          onClick={() => setOpen(expanded ? null : key)}
                        >
                          {expanded ? <ChevronDown className="h-4 w-4" /> : <ChevronRight className="h-4 w-4" />}
                        </button>
                      </td>
                      <td className={table.td}>
                        <Link
                          to="/warehouse/products/$productId"
                          params={{ productId: String(p.product_id) }}
                          className="font-medium text-brand-700 hover:underline"
                        >
                          {p.title}
                        </Link>
                      </td>
                      <td className={`${table.td} font-mono text-xs`}>{p.ean}</td>
                      <td className={table.td}>{p.customer_name}</td>
                      <td className={`${table.td} text-right font-semibold`}>{formatNumber(p.available_quantity)}</td>
                      <td className={`${table.td} text-right`}>{formatNumber(p.reserved_quantity)}</td>
                      <td className={`${table.td} text-right ${blockedTone(p.blocked_quantity)}`} data-testid="overview-blocked">
                        {formatNumber(p.blocked_quantity)}
                      </td>
                      <td className={`${table.td} text-right`}>{formatNumber(p.total_quantity)}</td>
                    </tr>
                    {expanded ? (
                      <tr>
                        <td colSpan={8} className="bg-slate-50 px-4 py-3">
                          <div className="grid gap-4 lg:grid-cols-2">
                            <div>
                              <h3 className="mb-1 text-sm font-semibold">{T.locationsCount(p.locations.length)}</h3>
                              <table className="min-w-full text-sm">
                                <thead>
                                  <tr className="text-left text-xs text-slate-500">
                                    <th className="pr-2">{T.place}</th>
                                    <th className="pr-2">{T.name}</th>
                                    <th className="pr-2 text-right">{T.quantity}</th>
                                    <th className="pr-2 text-right">{T.available}</th>
                                    <th className="pr-2 text-right">{T.reserved}</th>
                                    <th className="pr-2 text-right">{T.blocked}</th>
                                    <th>{T.notes}</th>
                                  </tr>
                                </thead>
                                <tbody>
                                  {p.locations.map((l) => (
                                    <tr key={l.location_id}>
                                      <td className="pr-2">{l.location_path}</td>
                                      <td className="pr-2">{l.location_name ?? '–'}</td>
                                      <td className="pr-2 text-right">{l.quantity}</td>
                                      <td className="pr-2 text-right">{l.available_quantity}</td>
                                      <td className="pr-2 text-right">{l.reserved_quantity}</td>
                                      <td className={`pr-2 text-right ${blockedTone(l.blocked_quantity)}`}>{l.blocked_quantity}</td>
                                      <td className="text-slate-600">{l.notes ?? '–'}</td>
                                    </tr>
                                  ))}
                                </tbody>
                              </table>
                            </div>
                            <div>
                              <h3 className="mb-1 text-sm font-semibold">{T.recentMovements}</h3>
                              <Movements rows={p.recent_movements} />
                            </div>
                          </div>
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
          <Pager page={data.page} totalPages={data.total_pages} total={data.total} pageSize={data.page_size} items={PAGER.products} onPage={onPage} />
        </div>
      )}
      <Card className="p-4">
        <h2 className="mb-2 font-semibold">{T.recentMovements}</h2>
        <Movements rows={data.recent_movements} />
      </Card>
    </div>
  );
}

export function InventoryScreen() {
  const [customerId, setCustomerId] = useState('');
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  // Pages by keyset where it can (overviewPaging.ts): the next page, and pages reached that way.
  const [at, setAt] = useState<OverviewAt>({ page: 1 });
  const [starts, setStarts] = useState<Record<number, After>>({});
  const customers = useCustomerOptions();
  useEffect(() => {
    const t = setTimeout(() => setTerm(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [search]);
  // A new filter or search starts at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on a change of either
  useEffect(() => {
    setAt({ page: 1 });
    setStarts({});
  }, [customerId, term]);
  const q = useQuery({
    queryKey: ['inventory-overview', customerId, term, at.page, at.after?.product_id, at.after?.customer_id],
    queryFn: () =>
      apiGet(
        `/dashboard/inventory-overview${qs({
          customer_id: customerId || undefined,
          search: term || undefined,
          page: at.page,
          page_size: INVENTORY_PAGE_SIZE,
          after_product_id: at.after?.product_id,
          after_customer_id: at.after?.customer_id,
        })}`,
        InventoryOverview,
      ),
    placeholderData: keepPreviousData,
  });
  const onPage = (page: number) => {
    const next = overviewPageAt(q.data, page, starts);
    setStarts(next.starts);
    setAt(next.at);
  };
  return (
    <div>
      <PageHeader title={T.overviewTitle} subtitle={T.overviewSubtitle} />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            aria-label={T.search}
            placeholder={T.overviewSearch}
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="overview-search"
          />
        </div>
        <CustomerFilterSelect customers={customers} value={customerId} onChange={setCustomerId} label={T.customer} testId="overview-customer" />
      </div>
      {q.isLoading ? (
        <Spinner />
      ) : q.error ? (
        <p className="text-red-700">{errorMessage(q.error, UI.loadStockError)}</p>
      ) : q.data ? (
        <InventoryOverviewView data={q.data} searching={term !== ''} onPage={onPage} />
      ) : null}
    </div>
  );
}
