import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS, type AdjustmentReason } from '../../../shared/constants';
import { formatNumber } from '../../../shared/i18n/format';
import { ADJUSTMENT_TEXTS as T, ADJUSTMENT_VALIDATION as V } from '../../../shared/i18n/stock-adjustment';
import { type StockAdjustmentInput, StockAdjustmentResponse } from '../../../shared/schemas/stock-adjustment';
import { apiPost, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Dialog, FormFooter } from '../../ui/Dialog';
import { Field, Input, Select, Textarea } from '../../ui/Field';
import type { ProductPlace } from './ProductPlacesTable';

const FORM_ID = 'stock-adjustment';

/**
 * One key per opened dialog: a retried submit (answer lost) is answered from the first booking.
 * getRandomValues, not randomUUID: the latter exists only in secure contexts (not on http://lan-ip).
 */
const newKey = () => `adjust-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * "Korrigieren" of one stock row in the product detail (docs/operations.md
 * "Stock corrections"): Menge +/−, Grund, Notiz (required for sonstiges).
 * On success the product detail reloads and a toast names the new quantity;
 * a refusal shows the server's German detail in the dialog.
 */
export function StockAdjustmentDialog({ ean, row, onClose }: { ean: string; row: ProductPlace; onClose: () => void }) {
  const qc = useQueryClient();
  const [key] = useState(newKey);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState<AdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ field: 'delta' | 'reason' | 'note' | 'form'; text: string } | null>(null);
  const place = row.location_barcode ?? row.location_path;

  const save = useMutation({
    mutationFn: (body: StockAdjustmentInput) => apiPost('/stock-adjustments', body, StockAdjustmentResponse, { headers: { 'Idempotency-Key': key } }),
    onSuccess: async (res) => {
      const signed = `${res.quantity_delta > 0 ? '+' : '−'}${formatNumber(Math.abs(res.quantity_delta))}`;
      toast.success(T.success(signed, res.location_barcode, formatNumber(res.quantity_after)));
      await qc.invalidateQueries({ queryKey: ['product-details'] });
      await qc.invalidateQueries({ queryKey: ['movements'] });
      onClose();
    },
    onError: (e) => setError({ field: 'form', text: errorMessage(e, T.error) }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(delta.trim().replace('−', '-'));
    if (delta.trim() === '') return setError({ field: 'delta', text: V.deltaRequired });
    if (!Number.isInteger(n)) return setError({ field: 'delta', text: V.deltaInteger });
    if (n === 0) return setError({ field: 'delta', text: V.deltaNotZero });
    if (!reason) return setError({ field: 'reason', text: V.reasonRequired });
    if (reason === 'other' && !note.trim()) return setError({ field: 'note', text: V.noteRequired });
    setError(null);
    save.mutate({
      ean,
      customer_id: row.customer_id,
      location_barcode: place,
      batch_number: row.batch_number,
      quantity_delta: n,
      reason,
      note: note.trim() || null,
    });
  };
  const fieldError = (f: 'delta' | 'reason' | 'note') => (error?.field === f ? error.text : null);

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={T.dialogTitle}
      description={T.dialogPlace(place, row.customer_name, formatNumber(row.quantity))}
      size="sm"
      footer={<FormFooter form={FORM_ID} busy={save.isPending} onCancel={onClose} submitLabel={T.submit} submitTestId="adjust-submit" />}
    >
      <form id={FORM_ID} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field label={T.delta} required error={fieldError('delta')} hint={T.deltaHint}>
          {(id) => (
            <Input
              id={id}
              inputMode="numeric"
              value={delta}
              onChange={(e) => setDelta(e.target.value)}
              autoFocus
              aria-invalid={fieldError('delta') ? true : undefined}
              data-testid="adjust-delta"
            />
          )}
        </Field>
        <Field label={T.reason} required error={fieldError('reason')}>
          {(id) => (
            <Select
              id={id}
              value={reason}
              onChange={(e) => setReason(e.target.value as AdjustmentReason | '')}
              aria-invalid={fieldError('reason') ? true : undefined}
              data-testid="adjust-reason"
            >
              <option value="">{T.chooseReason}</option>
              {ADJUSTMENT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {ADJUSTMENT_REASON_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={T.note} required={reason === 'other'} error={fieldError('note')}>
          {(id) => (
            <Textarea
              id={id}
              rows={2}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={1000}
              aria-invalid={fieldError('note') ? true : undefined}
              data-testid="adjust-note"
            />
          )}
        </Field>
        {error?.field === 'form' ? (
          <p className="text-sm text-red-600" role="alert" data-testid="adjust-error">
            {error.text}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
