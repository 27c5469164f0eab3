import { ArrowLeft, Send, WifiOff } from 'lucide-react';
import { MAX_PACKAGES, PARCEL_CARRIERS } from '../../../shared/domain/shipping';
import { PACKING_UI as T } from '../../../shared/i18n/packing';
import type { PackingInfo } from '../../../shared/schemas/packing';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { Card, ErrorBox, PageHeader } from '../../ui/misc';
import type { CarrierType } from '../../../shared/constants';
import { AddressBox } from './AddressBox';
import { ShipTypeField } from './FreightFields';
import { TrackingFields, WeightFields } from './PackageFields';
import { type DraftProblems, packageCount, type ParcelDraft } from './ship-form';
import type { AddressFields } from './useShipping';

export interface ShipFormViewProps {
  info: PackingInfo;
  address: AddressFields;
  palletBarcode: string | null;
  draft: ParcelDraft;
  dhl: boolean;
  onType: (t: CarrierType) => void;
  problems: DraftProblems;
  error: string | null;
  busy: boolean;
  online: boolean;
  onChange: (patch: Partial<ParcelDraft>) => void;
  onSubmit: () => void;
  onBack: () => void;
}

const kgInput = { inputMode: 'decimal' as const, autoComplete: 'off' };

/** Display only: step ready_to_ship, the parcel form (spec §2 "Packing station"). */
export function ShipFormView(p: ShipFormViewProps) {
  const n = packageCount(p.draft.packages);
  const perPackage = p.dhl && n > 1;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4" data-testid="packing-ship" data-order={p.info.order_number}>
      <PageHeader title={`${T.shipping} · ${p.info.order_number}`} subtitle={p.palletBarcode ? `${T.pallet} ${p.palletBarcode}` : undefined} />
      {!p.online ? (
        <p className="flex items-center gap-2 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900" data-testid="packing-offline">
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
          {T.offline}
        </p>
      ) : null}
      <Card className="flex flex-col gap-4 p-4">
        <form
          id="packing-ship-form"
          noValidate
          className="grid grid-cols-1 gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            p.onSubmit();
          }}
        >
          <ShipTypeField value="parcel" onChange={p.onType} disabled={p.busy} />
          <Field label={T.carrier} required error={p.problems.carrier} hint={p.dhl ? T.dhlAutomatic : undefined}>
            {(id) => (
              <Select id={id} value={p.draft.carrier} onChange={(e) => p.onChange({ carrier: e.target.value })} data-testid="packing-carrier">
                {PARCEL_CARRIERS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={T.packageCount} required error={p.problems.packages}>
            {(id) => (
              <Input
                id={id}
                type="number"
                min={1}
                max={MAX_PACKAGES}
                step={1}
                value={p.draft.packages}
                onChange={(e) => p.onChange({ packages: e.target.value })}
                data-testid="packing-packages"
              />
            )}
          </Field>
          {perPackage ? (
            <WeightFields values={p.draft.weights} error={p.problems.weights} onChange={(weights) => p.onChange({ weights })} testId="packing-weight" />
          ) : (
            <Field label={p.dhl ? T.totalWeight : T.totalWeightOptional} required={p.dhl} error={p.problems.total}>
              {(id) => (
                <Input
                  id={id}
                  {...kgInput}
                  value={p.draft.totalKg}
                  onChange={(e) => p.onChange({ totalKg: e.target.value })}
                  data-testid="packing-total-weight"
                />
              )}
            </Field>
          )}
          {!p.dhl ? (
            <TrackingFields values={p.draft.tracking} error={p.problems.tracking} onChange={(tracking) => p.onChange({ tracking })} testId="packing-tracking" />
          ) : null}
        </form>
        <AddressBox title={T.deliveryAddress} address={p.address} testId="packing-address" />
        {p.error ? <ErrorBox>{p.error}</ErrorBox> : null}
        <Button type="submit" form="packing-ship-form" size="lg" busy={p.busy} icon={<Send className="h-5 w-5" />} data-testid="packing-ship-submit">
          {p.busy ? T.shippingBusy : T.shipNow}
        </Button>
      </Card>
      <Button size="lg" variant="secondary" onClick={p.onBack} disabled={p.busy} icon={<ArrowLeft className="h-5 w-5" />} data-testid="packing-back">
        {T.back}
      </Button>
    </div>
  );
}
