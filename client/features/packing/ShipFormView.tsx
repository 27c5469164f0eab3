import { Send } from 'lucide-react';
import { MAX_PACKAGES, PARCEL_CARRIERS } from '../../../shared/domain/shipping';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import type { PackingInfo } from '../../../shared/schemas/packing';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { Card, ErrorBox } from '../../ui/misc';
import type { CarrierType } from '../../../shared/constants';
import { AddressBox } from './AddressBox';
import { ShipTypeField } from './FreightFields';
import { TrackingFields, WeightFields } from './PackageFields';
import { type DraftProblems, packageCount, type ParcelDraft } from './ship-form';
import { CarrierSelect, CountField, PackingBackButton, ShipForm, ShipStepHeader } from './StepParts';
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
  const T = texts(PACKING_UI);
  const n = packageCount(p.draft.packages);
  const perPackage = p.dhl && n > 1;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4" data-testid="packing-ship" data-order={p.info.order_number}>
      <ShipStepHeader orderNumber={p.info.order_number} palletBarcode={p.palletBarcode} online={p.online} />
      <Card className="flex flex-col gap-4 p-4">
        <ShipForm id="packing-ship-form" onSubmit={p.onSubmit}>
          <ShipTypeField value="parcel" onChange={p.onType} disabled={p.busy} />
          <CarrierSelect
            label={T.carrier}
            carriers={PARCEL_CARRIERS}
            value={p.draft.carrier}
            error={p.problems.carrier}
            hint={p.dhl ? T.dhlAutomatic : undefined}
            onChange={(carrier) => p.onChange({ carrier })}
            testId="packing-carrier"
          />
          <CountField
            label={T.packageCount}
            value={p.draft.packages}
            max={MAX_PACKAGES}
            error={p.problems.packages}
            onChange={(packages) => p.onChange({ packages })}
            testId="packing-packages"
          />
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
        </ShipForm>
        <AddressBox title={T.deliveryAddress} address={p.address} testId="packing-address" />
        {p.error ? <ErrorBox>{p.error}</ErrorBox> : null}
        <Button type="submit" form="packing-ship-form" size="lg" busy={p.busy} icon={<Send className="h-5 w-5" />} data-testid="packing-ship-submit">
          {p.busy ? T.shippingBusy : T.shipNow}
        </Button>
      </Card>
      <PackingBackButton onBack={p.onBack} busy={p.busy} />
    </div>
  );
}
