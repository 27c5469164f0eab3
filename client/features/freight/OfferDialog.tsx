import { useState } from 'react';
import { FREIGHT_UI as T } from '../../../shared/i18n/freight';
import { euroToCents, type FreightQuotation } from '../../../shared/schemas/freight';
import { errorMessage } from '../../app/api';
import { Field, Input, Textarea } from '../../ui/Field';
import { FreightFormDialog } from './FreightFormDialog';
import { useSaveOffer } from './useFreightQuotations';

const centsToInput = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));

/** Enter or edit the forwarder's offer (keyed by order id in the parent, so it starts from the saved offer): price in € (step 0.01) → integer cents; empty → 0; notes optional (spec §5). */
export function OfferDialog({ quotation, onClose }: { quotation: FreightQuotation | null; onClose: () => void }) {
  const [price, setPrice] = useState(() => centsToInput(quotation?.freight_quote_price ?? null));
  const [notes, setNotes] = useState(quotation?.freight_quote_notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveOffer(onClose);

  const submit = (q: FreightQuotation) => {
    const cents = euroToCents(price);
    if (!Number.isFinite(cents) || cents < 0) {
      setError(T.priceInvalid);
      return;
    }
    setError(null);
    save.mutate({ id: q.id, body: { price: cents, notes: notes.trim() || null } }, { onError: (err) => setError(errorMessage(err, T.saveError)) });
  };

  return (
    <FreightFormDialog
      quotation={quotation}
      onClose={onClose}
      title={T.offerTitle}
      formId="freight-offer"
      busy={save.isPending}
      submitLabel={T.save}
      busyLabel={T.saving}
      onSubmit={submit}
    >
      <Field label={T.price} error={error}>
        {(id) => (
          <Input
            id={id}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            autoFocus
            aria-invalid={error ? true : undefined}
          />
        )}
      </Field>
      <Field label={T.notes}>{(id) => <Textarea id={id} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />}</Field>
    </FreightFormDialog>
  );
}
