import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FREIGHT_DEFAULT_CARRIER, FREIGHT_UI as T, FREIGHT_VALIDATION } from '../../../shared/i18n/freight';
import type { FreightQuotation } from '../../../shared/schemas/freight';
import { errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input } from '../../ui/Field';
import { useShipFreight } from './useFreightQuotations';

/** Ship a quoted order (mounted per order: the parent keys it by id, so the fields start empty): tracking number required, carrier default 'Spedition'; warns that the order leaves the list. */
export function ShipFreightDialog({ quotation, onClose }: { quotation: FreightQuotation | null; onClose: () => void }) {
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState(FREIGHT_DEFAULT_CARRIER);
  const [error, setError] = useState<string | null>(null);
  const ship = useShipFreight(onClose);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!quotation) return;
    if (!tracking.trim()) {
      setError(FREIGHT_VALIDATION.trackingRequired);
      return;
    }
    setError(null);
    ship.mutate(
      { id: quotation.id, body: { tracking_number: tracking.trim(), carrier: carrier.trim() || FREIGHT_DEFAULT_CARRIER } },
      { onError: (err) => setError(errorMessage(err, T.shipError)) },
    );
  };

  return (
    <Dialog
      open={quotation !== null}
      onOpenChange={(o) => !o && onClose()}
      title={quotation ? T.shipTitle(quotation.order_number) : ''}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form="freight-ship" busy={ship.isPending}>
            {ship.isPending ? T.shipping : T.shipNow}
          </Button>
        </>
      }
    >
      <form id="freight-ship" className="flex flex-col gap-4" onSubmit={submit} noValidate>
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
      </form>
    </Dialog>
  );
}
