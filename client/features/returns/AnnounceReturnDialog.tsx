import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { RETURN_REASON_LABELS, RETURN_REASONS, RETURNABLE_ORDER_STATUSES, type ReturnReason } from '../../../shared/domain/returns';
import { RETURNS_UI } from '../../../shared/i18n/returns';
import { texts } from '../../../shared/i18n/translate';
import { UI, WORDS } from '../../../shared/i18n/ui';
import type { OutboundOrder } from '../../../shared/schemas/orders';
import { ReturnDetail, type ReturnLookupResponse } from '../../../shared/schemas/returns';
import { apiPost, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input, Select, Textarea } from '../../ui/Field';
import { ErrorBox, Spinner } from '../../ui/misc';
import { useRefreshReturns, useReturnable } from './hooks';

/**
 * "Retoure anmelden" on a shipped or completed order's detail: per article
 * how many come back (at most what may still come back) and why. The texts follow the
 * user's language: the handheld's Retoure annehmen opens the dialog too (docs/architecture.md "Languages").
 */
export function AnnounceReturnButton({ order }: { order: OutboundOrder }) {
  const [open, setOpen] = useState(false);
  const T = texts(RETURNS_UI);
  if (!(RETURNABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) return null;
  return (
    <>
      <Button variant="secondary" icon={<Undo2 className="h-4 w-4" />} onClick={() => setOpen(true)} data-testid="return-announce">
        {T.announce}
      </Button>
      {open ? <AnnounceReturnDialog order={order} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type Choice = { qty: string; reason: ReturnReason };

/**
 * The dialog itself: the order detail opens the new return afterwards; the
 * handheld screen "Retoure annehmen" passes `onAnnounced` and goes on receiving.
 */
export function AnnounceReturnDialog({
  order,
  onClose,
  onAnnounced,
}: {
  order: Pick<OutboundOrder, 'id' | 'order_number'>;
  onClose: () => void;
  onAnnounced?: (r: ReturnDetail) => void;
}) {
  const T = texts(RETURNS_UI);
  const q = useReturnable(order.id, true);
  const navigate = useNavigate();
  const refresh = useRefreshReturns();
  const [choice, setChoice] = useState<Record<string, Choice>>({});
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lines = (q.data?.lines ?? []).filter((l) => l.returnable > 0);
  const items = lines
    .map((l) => ({ product_ean: l.product_ean, quantity: Number(choice[l.product_ean]?.qty || 0), reason: choice[l.product_ean]?.reason ?? 'not_wanted' }))
    .filter((i) => i.quantity > 0);
  const save = useMutation({
    mutationFn: () => apiPost('/returns', { outbound_order_id: order.id, items, note: note.trim() || null }, ReturnDetail),
    onSuccess: (r) => {
      toast.success(T.announced(r.return_number));
      refresh();
      onClose();
      if (onAnnounced) onAnnounced(r);
      else void navigate({ to: '/returns/$returnId', params: { returnId: String(r.id) } });
    },
    onError: (e) => setError(errorMessage(e, T.announceError)),
  });
  const set = (ean: string, patch: Partial<Choice>) => setChoice((c) => ({ ...c, [ean]: { ...(c[ean] ?? { qty: '', reason: 'not_wanted' }), ...patch } }));
  const submit = () => (items.length === 0 ? setError(T.nothingChosen) : save.mutate());
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={T.announceTitle(order.order_number)}
      description={T.announceHint}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {texts(UI).cancel}
          </Button>
          <Button onClick={submit} busy={save.isPending} disabled={lines.length === 0} data-testid="return-submit">
            {T.announce}
          </Button>
        </>
      }
    >
      {q.isLoading ? <Spinner /> : null}
      {q.error ? <ErrorBox>{errorMessage(q.error, T.detailError)}</ErrorBox> : null}
      {q.data && lines.length === 0 ? <p className="text-sm text-slate-600">{T.nothingReturnable}</p> : null}
      {lines.length > 0 ? <ReturnableLines lines={lines} choice={choice} onChange={set} /> : null}
      {lines.length > 0 ? (
        <Field label={T.note} className="mt-3">
          {(id) => <Textarea id={id} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} data-testid="return-note" />}
        </Field>
      ) : null}
      {error ? (
        <div className="mt-3">
          <ErrorBox>{error}</ErrorBox>
        </div>
      ) : null}
    </Dialog>
  );
}

function ReturnableLines({
  lines,
  choice,
  onChange,
}: {
  lines: ReturnLookupResponse['lines'];
  choice: Record<string, Choice>;
  onChange: (ean: string, patch: Partial<Choice>) => void;
}) {
  const [T, reasons] = [texts(RETURNS_UI), texts(RETURN_REASON_LABELS)];
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {lines.map((l) => (
        <li key={l.product_ean} className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_6rem_14rem] sm:items-center" data-testid="returnable-line">
          <div className="min-w-0">
            <div className="font-medium">{l.product_title}</div>
            <div className="text-xs text-slate-500">
              <span className="font-mono">{l.product_ean}</span> · {T.colReturnable}: <span data-testid="returnable-max">{l.returnable}</span>
            </div>
          </div>
          <Input
            type="number"
            min={0}
            max={l.returnable}
            inputMode="numeric"
            aria-label={T.quantityFor(l.product_title)}
            placeholder={texts(WORDS).quantity}
            value={choice[l.product_ean]?.qty ?? ''}
            onChange={(e) => onChange(l.product_ean, { qty: e.target.value.replace(/\D/g, '') })}
          />
          <Select
            aria-label={T.reasonFor(l.product_title)}
            value={choice[l.product_ean]?.reason ?? 'not_wanted'}
            onChange={(e) => onChange(l.product_ean, { reason: e.target.value as ReturnReason })}
          >
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {reasons[r]}
              </option>
            ))}
          </Select>
        </li>
      ))}
    </ul>
  );
}
