import { type BarTone, barTone, barWidth, formatPercent } from './wave-logic';

const FILL: Record<BarTone, string> = { green: 'bg-emerald-500', yellow: 'bg-amber-400', red: 'bg-red-600' };
const TEXT: Record<BarTone, string> = { green: 'text-emerald-800', yellow: 'text-amber-800', red: 'text-red-700' };

/** Pallet usage as a bar (spec §9: green, yellow above 75 %, red above 95 %); display only. */
export function CapacityBar({ label, percent, detail, testId }: { label: string; percent: number; detail?: string; testId: string }) {
  const tone = barTone(percent);
  return (
    <div data-testid={testId} data-tone={tone}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-slate-600">{label}</span>
        <span className={`font-semibold tabular-nums ${TEXT[tone]}`}>
          {detail ? <span className="font-normal whitespace-nowrap text-slate-700">{`${detail} · `}</span> : null}
          <span className="whitespace-nowrap">{formatPercent(percent)}</span>
        </span>
      </div>
      <div
        className="mt-1 h-3 overflow-hidden rounded-full bg-slate-200"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(barWidth(percent))}
        aria-valuetext={formatPercent(percent)}
      >
        <div className={`h-full rounded-full ${FILL[tone]}`} style={{ width: `${barWidth(percent)}%` }} />
      </div>
    </div>
  );
}
