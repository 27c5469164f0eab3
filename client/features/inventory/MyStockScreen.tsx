import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MY_STOCK_PAGE_SIZE } from '../../../shared/constants';
import { isStaff } from '../../../shared/domain/roles';
import { INVENTORY_UI as T } from '../../../shared/i18n/inventory';
import { UI } from '../../../shared/i18n/ui';
import { MyStockPage } from '../../../shared/schemas/inventory';
import { apiGet, errorMessage, qs } from '../../app/api';
import { useSession } from '../../app/auth';
import { Input } from '../../ui/Field';
import { PageHeader, Spinner } from '../../ui/misc';
import { CustomerFilterSelect } from './CustomerFilterSelect';
import { MyStockView } from './MyStockView';
import { SEARCH_DELAY_MS } from './overviewPaging';
import { useCustomerOptions } from './useCustomerOptions';

/**
 * Mein Bestand: the customer's own stock (staff may pick a customer), the loading part. Pages of
 * products from the server (docs/operations.md "Stock views"), the next one after the last product
 * shown; the server searches.
 */
export function MyStockScreen() {
  const { user } = useSession();
  const staff = user ? isStaff(user) : false;
  const [customerId, setCustomerId] = useState('');
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const customers = useCustomerOptions(staff);
  useEffect(() => {
    const t = setTimeout(() => setTerm(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [search]);
  const q = useInfiniteQuery({
    queryKey: ['my-stock', 'pages', customerId, term],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      apiGet(
        `/inventory/my-stock${qs({ customer_id: customerId || undefined, search: term || undefined, limit: MY_STOCK_PAGE_SIZE, after_product_id: pageParam })}`,
        MyStockPage,
      ),
    getNextPageParam: (last) => (last.has_more ? last.items.at(-1)?.product_id : undefined),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader title={T.myStockTitle} subtitle={T.myStockSubtitle} />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input aria-label={T.search} placeholder={T.myStockSearch} className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {staff ? <CustomerFilterSelect customers={customers} value={customerId} onChange={setCustomerId} label={T.customer} /> : null}
      </div>
      {q.isLoading ? (
        <Spinner />
      ) : q.error ? (
        <p className="text-red-700">{errorMessage(q.error, UI.loadStockError)}</p>
      ) : (
        <MyStockView pages={q.data?.pages ?? []} searching={term !== ''} onMore={() => void q.fetchNextPage()} loadingMore={q.isFetchingNextPage} />
      )}
    </div>
  );
}
