import { formatMessage } from '../../../../shared/i18n/format';
import { PICKING_UI } from '../../../../shared/i18n/picking-screen';
import { texts } from '../../../../shared/i18n/translate';
import { Button } from '../../../ui/Button';
import { PalletDoneCard, type PickingViewBase, PickScanInput, ShortageButton } from '../PickingParts';
import { type ConfirmInfo, CornerPhase, LocationPhase, ProductPhase } from './RollingPhases';
import { currentPick, position, positionOfDone, type RollingPhase, type RollingPlan, upcoming } from './rolling-steps';

export interface RollingPickingViewProps extends PickingViewBase {
  plan: RollingPlan;
  phase: RollingPhase;
  /** The pick just taken, while its corner is confirmed. */
  confirm: ConfirmInfo | null;
}

/** The keys of a phase's scan hint and title in PICKING_UI. */
const HINT = { location: 'scanLocationHint', product: 'scanEanHint', confirm_corner: 'scanAnyHint' } as const satisfies Record<
  RollingPhase,
  keyof typeof PICKING_UI
>;
const TITLE = { location: 'phaseLocation', product: 'phaseProduct', confirm_corner: 'phaseCorner' } as const satisfies Record<
  RollingPhase,
  keyof typeof PICKING_UI
>;

/** Display only: rolling picking, one phase of one pick at a time. */
export function RollingPickingView(p: RollingPickingViewProps) {
  const T = texts(PICKING_UI);
  const cur = currentPick(p.plan);
  const pos = p.confirm ? positionOfDone(p.plan, p.confirm.key) : position(p.plan);
  const loc = p.plan.current >= 0 ? p.plan.locations[p.plan.current] : null;

  if (!p.confirm && (!cur || !loc)) {
    const empty = p.plan.doneKeys.length === 0;
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-3" data-testid={empty ? 'rolling-empty' : 'rolling-all-done'}>
        <PalletDoneCard palletBarcode={p.palletBarcode} empty={empty} />
        {/* Nothing (left) to pick: the wave can still be closed (its short lines are logged, leftovers released). */}
        <Button size="lg" variant="success" className="w-full" busy={p.busy} onClick={p.onFinish} data-testid="rolling-finish">
          {T.finish}
        </Button>
        {empty && (
          <Button size="lg" variant="secondary" className="w-full" onClick={p.onBack} data-testid="rolling-back">
            {T.backToSelect}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div
      className="mx-auto flex max-w-xl flex-col gap-3"
      data-testid="rolling-picking"
      data-phase={p.phase}
      data-stored={p.positionStored ? 'true' : 'false'}
      data-key={p.confirm ? p.confirm.key : cur?.key}
      data-location={cur?.stop.location_barcode ?? ''}
      data-ean={cur?.line.product_ean ?? ''}
      data-qty={cur?.stop.quantity ?? 0}
      data-corner={p.confirm ? p.confirm.corner : cur?.corner}
    >
      <div className="flex items-center justify-between gap-2 rounded-lg bg-slate-800 px-3 py-2 text-white">
        <span className="text-base font-bold tabular-nums" data-testid="rolling-position">
          {pos ? formatMessage(T.rollingHeader, pos) : T.allPicked}
        </span>
        <span className="font-mono text-xs text-slate-300" data-testid="rolling-pallet">
          {p.palletBarcode}
        </span>
      </div>

      <div className="grid grid-cols-3 gap-1 text-center text-xs font-medium">
        {(['location', 'product', 'confirm_corner'] as const).map((ph) => (
          <span key={ph} className={`rounded-md py-1 ${p.phase === ph ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-500'}`}>
            {T[TITLE[ph]]}
          </span>
        ))}
      </div>

      <PickScanInput
        inputRef={p.scanRef}
        hint={T[HINT[p.phase]]}
        testId="rolling-scan"
        value={p.scanValue}
        onValue={p.onScanValue}
        scanField={p.scanField('rolling')}
      />

      {p.confirm ? (
        <CornerPhase confirm={p.confirm} />
      ) : cur && loc ? (
        p.phase === 'product' ? (
          <ProductPhase pick={cur} next={upcoming(p.plan, 2)} />
        ) : (
          <LocationPhase location={loc} />
        )
      ) : null}

      {p.confirm ? null : <ShortageButton onClick={p.onShortage} testId="rolling-report-shortage" />}
    </div>
  );
}
