import { formatNumber } from '../../../shared/i18n/format';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';

/** Orders, units, items and locations of a suggestion or a wave as four small tiles (display only). */
export function Totals({ orders, units, items, locations }: { orders: number; units: number; items: number; locations: number }) {
  const tiles: Array<[string, number]> = [
    [WAVE_UI.ordersCol, orders],
    [WAVE_UI.units, units],
    [WAVE_UI.items, items],
    [WAVE_UI.locations, locations],
  ];
  return (
    <dl className="grid grid-cols-4 gap-2 text-center" data-testid="totals">
      {tiles.map(([label, value]) => (
        <div key={label} className="flex min-w-0 flex-col-reverse rounded-md bg-slate-50 px-1 py-1.5">
          <dt className="truncate text-[11px] text-slate-600">{label}</dt>
          <dd className="text-lg font-bold text-slate-900 tabular-nums">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
