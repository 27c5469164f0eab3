import { ChevronDown, ChevronRight, Package } from 'lucide-react';
import { useState } from 'react';
import { formatNumber } from '../../../shared/i18n/format';
import { INVENTORY_UI as T } from '../../../shared/i18n/inventory';
import type { MyStockItem, MyStockPage, MyStockTotals } from '../../../shared/schemas/inventory';
import { Button } from '../../ui/Button';
import { Badge, Card, EmptyState } from '../../ui/misc';
import { blockedTone } from './blocked';
import { unitLabel, visibleVeUnits } from './MovementTypeLabel';

/** Mein Bestand, the showing part: the scope's sums, the products loaded so far, "Mehr laden". */

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

function Totals({ totals }: { totals: MyStockTotals }) {
  const figures = [
    { label: T.products, value: totals.products, id: 'products' },
    { label: T.itemsTotal, value: totals.total_quantity, id: 'total' },
    { label: T.available, value: totals.available_quantity, id: 'available' },
    { label: T.reserved, value: totals.reserved_quantity, id: 'reserved' },
    ...(totals.blocked_quantity > 0 ? [{ label: T.blocked, value: totals.blocked_quantity, id: 'blocked' }] : []),
  ];
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
      {figures.map((f) => (
        <Card key={f.id} className="p-3">
          <div className="text-sm text-slate-500">{f.label}</div>
          <div className="text-xl font-bold" data-testid={`my-stock-sum-${f.id}`}>
            {formatNumber(f.value)}
          </div>
        </Card>
      ))}
    </div>
  );
}

/** The pages loaded so far (the first one carries the sums); `onMore` loads the next. */
export function MyStockView({ pages, searching, onMore, loadingMore }: { pages: MyStockPage[]; searching: boolean; onMore: () => void; loadingMore: boolean }) {
  const first = pages[0];
  const items = pages.flatMap((p) => p.items);
  const last = pages[pages.length - 1];
  return (
    <>
      {first ? <Totals totals={first.totals} /> : null}
      {!first || first.totals.products === 0 ? (
        <EmptyState>{T.noStock}</EmptyState>
      ) : items.length === 0 && searching ? (
        <EmptyState>{T.noProducts}</EmptyState>
      ) : (
        <div className="flex flex-col gap-2">
          {items.map((i) => (
            <StockRow key={i.product_id} item={i} />
          ))}
          <div className="mt-2 flex flex-col items-center gap-2 text-sm text-slate-500">
            <span data-testid="my-stock-shown">{T.shownOf(items.length, last.total)}</span>
            {last.has_more ? (
              <Button variant="secondary" onClick={onMore} busy={loadingMore} data-testid="my-stock-more">
                {T.loadMore}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </>
  );
}
