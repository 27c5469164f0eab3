import { ArrowLeft, CheckCircle2, Circle } from 'lucide-react';
import { SIMPLE_VIEW_CARRIERS } from '../../../shared/domain/shipping';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import type { PackingInfo } from '../../../shared/schemas/packing';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { Card, ErrorBox, PageHeader } from '../../ui/misc';
import { AddressBox } from './AddressBox';
import { TrackingFields } from './PackageFields';
import { type DraftProblems, packageCount, type ParcelDraft, usesDhlLabels } from './ship-form';
import { CarrierSelect, CountField, ShipForm } from './StepParts';
import type { AddressFields } from './useShipping';

/** Display only: the simple packing view (spec part 2 §2 "Simple packing view"). */
export function SimplePackingView(p: {
  info: PackingInfo;
  address: AddressFields;
  draft: ParcelDraft;
  problems: DraftProblems;
  error: string | null;
  busy: boolean;
  onChange: (patch: Partial<ParcelDraft>) => void;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const T = texts(PACKING_UI);
  const isDhl = p.draft.carrier === 'DHL';
  const labels = usesDhlLabels(p.draft);
  const n = packageCount(p.draft.packages);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4" data-testid="packing-simple" data-order={p.info.order_number}>
      <div>
        <Button variant="ghost" size="sm" onClick={p.onClose} icon={<ArrowLeft className="h-4 w-4" />} data-testid="packing-simple-back">
          {T.back}
        </Button>
      </div>
      <PageHeader title={`${T.simpleTitle} · ${p.info.order_number}`} />
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressBox title={T.recipient} address={p.address} testId="packing-simple-address" />
        <Card className="p-3">
          <p className="mb-2 text-sm font-semibold">{T.items}</p>
          <ul className="flex flex-col gap-2 text-sm" data-testid="packing-simple-items">
            {p.info.items.map((i) => (
              <li key={i.id} className="flex items-center gap-2">
                {i.picked_quantity >= i.quantity ? (
                  <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-600" aria-label={T.allItemsPicked} />
                ) : (
                  <Circle className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{i.product_title}</span>
                  <span className="block font-mono text-xs text-slate-600">{i.product_ean}</span>
                </span>
                <span className="font-semibold tabular-nums">{T.pickedOfOrderedLine(i.picked_quantity, i.quantity)}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Card className="p-4">
        <ShipForm id="packing-simple-form" onSubmit={p.onSubmit}>
          <CarrierSelect
            label={T.carrier}
            carriers={SIMPLE_VIEW_CARRIERS}
            value={p.draft.carrier}
            error={p.problems.carrier}
            onChange={(carrier) => p.onChange({ carrier })}
            testId="packing-simple-carrier"
          />
          <Field label={T.shippingType} hint={T.freightNotAvailable}>
            {(id) => (
              <Select id={id} value="parcel" disabled>
                <option value="parcel">{T.parcel}</option>
              </Select>
            )}
          </Field>
          <CountField
            label={T.packageCount}
            value={p.draft.packages}
            error={p.problems.packages}
            onChange={(packages) => p.onChange({ packages })}
            testId="packing-simple-packages"
          />
          <Field
            label={labels ? T.totalWeight : T.totalWeightOptional}
            required={labels}
            error={p.problems.total}
            hint={labels && n > 1 ? T.weightSplitHint : undefined}
          >
            {(id) => (
              <Input
                id={id}
                type="number"
                min={0}
                step={0.1}
                value={p.draft.totalKg}
                onChange={(e) => p.onChange({ totalKg: e.target.value })}
                data-testid="packing-simple-weight"
              />
            )}
          </Field>
          {isDhl ? (
            <label className="flex items-start gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                className="mt-0.5 h-5 w-5"
                checked={p.draft.autoDhl}
                onChange={(e) => p.onChange({ autoDhl: e.target.checked })}
                data-testid="packing-simple-auto-dhl"
              />
              <span>
                <span className="block font-medium">{T.autoDhlLabels}</span>
                {p.draft.autoDhl ? <span className="block text-slate-600">{T.labelsWillBeCreated(n)}</span> : null}
              </span>
            </label>
          ) : null}
          {!labels ? (
            <TrackingFields
              values={p.draft.tracking}
              error={p.problems.tracking}
              onChange={(tracking) => p.onChange({ tracking })}
              testId="packing-simple-tracking"
            />
          ) : null}
        </ShipForm>
        {p.error ? (
          <div className="mt-3">
            <ErrorBox>{p.error}</ErrorBox>
          </div>
        ) : null}
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" onClick={p.onClose} disabled={p.busy}>
            {T.cancel}
          </Button>
          <Button
            type="submit"
            form="packing-simple-form"
            size="lg"
            busy={p.busy}
            disabled={p.draft.packages.trim() === ''}
            data-testid="packing-simple-submit"
          >
            {labels ? T.packAndCreateDhlLabels : T.packAndShip}
          </Button>
        </div>
      </Card>
    </div>
  );
}
