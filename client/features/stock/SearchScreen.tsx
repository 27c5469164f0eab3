import { useMutation } from '@tanstack/react-query';
import { Search, WifiOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SEARCH_LIMIT } from '../../../shared/constants';
import { formatDate, formatNumber } from '../../../shared/i18n/format';
import { InventorySearchResponse, type StockEntry } from '../../../shared/schemas/stock';
import { apiPost, errorMessage } from '../../app/api';
import { useOnline } from '../../app/useOnline';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { Card, EmptyState, ErrorBox, PageHeader } from '../../ui/misc';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

/** Display only: one search hit as a card (readable at 360 px). */
export function SearchResultCard({ r }: { r: StockEntry }) {
  const T = texts(STOCK_TEXTS);
  return (
    <Card className="p-3" data-testid="search-result">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="font-semibold text-slate-900">{r.product_title}</div>
          <div className="text-xs text-slate-500">{T.eanLine(r.product_ean)}</div>
        </div>
        <div className="text-right">
          <div className="text-lg font-bold">{formatNumber(r.available_quantity)}</div>
          <div className="text-xs text-slate-500">{T.available}</div>
        </div>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-slate-700">
        <span className="col-span-2 truncate">📍 {r.location_path}</span>
        <span>{T.hitStock(formatNumber(r.quantity))}</span>
        <span>{T.hitReserved(formatNumber(r.reserved_quantity))}</span>
        <span className="col-span-2 truncate">{T.hitCustomer(r.customer_name)}</span>
        {r.batch_number ? <span>{T.hitBatch(r.batch_number)}</span> : null}
        {r.expiry_date ? <span>{T.hitExpiry(formatDate(r.expiry_date))}</span> : null}
      </div>
    </Card>
  );
}

/** Suche (/search): free text over EAN, title and location code; online only (POST /inventory/search). */
export function SearchScreen() {
  const T = texts(STOCK_TEXTS);
  const online = useOnline();
  const [query, setQuery] = useState('');
  const search = useMutation({
    mutationFn: (q: string) => apiPost('/inventory/search', { query: q, limit: SEARCH_LIMIT }, InventorySearchResponse),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    if (q) search.mutate(q);
  };
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={T.searchTitle} subtitle={T.searchSubtitle} />
      <form onSubmit={submit} className="mb-4 flex gap-2" role="search">
        <Input
          big
          autoFocus
          aria-label={T.searchTerm}
          data-testid="search-input"
          placeholder={T.searchTerm}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          disabled={!online}
        />
        <Button type="submit" size="lg" busy={search.isPending} disabled={!online || !query.trim()} icon={<Search className="h-5 w-5" />}>
          {T.search}
        </Button>
      </form>
      {!online ? (
        <EmptyState icon={<WifiOff className="h-8 w-8" aria-hidden />}>
          <span data-testid="search-offline">{T.offlineSearch}</span>
        </EmptyState>
      ) : search.isError ? (
        <ErrorBox>{errorMessage(search.error, T.searchError)}</ErrorBox>
      ) : search.data ? (
        search.data.length === 0 ? (
          <EmptyState>{T.noHits(search.variables ?? '')}</EmptyState>
        ) : (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-slate-600">{T.hits(search.data.length)}</p>
            {search.data.map((r) => (
              <SearchResultCard key={r.stock_id} r={r} />
            ))}
          </div>
        )
      ) : null}
    </div>
  );
}
