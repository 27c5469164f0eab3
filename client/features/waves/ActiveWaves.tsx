import { Link } from '@tanstack/react-router';
import { Layers, PlayCircle, StepForward, Trash2, UserX } from 'lucide-react';
import { WAVE_STATUS_LABELS, type WaveStatus, waveBuilderActions } from '../../../shared/domain/wave-status';
import { formatNumber } from '../../../shared/i18n/format';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import type { PickingWave } from '../../../shared/schemas/waves';
import { Button } from '../../ui/Button';
import { Badge, Card, EmptyState } from '../../ui/misc';
import { OrderLink } from './OrderLink';
import { Totals } from './Totals';

const STATUS_TONE: Record<WaveStatus, 'gray' | 'blue' | 'amber' | 'green'> = { draft: 'gray', ready: 'blue', picking: 'amber', completed: 'green' };

/**
 * The open waves (display only): draft 'Starten' and delete; ready/picking 'Fortsetzen' when the picking screen exists;
 * 'Freigeben' on a wave a picker holds, when the viewer may release it (onRelease given).
 */
export function ActiveWaves({
  waves,
  pickingRoute,
  onStart,
  onDelete,
  onRelease,
  onOpenOrder,
}: {
  waves: PickingWave[];
  /** Whether /warehouse/picking is registered; without it ready/picking waves show their status only. */
  pickingRoute: boolean;
  onStart: (w: PickingWave) => void;
  onDelete: (w: PickingWave) => void;
  /** Only for admins and warehouse managers. */
  onRelease?: (w: PickingWave) => void;
  onOpenOrder: (id: number) => void;
}) {
  if (waves.length === 0) return <EmptyState icon={<Layers className="h-8 w-8" />}>{WAVE_UI.noActiveWaves}</EmptyState>;
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="active-waves">
      {waves.map((w) => (
        <li key={w.id}>
          <WaveCard
            wave={w}
            pickingRoute={pickingRoute}
            onStart={() => onStart(w)}
            onDelete={() => onDelete(w)}
            onRelease={onRelease && w.status === 'picking' && w.picker_user_id !== null ? () => onRelease(w) : undefined}
            onOpenOrder={onOpenOrder}
          />
        </li>
      ))}
    </ul>
  );
}

function WaveCard({
  wave: w,
  pickingRoute,
  onStart,
  onDelete,
  onRelease,
  onOpenOrder,
}: {
  wave: PickingWave;
  pickingRoute: boolean;
  onStart: () => void;
  onDelete: () => void;
  onRelease?: () => void;
  onOpenOrder: (id: number) => void;
}) {
  const actions = waveBuilderActions(w.status);
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid={`wave-${w.wave_number}`} aria-label={WAVE_UI.wave(w.wave_number)}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="font-mono text-base font-bold break-all text-slate-900">{w.wave_number}</div>
          <div className="text-sm break-words text-slate-600">{w.name}</div>
        </div>
        <Badge tone={STATUS_TONE[w.status]} className="shrink-0 whitespace-nowrap">
          <span data-testid="wave-status">{WAVE_STATUS_LABELS[w.status]}</span>
        </Badge>
      </div>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm" data-testid="wave-orders">
        {w.orders.map((o) => (
          <li key={o.id} className="flex items-center gap-2 px-2">
            <span
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded bg-slate-800 text-sm font-bold text-white"
              title={WAVE_UI.palletCorner(o.pallet_corner)}
              data-testid="wave-corner"
            >
              {o.pallet_corner}
            </span>
            <div className="min-w-0 flex-1">
              <OrderLink number={o.order_number} onOpen={() => onOpenOrder(o.id)} />
              <div className="truncate text-xs text-slate-600">{o.delivery_name}</div>
            </div>
            <span className="shrink-0 text-xs text-slate-700 tabular-nums">
              {formatNumber(o.total_quantity)} {WAVE_UI.units}
            </span>
          </li>
        ))}
      </ul>
      <Totals orders={w.total_orders} units={w.total_quantity} items={w.total_items} locations={w.total_locations} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-500">{WAVE_UI.pallet}</dt>
        <dd className="font-mono break-all" data-testid="wave-pallet">
          {w.pallet_barcode ?? WAVE_UI.none}
        </dd>
        <dt className="text-slate-500">{WAVE_UI.picker}</dt>
        <dd className="break-words" data-testid="wave-picker">
          {w.picker_name ?? WAVE_UI.none}
        </dd>
      </dl>
      <div className="mt-auto flex flex-wrap justify-end gap-2 pt-1">
        {actions.includes('delete') ? (
          <Button
            size="lg"
            variant="secondary"
            icon={<Trash2 className="h-5 w-5 text-red-600" />}
            onClick={onDelete}
            aria-label={WAVE_UI.deleteLabel(w.wave_number)}
            data-testid="wave-delete"
          >
            {WAVE_UI.deleteWave}
          </Button>
        ) : null}
        {onRelease ? (
          <Button
            size="lg"
            variant="secondary"
            icon={<UserX className="h-5 w-5" />}
            onClick={onRelease}
            aria-label={WAVE_UI.releaseLabel(w.wave_number)}
            data-testid="wave-release"
          >
            {WAVE_UI.releaseWave}
          </Button>
        ) : null}
        {actions.includes('start') ? (
          <Button size="lg" icon={<PlayCircle className="h-5 w-5" />} onClick={onStart} data-testid="wave-start">
            {WAVE_UI.startWave}
          </Button>
        ) : null}
        {actions.includes('continue') && pickingRoute ? (
          <Link
            to="/warehouse/picking"
            search={{ wave_id: w.id }}
            className="inline-flex h-12 items-center gap-2 rounded-md bg-brand-600 px-5 font-medium text-white hover:bg-brand-700"
            data-testid="wave-continue"
          >
            <StepForward className="h-5 w-5" aria-hidden /> {WAVE_UI.continueWave}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
