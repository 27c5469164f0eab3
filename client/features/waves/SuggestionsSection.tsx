import { Ban, RefreshCw, Sparkles } from 'lucide-react';
import { formatNumber } from '../../../shared/i18n/format';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import type { SuggestResponse, WaveSuggestion } from '../../../shared/schemas/wave-planning';
import { Button } from '../../ui/Button';
import { EmptyState, ErrorBox } from '../../ui/misc';
import { OrderLink } from './OrderLink';
import type { MapRack } from './RouteMap';
import { SuggestionCard } from './SuggestionCard';

/** "Intelligente Vorschläge" (display only): the compute button, the server's message, unpickable orders and the cards. */
export function SuggestionsSection({
  result,
  computing,
  error,
  racks,
  planError,
  creatingIndex,
  onCompute,
  onCreate,
  onOpenOrder,
}: {
  result: SuggestResponse | undefined;
  computing: boolean;
  error: string | null;
  racks: readonly MapRack[];
  planError: string | null;
  creatingIndex: number | null;
  onCompute: () => void;
  onCreate: (s: WaveSuggestion, index: number) => void;
  onOpenOrder: (id: number) => void;
}) {
  return (
    <section aria-labelledby="wave-suggestions-title" className="flex flex-col gap-3" data-testid="wave-suggestions">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="wave-suggestions-title" className="text-lg font-semibold text-slate-900">
            {WAVE_UI.suggestionsTitle}
          </h2>
          <p className="text-sm text-slate-600">{WAVE_UI.suggestionsHint}</p>
        </div>
        <Button
          size="lg"
          className="w-full sm:w-auto"
          busy={computing}
          icon={result ? <RefreshCw className="h-5 w-5" /> : <Sparkles className="h-5 w-5" />}
          onClick={onCompute}
          data-testid="suggest-compute"
        >
          {result ? WAVE_UI.recompute : WAVE_UI.compute}
        </Button>
      </div>
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      {result ? (
        <>
          <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900" role="status" data-testid="suggest-message">
            {result.message}
          </p>
          {planError ? <p className="text-xs text-slate-500">{planError}</p> : null}
          {result.unpickable_info.length > 0 ? <Unpickable info={result.unpickable_info} onOpenOrder={onOpenOrder} /> : null}
          {result.suggestions.length === 0 ? (
            <EmptyState>{WAVE_UI.noSuggestions}</EmptyState>
          ) : (
            <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
              {result.suggestions.map((s, i) => (
                <li key={s.order_ids.join('-')}>
                  <SuggestionCard suggestion={s} index={i} racks={racks} busy={creatingIndex === i} onCreate={() => onCreate(s, i)} onOpenOrder={onOpenOrder} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}

function Unpickable({ info, onOpenOrder }: { info: SuggestResponse['unpickable_info']; onOpenOrder: (id: number) => void }) {
  return (
    <div className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" role="alert" data-testid="suggest-unpickable">
      <div className="flex items-center gap-2 font-semibold">
        <Ban className="h-4 w-4 shrink-0" aria-hidden /> {WAVE_UI.unpickableTitle}
      </div>
      <p className="mt-1">{WAVE_UI.unpickableHint}</p>
      <ul className="mt-2 flex flex-col gap-2">
        {info.map((u) => (
          <li key={u.order_id} className="rounded bg-white/70 px-2 py-1">
            <div className="flex flex-wrap items-center gap-x-2">
              <OrderLink number={u.order_number} onOpen={() => onOpenOrder(u.order_id)} />
              <span className="text-xs text-red-800">{u.reason}</span>
            </div>
            <ul className="ml-4 list-disc text-xs">
              {u.items.map((it) => (
                <li key={it.product_ean} className="break-words">
                  {WAVE_UI.shortItem(it.product_title, it.product_ean, WAVE_UI.missingQuantity(formatNumber(it.missing_quantity)))}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
