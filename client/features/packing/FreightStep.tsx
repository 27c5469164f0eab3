import { useState } from 'react';
import { isGermany } from '../../../shared/domain/countries';
import type { CarrierType } from '../../../shared/constants';
import type { PackingInfo } from '../../../shared/schemas/packing';
import type { ShipResponse } from '../../../shared/schemas/shipping';
import { useOnline } from '../../app/useOnline';
import { FreightFormView } from './FreightFormView';
import { type FreightDraft, type FreightProblems, initialFreight, planFreight, resizeFreight } from './freight-form';
import { openPalletLabels } from './labels';
import { useShipping } from './useShipping';

/**
 * Step ready_to_ship, freight, the data side (spec §2 "Packing station"):
 * Germany ships directly through the ship call (carrier_type=freight), abroad
 * asks for a quotation and the packed order waits in /freight-quotations.
 * Both mark the order packed first, as the parcel branch does.
 */
export function FreightStep(p: {
  info: PackingInfo;
  carrier: string | null;
  palletBarcode: string | null;
  onType: (t: CarrierType) => void;
  onBack: () => void;
  onShipped: (res: ShipResponse) => void;
  onQuoted: () => void;
}) {
  const online = useOnline();
  const [draft, setDraft] = useState<FreightDraft>(() => initialFreight(p.carrier));
  const [problems, setProblems] = useState<FreightProblems>({});
  const [requested, setRequested] = useState(p.info.freight_quote_requested_at !== null);
  const shipping = useShipping(p.info, p.onShipped);
  const germany = isGermany(shipping.address.delivery_country);

  const change = (patch: Partial<FreightDraft>) => {
    setDraft(resizeFreight({ ...draft, ...patch }));
    setProblems({});
  };

  const submit = () => {
    const plan = planFreight(draft, shipping.address.delivery_country);
    if (plan.kind === 'invalid') return setProblems(plan.problems);
    setProblems({});
    if (plan.kind === 'ship') void shipping.ship(plan.plan);
    else void shipping.quote(plan.body, plan.pack, () => setRequested(true));
  };

  return (
    <FreightFormView
      info={p.info}
      address={shipping.address}
      palletBarcode={p.palletBarcode}
      germany={germany}
      draft={draft}
      problems={problems}
      error={shipping.error}
      busy={shipping.busy}
      online={online}
      requested={requested}
      onType={p.onType}
      onChange={change}
      onSubmit={submit}
      onPalletLabels={() => void openPalletLabels(p.info.id)}
      onBack={p.onBack}
      onDone={p.onQuoted}
    />
  );
}
