import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DHL_CARRIER, SIMPLE_VIEW_CARRIERS } from '../../../shared/domain/shipping';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import { errorMessage } from '../../app/api';
import { ErrorBox, Spinner } from '../../ui/misc';
import { ShippingCorrection } from './AddressCorrectionDialog';
import { ShippingOutage } from './DhlOutageDialog';
import { fetchPackingInfo } from './packing-api';
import { type DraftProblems, packageCount, type ParcelDraft, planShipment, resized } from './ship-form';
import { SimplePackingView } from './SimplePackingView';
import { useShipping } from './useShipping';

/**
 * The simple packing view (spec part 2 §2), the data side: one order without
 * scanning, one total weight (split evenly over several DHL packages),
 * DHL labels on request; other carriers (or DHL without automatic labels)
 * take one tracking number per package, as the ship call requires (§5).
 */
export function SimplePacking({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const T = texts(PACKING_UI);
  const info = useQuery({ queryKey: ['packing-info', orderId], queryFn: () => fetchPackingInfo(orderId), gcTime: 0 });
  if (info.isPending) return <Spinner label={T.loading} />;
  if (info.error || !info.data)
    return (
      <div className="mx-auto max-w-xl">
        <ErrorBox>{errorMessage(info.error, T.orderLoadError)}</ErrorBox>
      </div>
    );
  return <SimplePackingForm info={info.data} onClose={onClose} />;
}

function SimplePackingForm({ info, onClose }: { info: NonNullable<Awaited<ReturnType<typeof fetchPackingInfo>>>; onClose: () => void }) {
  const T = texts(PACKING_UI);
  const preset = info.carrier && (SIMPLE_VIEW_CARRIERS as readonly string[]).includes(info.carrier) ? info.carrier : DHL_CARRIER;
  const [draft, setDraft] = useState<ParcelDraft>({ carrier: preset, autoDhl: true, packages: '1', weights: [], totalKg: '', tracking: [''] });
  const [problems, setProblems] = useState<DraftProblems>({});
  const shipping = useShipping(info, onClose, T.packShipError);

  const change = (patch: Partial<ParcelDraft>) => {
    const next = { ...draft, ...patch };
    const n = packageCount(next.packages);
    next.tracking = resized(next.tracking, n, '');
    setDraft(next);
    setProblems({});
  };
  const submit = () => {
    const { plan, problems: found } = planShipment(draft, { splitTotal: true });
    setProblems(found);
    if (plan) void shipping.ship(plan);
  };

  return (
    <>
      <SimplePackingView
        info={info}
        address={shipping.address}
        draft={draft}
        problems={problems}
        error={shipping.error}
        busy={shipping.busy}
        onChange={change}
        onSubmit={submit}
        onClose={onClose}
      />
      <ShippingCorrection orderId={info.id} shipping={shipping} />
      <ShippingOutage shipping={shipping} />
    </>
  );
}
