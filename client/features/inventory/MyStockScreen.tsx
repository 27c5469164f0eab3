import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Package, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatNumber } from '../../../shared/i18n/format';
import { isStaff } from '../../../shared/domain/roles';
import { type MyStockItem, MyStockList } from '../../../shared/schemas/inventory';
import { apiGet, errorMessage, qs } from '../../app/api';
import { useSession } from '../../app/auth';
import { Input } from '../../ui/Field';
import { Badge, Card, EmptyState, PageHeader, Spinner } from '../../ui/misc';
import { unitLabel, visibleVeUnits } from './MovementTypeLabel';
import { useCustomerOptions } from './useCustomerOptions';
import { CustomerFilterSelect } from './CustomerFilterSelect';
import { blockedTone } from './blocked';
import { INVENTORY_UI as T } from '../../../shared/i18n/inventory';
import { UI } from '../../../shared/i18n/ui';

/** Mein Bestand: the customer's own stock (staff may pick a customer). */

const VE_LABELS = { box: 'Karton', pallet: 'Palette' } as const;

function StockRow({ item }: { item: MyStockItem }) {
  const [open, setOpen] = useState(false);
  const veUnits = visibleVeUnits(item.ve_summary);
  return (
    <Card className="p-3" data-testid={`my-stock-${item.ean}`}>
      <div className="flex items-start gap-3">
        {item.image_url ? (
          <img src={item.image_url} alt="" className="h-14 w-14 shrink-0 rounded object-cover" />
        ) : (
          <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded bg-slate-100">
            <Package className="h-6 w-6 text-slate-400" aria-hidden />
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="font-semibold text-slate-900">{item.title}</div>
          <div className="text-xs text-slate-500">{T.eanAndBaseUnit(item.ean, unitLabel(item.base_unit))}</div>
          {item.description ? <div className="mt-0.5 line-clamp-2 text-sm text-slate-600">{item.description}</div> : null}
          {veUnits.length > 0 ? (
            <div className="mt-1 flex flex-wrap gap-1" data-testid="ve-summary">
              {veUnits.map((u) => (
                <Badge key={u.type} tone="purple">
                  {T.veSummary(u.total_quantity, VE_LABELS[u.type], u.pieces_per_unit)}
                </Badge>
              ))}
            </div>
          ) : null}
        </div>
        <dl className="grid shrink-0 grid-cols-[auto_auto] gap-x-2 text-right text-sm">
          <dt className="text-slate-500">{T.available}</dt>
          <dd className="font-semibold" data-testid="my-stock-available">
            {formatNumber(item.available_quantity)}
          </dd>
          <dt className="text-slate-500">{T.reserved}</dt>
          <dd>{formatNumber(item.reserved_quantity)}</dd>
          {item.blocked_quantity > 0 ? (
            <>
              <dt className="text-slate-500">{T.blocked}</dt>
              <dd className={blockedTone(item.blocked_quantity)} data-testid="my-stock-blocked">
                {formatNumber(item.blocked_quantity)}
              </dd>
            </>
          ) : null}
          <dt className="text-slate-500">{T.total}</dt>
          <dd data-testid="my-stock-total">{formatNumber(item.total_quantity)}</dd>
        </dl>
      </div>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="mt-2 inline-flex min-h-10 items-center gap-1 text-sm font-medium text-brand-700"
      >
        {open ? <ChevronDown className="h-4 w-4" /> : <ChevronRight className="h-4 w-4" />}
        {T.locationCount(item.location_count)}
      </button>
      {open ? (
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {item.locations.map((l) => (
            <li key={l.location_id} className="flex justify-between gap-2 py-1">
              <span>
                {l.location_path}
                {l.location_name ? <span className="text-slate-500"> · {l.location_name}</span> : null}
                {l.notes ? <span className="text-slate-500"> · {l.notes}</span> : null}
              </span>
              <span className="font-medium">
                {l.blocked_quantity > 0 ? (
                  <span className={`mr-2 text-xs ${blockedTone(l.blocked_quantity)}`}>{T.blockedPart(formatNumber(l.blocked_quantity))}</span>
                ) : null}
                {formatNumber(l.quantity)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

export function MyStockView({ items, search }: { items: MyStockItem[]; search: string }) {
  const term = search.trim().toLowerCase();
  const rows = useMemo(
    () =>
      items.filter(
        (i) => !term || i.title.toLowerCase().includes(term) || i.ean.toLowerCase().includes(term) || (i.description ?? '').toLowerCase().includes(term),
      ),
    [items, term],
  );
  if (items.length === 0) return <EmptyState>{T.noStock}</EmptyState>;
  if (rows.length === 0) return <EmptyState>{T.noProducts}</EmptyState>;
  return (
    <div className="flex flex-col gap-2">
      {rows.map((i) => (
        <StockRow key={i.product_id} item={i} />
      ))}
    </div>
  );
}

export function MyStockScreen() {
  const { user } = useSession();
  const staff = user ? isStaff(user) : false;
  const [customerId, setCustomerId] = useState('');
  const [search, setSearch] = useState('');
  const customers = useCustomerOptions(staff);
  const q = useQuery({
    queryKey: ['my-stock', customerId],
    queryFn: () => apiGet(`/inventory/my-stock${qs({ customer_id: customerId || undefined })}`, MyStockList),
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
        <MyStockView items={q.data ?? []} search={search} />
      )}
    </div>
  );
}
