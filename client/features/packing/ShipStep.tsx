import { useState } from 'react';
import { DEFAULT_PARCEL_WEIGHT_GRAMS, DHL_CARRIER, MIN_PACKAGE_WEIGHT_GRAMS, PARCEL_CARRIERS, shippingPreset } from '../../../shared/domain/shipping';
import type { PackingInfo } from '../../../shared/schemas/packing';
import type { ShipResponse } from '../../../shared/schemas/shipping';
import type { CarrierType } from '../../../shared/constants';
import { useOnline } from '../../app/useOnline';
import { FreightStep } from './FreightStep';
import { ShippingCorrection } from './AddressCorrectionDialog';
import { ShippingOutage } from './DhlOutageDialog';
import { type DraftProblems, packageCount, type ParcelDraft, planShipment, resized, usesDhlLabels } from './ship-form';
import { ShipFormView } from './ShipFormView';
import { useShipping } from './useShipping';

/** Grams as the weight field shows them: kg with one decimal (de-DE comma), rounded up to the field's 0.1 kg step. */
const kgField = (grams: number) => (Math.max(MIN_PACKAGE_WEIGHT_GRAMS, Math.ceil(grams / 100) * 100) / 1000).toFixed(1).replace('.', ',');

/**
 * Step ready_to_ship, the data side. What it opens on (shippingPreset): the
 * order's booking when packing info names one, else DHL parcel with
 * automatic labels when the order's weight fits one parcel, else freight
 * (FreightStep). The parcel weight starts at the order's weight (product
 * weights × picked pieces), or 1 kg (spec §9) when a weight is unknown.
 * DHL always creates its labels here; the other carriers need one tracking
 * number per package.
 */
export function ShipStep(p: {
  info: PackingInfo;
  palletBarcode: string | null;
  onBack: () => void;
  onShipped: (res: ShipResponse) => void;
  onQuoted: () => void;
}) {
  const preset = shippingPreset(p.info);
  const [type, setType] = useState<CarrierType>(preset.carrier_type);
  if (type === 'freight')
    return (
      <FreightStep
        info={p.info}
        carrier={preset.carrier_type === 'freight' ? preset.carrier : null}
        palletBarcode={p.palletBarcode}
        onType={setType}
        onBack={p.onBack}
        onShipped={p.onShipped}
        onQuoted={p.onQuoted}
      />
    );
  return <ParcelStep {...p} preset={preset} onType={setType} />;
}

function ParcelStep(p: {
  info: PackingInfo;
  preset: ReturnType<typeof shippingPreset>;
  palletBarcode: string | null;
  onType: (t: CarrierType) => void;
  onBack: () => void;
  onShipped: (res: ShipResponse) => void;
}) {
  const online = useOnline();
  const preset = p.preset;
  const carrier = preset.carrier_type === 'parcel' && (PARCEL_CARRIERS as readonly string[]).includes(preset.carrier) ? preset.carrier : DHL_CARRIER;
  const orderKg = kgField(p.info.estimated_weight_grams ?? DEFAULT_PARCEL_WEIGHT_GRAMS);
  const [draft, setDraft] = useState<ParcelDraft>({ carrier, autoDhl: true, packages: '1', weights: [orderKg], totalKg: orderKg, tracking: [''] });
  const [problems, setProblems] = useState<DraftProblems>({});
  const shipping = useShipping(p.info, p.onShipped);

  const change = (patch: Partial<ParcelDraft>) => {
    const next = { ...draft, ...patch };
    const n = packageCount(next.packages);
    next.weights = resized(next.weights, n, kgField(DEFAULT_PARCEL_WEIGHT_GRAMS));
    next.tracking = resized(next.tracking, n, '');
    setDraft(next);
    setProblems({});
  };

  const submit = () => {
    const { plan, problems: found } = planShipment(draft);
    setProblems(found);
    if (plan) void shipping.ship(plan);
  };

  return (
    <>
      <ShipFormView
        info={p.info}
        address={shipping.address}
        palletBarcode={p.palletBarcode}
        draft={draft}
        dhl={usesDhlLabels(draft)}
        onType={p.onType}
        problems={problems}
        error={shipping.error}
        busy={shipping.busy}
        online={online}
        onChange={change}
        onSubmit={submit}
        onBack={p.onBack}
      />
      <ShippingCorrection orderId={p.info.id} shipping={shipping} />
      <ShippingOutage shipping={shipping} />
    </>
  );
}
