import { ClipboardCheck } from 'lucide-react';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { STOCKTAKE_COUNT_UI } from '../../../shared/i18n/stocktake-count';
import { texts } from '../../../shared/i18n/translate';
import { Badge } from '../../ui/misc';
import type { CountingStocktake, PlaceCount } from './count-device';

/** Display-only parts of "Inventur zählen" (StocktakeCountView). */

/** Display only: the counting stocktakes to choose from. */
export function Choose({ stocktakes, onChoose }: { stocktakes: CountingStocktake[]; onChoose: (id: number) => void }) {
  const T = texts(STOCKTAKE_COUNT_UI);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{T.chooseHint}</legend>
      {stocktakes.map((s) => (
        <button
          key={s.id}
          type="button"
          onClick={() => onChoose(s.id)}
          data-testid={`count-stocktake-${s.number}`}
          className="flex min-h-14 items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-left hover:border-brand-500"
        >
          <ClipboardCheck className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-slate-900">{s.number}</span>
            <span className="block truncate text-sm text-slate-600">{s.name}</span>
          </span>
          <span className="shrink-0 text-xs text-slate-600">{T.placesDone(s.done, s.places)}</span>
        </button>
      ))}
    </fieldset>
  );
}

/** Display only: the stocktake being counted, its progress and the places still open. */
export function Current({ stocktake }: { stocktake: CountingStocktake }) {
  const more = stocktake.places - stocktake.done - stocktake.open.length;
  const T = texts(STOCKTAKE_COUNT_UI);
  return (
    <div className="mb-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm" data-testid="count-stocktake">
      <div className="flex items-center gap-2">
        <ClipboardCheck className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
        <span className="font-semibold">{stocktake.number}</span>
        <span className="min-w-0 flex-1 truncate text-slate-600">{stocktake.name}</span>
        <span className="shrink-0 text-xs text-slate-600" data-testid="count-progress">
          {T.placesDone(stocktake.done, stocktake.places)}
        </span>
      </div>
      {stocktake.open.length > 0 ? <p className="mt-1 text-xs text-slate-600">{T.stillOpen(stocktake.open.join(', '), more)}</p> : null}
    </div>
  );
}

/** Display only: what this person counted at the place so far. */
export function Counted({ counts }: { counts: PlaceCount[] }) {
  const T = texts(STOCKTAKE_COUNT_UI);
  return (
    <section className="mt-3" aria-label={T.countedHere} data-testid="count-list">
      <h2 className="mb-1 text-sm font-semibold text-slate-700">{T.countedHere}</h2>
      {counts.length === 0 ? <p className="text-sm text-slate-600">{T.nothingCounted}</p> : null}
      <ul hidden={counts.length === 0} className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
        {counts.map((c) => (
          <li key={`${c.ean}-${c.customer_id}-${c.batch_number}`} className="flex items-center gap-2 px-3 py-2 text-sm" data-testid="count-line">
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{c.title}</span>
              <span className="block text-xs text-slate-500">
                {c.ean}
                {c.batch_number ? ` · ${T.batchLabel} ${c.batch_number}` : ''}
              </span>
            </span>
            <span className="font-bold" data-testid="count-line-qty">
              {c.counted}
            </span>
            {c.pending ? <Badge tone="amber">{texts(STOCK_TEXTS).local}</Badge> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
