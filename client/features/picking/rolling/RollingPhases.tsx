import { MapPin, Package } from 'lucide-react';
import type { PalletCorner } from '../../../../shared/domain/wave-status';
import { formatMessage, formatNumber } from '../../../../shared/i18n/format';
import { PICKING_UI } from '../../../../shared/i18n/picking-screen';
import { texts } from '../../../../shared/i18n/translate';
import type { WsWaveLine, WsWaveOrder } from '../../../../shared/schemas/picking';
import { Card } from '../../../ui/misc';
import { PickTargetHead } from '../PickingParts';
import { unitLabel } from '../pick-steps';
import type { RollingLocation, RollingPick } from './rolling-steps';

/** The pick just taken, for the corner confirmation (quantity unknown after a reload). */
export interface ConfirmInfo {
  key: string;
  line: WsWaveLine;
  order: WsWaveOrder;
  corner: PalletCorner;
  qty: number | null;
}

/** One colour per pallet corner, the same on every phase. */
const CORNER_TONE: Record<PalletCorner, string> = {
  A: 'bg-sky-600 text-white',
  B: 'bg-emerald-600 text-white',
  C: 'bg-amber-500 text-slate-900',
  D: 'bg-fuchsia-600 text-white',
};

export function CornerBadge({ corner, big = false }: { corner: PalletCorner; big?: boolean }) {
  const T = texts(PICKING_UI);
  const size = big ? 'h-40 w-40 text-8xl rounded-2xl' : 'h-9 w-9 text-lg rounded-md';
  return (
    <span className={`inline-flex shrink-0 items-center justify-center font-black ${size} ${CORNER_TONE[corner]}`}>
      <span className="sr-only">{T.corner} </span>
      {corner}
    </span>
  );
}

function PickRow({ pick, testId }: { pick: RollingPick; testId: string }) {
  return (
    <li className="flex items-center gap-3 border-b border-slate-100 py-2 last:border-0" data-testid={testId}>
      <CornerBadge corner={pick.corner} />
      <span className="min-w-0 flex-1">
        <span className="block font-medium break-words">{pick.line.product_title}</span>
        <span className="block text-xs text-slate-500">{pick.order.order_number}</span>
      </span>
      <span className="shrink-0 text-right font-semibold tabular-nums">
        {formatNumber(pick.stop.quantity)} {unitLabel(pick.line.unit)}
      </span>
    </li>
  );
}

/** Phase location: where to go, and the first 3 picks there. */
export function LocationPhase({ location }: { location: RollingLocation }) {
  const T = texts(PICKING_UI);
  const more = location.open.length - 3;
  return (
    <Card className="p-3 ring-2 ring-brand-500">
      <PickTargetHead
        icon={MapPin}
        active
        title={location.full_path}
        titleClass="text-xl font-bold"
        titleTestId="rolling-path"
        code={location.location_barcode}
        codeTestId="rolling-location"
      />
      <h3 className="mt-3 text-sm font-semibold text-slate-500">{T.picksHere}</h3>
      <ul data-testid="rolling-location-picks">
        {location.open.slice(0, 3).map((p) => (
          <PickRow key={p.key} pick={p} testId="rolling-location-pick" />
        ))}
      </ul>
      {more > 0 ? (
        <p className="pt-1 text-sm text-slate-600" data-testid="rolling-more">
          {formatMessage(T.andMore, { n: more })}
        </p>
      ) : null}
    </Card>
  );
}

/** Phase product: the article to scan, its quantity and corner, and the next 2 picks. */
export function ProductPhase({ pick, next }: { pick: RollingPick; next: RollingPick[] }) {
  const T = texts(PICKING_UI);
  return (
    <>
      <Card className="p-3 ring-2 ring-brand-500">
        <PickTargetHead
          icon={Package}
          active
          title={pick.line.product_title}
          titleClass="text-lg font-semibold"
          titleTestId="rolling-title"
          code={`${T.ean} ${pick.line.product_ean}`}
          codeTestId="rolling-ean"
        >
          <div className="text-xs text-slate-500">
            {pick.stop.full_path} · {pick.stop.location_barcode}
          </div>
        </PickTargetHead>
        <div className="mt-3 flex items-center justify-between gap-3 rounded-md bg-slate-50 p-2">
          <div>
            <div className="text-sm text-slate-500">{T.quantity}</div>
            <div data-testid="rolling-qty">
              <span className="text-3xl font-bold tabular-nums">{formatNumber(pick.stop.quantity)}</span> {unitLabel(pick.line.unit)}
            </div>
          </div>
          <div className="flex items-center gap-2">
            <div className="text-right text-sm text-slate-500">
              {T.corner}
              <span className="block text-xs">{pick.order.order_number}</span>
            </div>
            <CornerBadge corner={pick.corner} />
          </div>
        </div>
      </Card>
      <Card className="p-3">
        <h3 className="text-sm font-semibold text-slate-500">{T.upcoming}</h3>
        {next.length === 0 ? (
          <p className="py-2 text-sm text-slate-600">{T.noUpcoming}</p>
        ) : (
          <ul data-testid="rolling-upcoming">
            {next.map((p) => (
              <PickRow key={p.key} pick={p} testId="rolling-upcoming-pick" />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

/** Phase confirm_corner: the large corner letter with the order number; any scan confirms. */
export function CornerPhase({ confirm }: { confirm: ConfirmInfo }) {
  const T = texts(PICKING_UI);
  return (
    <Card className="flex flex-col items-center gap-3 p-4 text-center ring-2 ring-brand-500" data-testid="rolling-corner">
      <p className="text-lg font-semibold">
        {confirm.qty === null
          ? `${T.corner} ${confirm.corner}`
          : formatMessage(T.putInCorner, { qty: formatNumber(confirm.qty), unit: unitLabel(confirm.line.unit), corner: confirm.corner })}
      </p>
      <CornerBadge corner={confirm.corner} big />
      <p className="font-mono text-xl font-bold" data-testid="rolling-corner-order">
        {formatMessage(T.cornerOrder, { order: confirm.order.order_number })}
      </p>
      <p className="text-sm text-slate-600">{confirm.line.product_title}</p>
    </Card>
  );
}
