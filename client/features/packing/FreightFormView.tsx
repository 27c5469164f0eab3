import { Link } from '@tanstack/react-router';
import { ArrowLeft, FileText, Globe2, Send, Truck } from 'lucide-react';
import { FREIGHT_CARRIERS } from '../../../shared/domain/shipping';
import { countryName } from '../../../shared/domain/countries';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import { FREIGHT_UI } from '../../../shared/i18n/freight';
import type { CarrierType } from '../../../shared/constants';
import type { PackingInfo } from '../../../shared/schemas/packing';
import { Button } from '../../ui/Button';
import { Card, ErrorBox } from '../../ui/misc';
import { AddressBox } from './AddressBox';
import { PalletDimensionFields, ShipTypeField } from './FreightFields';
import type { FreightDraft, FreightProblems } from './freight-form';
import { MAX_FREIGHT_PALLETS } from '../../../shared/schemas/freight';
import { TrackingFields } from './PackageFields';
import { CarrierSelect, CountField, PackingBackButton, ShipForm, ShipStepHeader } from './StepParts';
import type { AddressFields } from './useShipping';

export interface FreightFormViewProps {
  info: PackingInfo;
  address: AddressFields;
  palletBarcode: string | null;
  germany: boolean;
  draft: FreightDraft;
  problems: FreightProblems;
  error: string | null;
  busy: boolean;
  online: boolean;
  /** Abroad: the quotation was requested; the order now waits in /freight-quotations. */
  requested: boolean;
  onType: (t: CarrierType) => void;
  onChange: (patch: Partial<FreightDraft>) => void;
  onSubmit: () => void;
  onPalletLabels: () => void;
  onBack: () => void;
  onDone: () => void;
}

/** Display only: step ready_to_ship, the freight form (spec §2 "Packing station", freight). */
export function FreightFormView(p: FreightFormViewProps) {
  const T = texts(PACKING_UI);
  const country = countryName(p.address.delivery_country);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4" data-testid="packing-ship" data-order={p.info.order_number}>
      <ShipStepHeader orderNumber={p.info.order_number} palletBarcode={p.palletBarcode} online={p.online} />
      <div
        className={`flex items-start gap-2 rounded-md px-3 py-2 text-sm ${p.germany ? 'bg-emerald-50 text-emerald-900' : 'bg-sky-50 text-sky-900'}`}
        data-testid="packing-freight-route"
        data-germany={p.germany}
      >
        {p.germany ? <Truck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> : <Globe2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}
        <p>
          <span className="font-semibold">{p.germany ? T.freightGermany(country, p.draft.carrier) : T.freightInternational(country)}</span>
          {p.germany ? null : (
            <>
              <br />
              {T.freightInternationalHint}
            </>
          )}
        </p>
      </div>
      <Card className="flex flex-col gap-4 p-4">
        {p.requested ? (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" role="status" data-testid="packing-quote-requested">
            {T.quoteRequestedHint}{' '}
            <Link to="/freight-quotations" className="font-semibold underline">
              {texts(FREIGHT_UI).title}
            </Link>
          </p>
        ) : (
          <ShipForm id="packing-freight-form" onSubmit={p.onSubmit}>
            <ShipTypeField value="freight" onChange={p.onType} disabled={p.busy} />
            {p.germany ? (
              <CarrierSelect
                label={T.freightCarrier}
                carriers={FREIGHT_CARRIERS}
                value={p.draft.carrier}
                error={p.problems.carrier}
                onChange={(carrier) => p.onChange({ carrier })}
                testId="packing-freight-carrier"
              />
            ) : null}
            <CountField
              label={T.palletCount}
              value={p.draft.pallets}
              max={MAX_FREIGHT_PALLETS}
              error={p.problems.pallets}
              onChange={(pallets) => p.onChange({ pallets })}
              testId="packing-pallets"
            />
            <PalletDimensionFields values={p.draft.dims} error={p.problems.dims} onChange={(dims) => p.onChange({ dims })} />
            {p.germany ? (
              <TrackingFields
                values={p.draft.tracking}
                error={p.problems.tracking}
                onChange={(tracking) => p.onChange({ tracking })}
                testId="packing-freight-tracking"
                label={T.palletTracking}
                hint={T.palletTrackingHint}
                firstOnlyRequired
              />
            ) : null}
          </ShipForm>
        )}
        <AddressBox title={T.deliveryAddress} address={p.address} testId="packing-address" />
        {p.error ? <ErrorBox>{p.error}</ErrorBox> : null}
        {p.requested ? (
          <Button size="lg" onClick={p.onDone} icon={<ArrowLeft className="h-5 w-5" />} data-testid="packing-quote-done">
            {T.back}
          </Button>
        ) : (
          <Button type="submit" form="packing-freight-form" size="lg" busy={p.busy} icon={<Send className="h-5 w-5" />} data-testid="packing-ship-submit">
            {p.germany ? (p.busy ? T.shippingBusy : T.shipNow) : p.busy ? T.requestingQuote : T.requestQuote}
          </Button>
        )}
        {p.requested ? (
          <Button variant="secondary" onClick={p.onPalletLabels} icon={<FileText className="h-5 w-5" />} data-testid="packing-pallet-labels">
            {T.palletLabels}
          </Button>
        ) : null}
      </Card>
      {p.requested ? null : <PackingBackButton onBack={p.onBack} busy={p.busy} />}
    </div>
  );
}
