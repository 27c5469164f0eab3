import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { FREIGHT_DEFAULT_CARRIER, FREIGHT_UI as T, FREIGHT_VALIDATION } from '../../../shared/i18n/freight';
import type { FreightQuotation } from '../../../shared/schemas/freight';
import { errorMessage } from '../../app/api';
import { Field, Input } from '../../ui/Field';
import { FreightFormDialog } from './FreightFormDialog';
import { useShipFreight } from './useFreightQuotations';

/** Ship a quoted order (mounted per order: the parent keys it by id, so the fields start empty): tracking number required, carrier default 'Spedition'; warns that the order leaves the list. */
export function ShipFreightDialog({ quotation, onClose }: { quotation: FreightQuotation | null; onClose: () => void }) {
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState(FREIGHT_DEFAULT_CARRIER);
  const [error, setError] = useState<string | null>(null);
  const ship = useShipFreight(onClose);

  const submit = (q: FreightQuotation) => {
    if (!tracking.trim()) {
      setError(FREIGHT_VALIDATION.trackingRequired);
      return;
    }
    setError(null);
    ship.mutate(
      { id: q.id, body: { tracking_number: tracking.trim(), carrier: carrier.trim() || FREIGHT_DEFAULT_CARRIER } },
      { onError: (err) => setError(errorMessage(err, T.shipError)) },
    );
  };

  return (
    <FreightFormDialog
      quotation={quotation}
      onClose={onClose}
      title={T.shipTitle}
      formId="freight-ship"
      busy={ship.isPending}
      submitLabel={T.shipNow}
      busyLabel={T.shipping}
      onSubmit={submit}
    >
      <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {T.shipWarning}
      </p>
      <Field label={T.trackingNumber} required error={error}>
        {(id) => (
          <Input
            id={id}
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            autoFocus
            autoComplete="off"
            maxLength={50}
            aria-invalid={error ? true : undefined}
          />
        )}
      </Field>
      <Field label={T.carrier}>{(id) => <Input id={id} value={carrier} onChange={(e) => setCarrier(e.target.value)} maxLength={50} />}</Field>
    </FreightFormDialog>
  );
}
