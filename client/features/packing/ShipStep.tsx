import { useState } from 'react';
import { DHL_CARRIER, defaultCarrier, PARCEL_CARRIERS } from '../../../shared/domain/shipping';
import type { PackingInfo } from '../../../shared/schemas/packing';
import type { ShipResponse } from '../../../shared/schemas/shipping';
import type { CarrierType } from '../../../shared/constants';
import { useOnline } from '../../app/useOnline';
import { FreightStep } from './FreightStep';
import { ShippingCorrection } from './AddressCorrectionDialog';
import { type DraftProblems, packageCount, type ParcelDraft, planShipment, resized, usesDhlLabels } from './ship-form';
import { ShipFormView } from './ShipFormView';
import { useShipping } from './useShipping';

/** Spec §9: 1 kg per parcel unless weighed otherwise. */
const DEFAULT_KG = '1,0';

/**
 * Step ready_to_ship, the data side. Carrier defaults (spec §4): an order
 * whose default is freight starts in the freight branch (FreightStep); else
 * the order's parcel carrier when packing info names one, else DHL with
 * automatic labels. DHL always creates its labels here; the other carriers
 * need one tracking number per package.
 */
export function ShipStep(p: {
  info: PackingInfo;
  palletBarcode: string | null;
  onBack: () => void;
  onShipped: (res: ShipResponse) => void;
  onQuoted: () => void;
}) {
  const preset = defaultCarrier(p.info);
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
  preset: ReturnType<typeof defaultCarrier>;
  palletBarcode: string | null;
  onType: (t: CarrierType) => void;
  onBack: () => void;
  onShipped: (res: ShipResponse) => void;
}) {
  const online = useOnline();
  const preset = p.preset;
  const carrier = preset.carrier_type === 'parcel' && (PARCEL_CARRIERS as readonly string[]).includes(preset.carrier) ? preset.carrier : DHL_CARRIER;
  const [draft, setDraft] = useState<ParcelDraft>({ carrier, autoDhl: true, packages: '1', weights: [DEFAULT_KG], totalKg: DEFAULT_KG, tracking: [''] });
  const [problems, setProblems] = useState<DraftProblems>({});
  const shipping = useShipping(p.info, p.onShipped);

  const change = (patch: Partial<ParcelDraft>) => {
    const next = { ...draft, ...patch };
    const n = packageCount(next.packages);
    next.weights = resized(next.weights, n, DEFAULT_KG);
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
    </>
  );
}
