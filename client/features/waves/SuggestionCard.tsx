import { PackagePlus, Sparkles, TriangleAlert, Weight } from 'lucide-react';
import { formatNumber } from '../../../shared/i18n/format';
import { MISSING_FIELD_LABELS } from '../../../shared/i18n/fields';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import type { WaveSuggestion } from '../../../shared/schemas/wave-planning';
import { Button } from '../../ui/Button';
import { Badge, Card } from '../../ui/misc';
import { CapacityBar } from './CapacityBar';
import { OrderLink } from './OrderLink';
import { type MapRack, RouteMap } from './RouteMap';
import { Totals } from './Totals';
import { formatKg } from './wave-logic';

/** One smart suggestion (display only): orders, totals, pallet bars, flags, route map and "Welle erstellen". */
export function SuggestionCard({
  suggestion: s,
  index,
  racks,
  busy,
  onCreate,
  onOpenOrder,
}: {
  suggestion: WaveSuggestion;
  index: number;
  racks: readonly MapRack[];
  busy: boolean;
  onCreate: () => void;
  onOpenOrder: (id: number) => void;
}) {
  return (
    <Card
      className={`flex h-full flex-col gap-3 p-4 ${s.is_optimal ? 'border-emerald-400 ring-1 ring-emerald-300' : ''}`}
      data-testid={`suggestion-${index}`}
      aria-label={s.name}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{s.name}</h3>
          <p className="text-sm break-words text-slate-600" data-testid="suggestion-reason">
            {s.reason}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {s.is_optimal ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-emerald-600 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white"
              title={WAVE_UI.optimalHint}
              data-testid="suggestion-optimal"
            >
              <Sparkles className="h-3.5 w-3.5" aria-hidden /> {WAVE_UI.optimal}
            </span>
          ) : null}
          {s.has_heavy_order ? (
            <Badge tone="red" className="gap-1">
              <Weight className="h-3.5 w-3.5" aria-hidden />
              <span data-testid="suggestion-heavy">{WAVE_UI.heavy}</span>
            </Badge>
          ) : null}
          {s.has_missing_data ? (
            <Badge tone="amber" className="gap-1">
              <TriangleAlert className="h-3.5 w-3.5" aria-hidden />
              <span data-testid="suggestion-missing">{WAVE_UI.missingData}</span>
            </Badge>
          ) : null}
        </div>
      </div>

      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm" data-testid="suggestion-orders">
        {s.orders.map((o) => (
          <li key={o.id} className="flex items-center justify-between gap-2 px-2">
            <div className="min-w-0">
              <OrderLink number={o.order_number} onOpen={() => onOpenOrder(o.id)} />
              <div className="truncate text-xs text-slate-600">{o.delivery_name}</div>
            </div>
            <span className="shrink-0 tabular-nums text-slate-700">
              {formatNumber(o.total_quantity)} {WAVE_UI.units}
            </span>
          </li>
        ))}
      </ul>

      <Totals orders={s.total_orders} units={s.total_units} items={s.total_items} locations={s.total_locations} />

      <div className="flex flex-col gap-2">
        <CapacityBar label={WAVE_UI.volume} percent={s.pallet_volume_used} testId="bar-volume" />
        <CapacityBar label={WAVE_UI.weight} percent={s.pallet_weight_percentage} detail={formatKg(s.pallet_weight_used)} testId="bar-weight" />
      </div>

      {s.missing_product_data.length > 0 ? (
        <ul className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200 ring-inset" data-testid="suggestion-missing-products">
          {s.missing_product_data.map((p) => (
            <li key={p.product_id} className="break-words">
              <span className="font-medium">{p.title}</span> {WAVE_UI.missingFields(p.ean, p.missing.map((f) => MISSING_FIELD_LABELS[f]).join(', '))}
            </li>
          ))}
        </ul>
      ) : null}

      <RouteMap racks={racks} stops={s.route} lengthM={s.route_length_m} testId={`route-map-${index}`} />

      <div className="mt-auto flex justify-end pt-1">
        <Button
          size="lg"
          className="w-full sm:w-auto"
          busy={busy}
          icon={<PackagePlus className="h-5 w-5" />}
          onClick={onCreate}
          data-testid="suggestion-create"
        >
          {WAVE_UI.createFromSuggestion}
        </Button>
      </div>
    </Card>
  );
}
