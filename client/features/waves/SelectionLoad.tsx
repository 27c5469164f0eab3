import { TriangleAlert } from 'lucide-react';
import { WAVE_PALLET } from '../../../shared/constants';
import { capacityText, type PalletLoad } from '../../../shared/domain/pallet-load';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import { CapacityBar } from './CapacityBar';
import { formatKg } from './wave-logic';

/**
 * The pallet load of the manual selection before "Welle erstellen" (display
 * only): weight and volume bars, the limit it breaks in the server's words,
 * and the orders whose load is unknown (missing weight or dimensions).
 */
export function SelectionLoad({ load, id }: { load: PalletLoad; id: string }) {
  return (
    <div
      id={id}
      className={`flex flex-col gap-2 rounded-md border p-3 ${load.problem ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-slate-50'}`}
      data-testid="manual-load"
      data-over={load.problem ? 'true' : 'false'}
    >
      <h3 className="text-sm font-semibold text-slate-800">{WAVE_UI.loadTitle}</h3>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <CapacityBar
          label={WAVE_UI.weight}
          percent={load.weight_percent}
          detail={WAVE_UI.loadOf(formatKg(load.weight_kg), `${WAVE_PALLET.max_weight_kg} kg`)}
          testId="manual-load-weight"
        />
        <CapacityBar label={WAVE_UI.volume} percent={load.volume_percent} testId="manual-load-volume" />
      </div>
      {load.problem ? (
        <p className="flex items-start gap-2 text-sm font-medium text-red-700" data-testid="manual-load-problem">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            {capacityText(load.problem)} {WAVE_UI.loadTooMuch}
          </span>
        </p>
      ) : null}
      {load.unknown.length > 0 ? (
        <p className="text-sm text-amber-800" data-testid="manual-load-unknown">
          {WAVE_UI.loadUnknown(load.unknown.join(', '))}
        </p>
      ) : null}
    </div>
  );
}
