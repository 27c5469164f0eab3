import { CheckCircle2, Circle, Layers, StepForward } from 'lucide-react';
import { WAVE_STATUS_LABELS } from '../../../shared/domain/wave-status';
import { formatMessage } from '../../../shared/i18n/format';
import { PICKING_UI } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import type { AvailableOrder } from '../../../shared/schemas/wave-planning';
import { Button } from '../../ui/Button';
import { Badge, EmptyState, ErrorBox, PageHeader, Spinner } from '../../ui/misc';

/** An open wave as the select list shows it (from the server, or from the device when offline). */
export interface WaveChoice {
  id: number;
  wave_number: string;
  status: 'draft' | 'ready' | 'picking' | 'completed';
  pallet_barcode: string | null;
  orders: { order_number: string; delivery_name: string }[];
}

export interface SelectViewProps {
  /** undefined: loading; null: not available (offline or error). */
  orders: AvailableOrder[] | undefined | null;
  ordersError: string | null;
  waves: WaveChoice[] | undefined;
  offline: boolean;
  /** The chosen orders in the order they were chosen (the rolling corners follow it). */
  selected: number[];
  onSelect: (id: number) => void;
  onSingle: () => void;
  onRolling: () => void;
  onWave: (w: WaveChoice) => void;
}

/**
 * Display only: select mode (orders ready to pick, open waves, 'Einzeln' for one order, 'Rolling' for 1–4).
 * Released orders (started outside a wave) come first from the server and carry a badge.
 */
export function SelectView(p: SelectViewProps) {
  const T = texts(PICKING_UI);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4" data-testid="picking-select">
      <PageHeader title={T.title} subtitle={T.selectSubtitle} />
      <section aria-labelledby="waves-h">
        <h2 id="waves-h" className="mb-2 font-semibold text-slate-800">
          {T.openWaves}
        </h2>
        {p.offline ? <p className="mb-2 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">{T.offlineList}</p> : null}
        {p.waves === undefined ? (
          <Spinner />
        ) : p.waves.length === 0 ? (
          <EmptyState icon={<Layers className="h-6 w-6" />}>{T.noWaves}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-2">
            {p.waves.map((w) => (
              <li key={w.id}>
                <button
                  type="button"
                  onClick={() => p.onWave(w)}
                  data-testid={`picking-wave-${w.wave_number}`}
                  className="flex min-h-12 w-full items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-left hover:bg-slate-50"
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className="font-mono font-bold">{w.wave_number}</span>
                      <Badge tone={w.status === 'picking' ? 'amber' : w.status === 'ready' ? 'blue' : 'gray'}>{texts(WAVE_STATUS_LABELS)[w.status]}</Badge>
                    </span>
                    <span className="block truncate text-xs text-slate-600">{w.orders.map((o) => `${o.order_number} ${o.delivery_name}`).join(' · ')}</span>
                  </span>
                  <StepForward className="h-5 w-5 shrink-0 text-brand-600" aria-label={w.status === 'draft' ? T.startWave : T.continueWave} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="orders-h">
        <h2 id="orders-h" className="mb-2 font-semibold text-slate-800">
          {T.ordersReady}
        </h2>
        {p.ordersError ? <ErrorBox>{p.ordersError}</ErrorBox> : null}
        {p.orders === undefined ? (
          <Spinner />
        ) : p.orders === null ? null : p.orders.length === 0 ? (
          <EmptyState>{T.noOrders}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={T.ordersReady}>
            {p.orders.map((o) => {
              const on = p.selected.includes(o.id);
              return (
                <li key={o.id}>
                  <button
                    type="button"
                    aria-pressed={on}
                    disabled={!o.fully_reserved}
                    onClick={() => p.onSelect(o.id)}
                    data-testid={`picking-order-${o.order_number}`}
                    className={`flex min-h-12 w-full items-center gap-3 rounded-md border px-3 py-2 text-left disabled:opacity-50 ${on ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-500' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
                  >
                    {on ? (
                      <CheckCircle2 className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />
                    ) : (
                      <Circle className="h-6 w-6 shrink-0 text-slate-300" aria-hidden />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-mono font-bold">{o.order_number}</span>
                        {o.status === 'picking' ? (
                          <span data-testid="picking-order-released">
                            <Badge tone="amber">{T.released}</Badge>
                          </span>
                        ) : null}
                      </span>
                      <span className="block truncate text-sm text-slate-600">
                        {o.delivery_name} · {o.customer_name}
                      </span>
                      {o.status === 'picking' ? <span className="block text-xs text-amber-800">{T.releasedHint}</span> : null}
                      {o.fully_reserved ? null : <span className="block text-xs text-red-700">{T.notReserved}</span>}
                    </span>
                    <span className="shrink-0 text-right text-xs text-slate-600 tabular-nums">
                      <span className="block">{formatMessage(T.items, { n: o.item_count })}</span>
                      <span className="block">{formatMessage(T.units, { n: o.total_quantity })}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <div className="sticky bottom-0 z-10 -mx-3 border-t border-slate-200 bg-white p-3">
        {p.selected.length > 0 ? (
          <p className="mb-2 text-center text-sm text-slate-600" data-testid="picking-selected-count">
            {formatMessage(T.selectedCount, { n: p.selected.length })}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <Button size="lg" variant="secondary" onClick={p.onRolling} data-testid="picking-rolling">
            {T.rolling}
          </Button>
          <Button size="lg" onClick={p.onSingle} data-testid="picking-single">
            {T.single}
          </Button>
        </div>
      </div>
    </div>
  );
}
