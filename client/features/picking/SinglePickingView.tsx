import { AlertTriangle, ArrowLeft, ArrowRight, CheckCircle2, MapPin, Package } from 'lucide-react';
import { formatMessage, formatNumber } from '../../../shared/i18n/format';
import { PICKING_UI } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import { veRecommendation } from '../../../shared/domain/ve-recommendation';
import { Button } from '../../ui/Button';
import { Card, ErrorBox } from '../../ui/misc';
import { PalletDoneCard, type PickingViewBase, PickScanInput, PickTargetHead, ShortageButton } from './PickingParts';
import { type Cursor, type PickItem, type ScanStepName, unitLabel, veText } from './pick-steps';

export interface SinglePickingViewProps extends PickingViewBase {
  /** Nothing of the wave is picked yet (with nothing open: 'Keine Lagerorte zum Kommissionieren gefunden'). */
  nothingPicked: boolean;
  /** Order numbers of the wave's orders cancelled in the office (their lines are not offered any more). */
  cancelledOrders: string[];
  items: PickItem[];
  /** null: nothing open any more. */
  cursor: Cursor | null;
  step: ScanStepName;
  /** Pieces lying in the current stop's stock row (undefined: loading). */
  available: number | undefined;
  canBack: boolean;
  isLast: boolean;
  onNext: () => void;
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-1.5 last:border-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-right font-medium break-all text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The wave's orders cancelled in the office, and the lines with units no place covers. */
function Notes({ p }: { p: SinglePickingViewProps }) {
  const T = texts(PICKING_UI);
  return (
    <>
      {p.cancelledOrders.map((number) => (
        <ErrorBox key={number}>
          <span data-testid="picking-order-cancelled">{formatMessage(T.orderCancelled, { number })}</span>
        </ErrorBox>
      ))}
      <NoStock items={p.items} />
    </>
  );
}

/** The lines with units no place covers: 'Kein Bestand – Artikel ist nicht am Lager verfügbar' (spec part 2 §8). */
function NoStock({ items }: { items: readonly PickItem[] }) {
  const T = texts(PICKING_UI);
  const missing = items.filter((i) => i.stops.length === 0 && i.shortage > 0);
  if (missing.length === 0) return null;
  return (
    <Card className="border-red-200 bg-red-50 p-3" data-testid="picking-no-stock">
      <p className="flex items-center gap-2 font-semibold text-red-800">
        <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden /> {T.noStock}
      </p>
      <ul className="mt-1 text-sm text-slate-800">
        {missing.map((i) => (
          <li key={i.line.order_item_id} className="break-words">
            {i.line.product_title} · {T.shortage} {formatNumber(i.shortage)} {unitLabel(i.line.unit)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Display only: single-order picking, one stop (product × place) at a time. */
export function SinglePickingView(p: SinglePickingViewProps) {
  const T = texts(PICKING_UI);
  const cur = p.cursor;
  const item = cur ? p.items[cur.item] : null;
  const stop = item && cur ? item.stops[cur.loc] : null;
  const allDone = !p.items.some((i) => i.stops.length > 0);
  // Before the last stop is picked, completing is possible (the rest becomes a discrepancy) but not the main action.
  const finish = (
    <Button
      size="lg"
      variant={allDone ? 'success' : 'secondary'}
      className="w-full"
      busy={p.busy}
      onClick={p.onFinish}
      icon={<CheckCircle2 className="h-5 w-5" />}
      data-testid="picking-finish"
    >
      {T.finish}
    </Button>
  );
  if (!item || !stop || !cur) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-3" data-testid="picking-all-done">
        {p.nothingPicked ? <ErrorBox>{T.noLocations}</ErrorBox> : <PalletDoneCard palletBarcode={p.palletBarcode} />}
        <Notes p={p} />
        {finish}
      </div>
    );
  }
  const ve = veRecommendation(stop.quantity, item.line);
  const scanning = p.step === 'ean' ? T.scanEan : T.scanLocation;
  return (
    <div
      className="mx-auto flex max-w-xl flex-col gap-3"
      data-testid="single-picking"
      data-step={p.step}
      data-stored={p.positionStored ? 'true' : 'false'}
      data-stop={`${stop.order_item_id}:${stop.stock_id}`}
      data-ean={item.line.product_ean}
      data-location={stop.location_barcode}
      data-qty={stop.quantity}
      data-ve={item.line.units_per_box && item.line.units_per_box > 1 ? 'true' : 'false'}
    >
      <div className="rounded-lg bg-slate-800 px-3 py-2 text-white">
        <div className="flex items-center justify-between gap-2">
          <span className="font-mono text-lg font-bold" data-testid="picking-order">
            {item.order.order_number}
          </span>
          <span className="font-mono text-xs text-slate-300">{p.palletBarcode}</span>
        </div>
        <div className="text-sm" data-testid="picking-position">
          {formatMessage(T.header, { item: cur.item + 1, items: p.items.length, loc: cur.loc + 1, locs: item.stops.length })}
        </div>
      </div>

      <div className="grid grid-cols-2 gap-1 text-center text-sm font-medium">
        <span className={`rounded-md py-1 ${p.step === 'ean' ? 'bg-brand-600 text-white' : 'bg-emerald-100 text-emerald-800'}`}>{T.step1}</span>
        <span className={`rounded-md py-1 ${p.step === 'location' ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-500'}`}>{T.step2}</span>
      </div>

      <PickScanInput
        inputRef={p.scanRef}
        hint={scanning}
        testId="picking-scan"
        value={p.scanValue}
        onValue={p.onScanValue}
        scanField={p.scanField('picking')}
      />

      <Card className={`p-3 ${p.step === 'ean' ? 'ring-2 ring-brand-500' : ''}`}>
        <PickTargetHead
          icon={Package}
          title={item.line.product_title}
          titleClass="font-semibold"
          titleTestId="picking-title"
          code={`${T.ean} ${item.line.product_ean}`}
          codeTestId="picking-ean"
        />
        <dl className="mt-2">
          <Row label={T.ordered}>
            {formatNumber(item.line.quantity_ordered)} {unitLabel(item.line.unit)}
          </Row>
          <Row label={T.shortage} testId="picking-shortage">
            <span className={item.shortage > 0 ? 'text-red-700' : ''}>{formatNumber(item.shortage)}</span>
          </Row>
        </dl>
      </Card>

      <Card className={`p-3 ${p.step === 'location' ? 'ring-2 ring-brand-500' : ''}`}>
        <PickTargetHead
          icon={MapPin}
          title={stop.full_path}
          titleClass="font-semibold"
          titleTestId="picking-path"
          code={stop.location_barcode}
          codeTestId="picking-location"
        />
        <dl className="mt-2">
          <Row label={T.toPick} testId="picking-qty">
            <span className="text-2xl font-bold">{formatNumber(stop.quantity)}</span> {unitLabel(item.line.unit)}
          </Row>
          <Row label={T.available}>{p.available === undefined ? '…' : formatNumber(p.available)}</Row>
          {stop.batch_number ? <Row label={T.batch}>{stop.batch_number}</Row> : null}
          <Row label={T.ve} testId="picking-ve">
            {veText(ve)}
          </Row>
        </dl>
      </Card>

      <Notes p={p} />
      <ShortageButton onClick={p.onShortage} testId="picking-report-shortage" />
      <div className="grid grid-cols-2 gap-2">
        <Button size="lg" variant="secondary" disabled={!p.canBack} onClick={p.onBack} icon={<ArrowLeft className="h-5 w-5" />} data-testid="picking-back">
          {T.back}
        </Button>
        {p.isLast ? null : (
          <Button size="lg" variant="secondary" onClick={p.onNext} icon={<ArrowRight className="h-5 w-5" />} data-testid="picking-next">
            {T.next}
          </Button>
        )}
      </div>
      {p.isLast ? finish : null}
    </div>
  );
}
