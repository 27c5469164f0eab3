import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EAN_LOOKUP_MIN_LENGTH, PRODUCT_PREVIEW_DELAY_MS } from '../../../shared/constants';
import type { InboundNotification, NotificationRequestInput } from '../../../shared/schemas/inbound';
import { ProductLookupResponse } from '../../../shared/schemas/products';
import { apiGet } from '../../app/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input, Textarea } from '../../ui/Field';
import { formError } from './form-logic';
import { digitsOnly, parseQuantity } from './receipt-logic';
import { VALIDATION } from '../../../shared/i18n/validation';
import { NOTIFICATION_UI, NOTIFICATION_FORM_UI as T } from '../../../shared/i18n/inbound';
import { UI } from '../../../shared/i18n/ui';

/**
 * Create / edit an announcement (customers). Validation per spec part 2 §5
 * "Announcement form"; the server checks the same rules again.
 */

interface DraftItem {
  ean: string;
  title: string;
  quantity: number;
  notes: string;
  image_url: string | null;
}

export function NotificationFormDialog({
  initial,
  busy,
  onSave,
  onClose,
}: {
  initial: InboundNotification | null;
  busy: boolean;
  onSave: (body: NotificationRequestInput) => void;
  onClose: () => void;
}) {
  const [expectedDate, setExpectedDate] = useState(initial?.expected_date ?? '');
  const [expectedDateTo, setExpectedDateTo] = useState(initial?.expected_date_to ?? '');
  const [reference, setReference] = useState(initial?.reference_number ?? '');
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [items, setItems] = useState<DraftItem[]>(
    initial?.items.map((i) => ({ ean: i.ean, title: i.title, quantity: i.quantity, notes: i.notes ?? '', image_url: i.image_url })) ?? [],
  );
  const [ean, setEan] = useState('');
  const [title, setTitle] = useState('');
  const [qty, setQty] = useState('');
  const [itemNotes, setItemNotes] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [itemError, setItemError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // EAN lookup from 8 characters on; a failed lookup just leaves the fields for manual entry.
  useEffect(() => {
    const code = ean.trim();
    if (code.length < EAN_LOOKUP_MIN_LENGTH) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      apiGet(`/products/lookup/${encodeURIComponent(code)}`, ProductLookupResponse, { signal: ctrl.signal })
        .then((p) => {
          if (p.title) setTitle((t) => t || p.title);
          setImage(p.image_url);
        })
        .catch(() => setImage(null));
    }, PRODUCT_PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [ean]);

  const addItem = () => {
    const quantity = parseQuantity(qty);
    if (!ean.trim() || !title.trim() || quantity <= 0) {
      setItemError(VALIDATION.allFieldsRequired);
      return;
    }
    setItems((list) => [...list, { ean: ean.trim(), title: title.trim(), quantity, notes: itemNotes.trim(), image_url: image }]);
    setEan('');
    setTitle('');
    setQty('');
    setItemNotes('');
    setImage(null);
    setItemError(null);
  };

  const save = () => {
    const problem = formError({ expected_date: expectedDate, expected_date_to: expectedDateTo, items });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    onSave({
      expected_date: expectedDate,
      expected_date_to: expectedDateTo || null,
      reference_number: reference,
      notes,
      items: items.map((i) => ({ ean: i.ean, title: i.title, quantity: i.quantity, notes: i.notes || null, image_url: i.image_url })),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={initial ? T.editTitle(initial.notification_number) : T.newTitle}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button onClick={save} busy={busy} data-testid="notification-save">
            {UI.save}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={T.expectedDate} required>
            {(id) => <Input id={id} type="date" value={expectedDate} onChange={(e) => setExpectedDate(e.target.value)} data-testid="notification-date" />}
          </Field>
          <Field label={T.expectedDateTo}>
            {(id) => (
              <Input
                id={id}
                type="date"
                value={expectedDateTo}
                min={expectedDate || undefined}
                onChange={(e) => setExpectedDateTo(e.target.value)}
                data-testid="notification-date-to"
              />
            )}
          </Field>
          <Field label={T.reference}>
            {(id) => <Input id={id} value={reference} onChange={(e) => setReference(e.target.value)} data-testid="notification-reference" />}
          </Field>
          <Field label={T.notes}>
            {(id) => <Textarea id={id} value={notes} onChange={(e) => setNotes(e.target.value)} className="min-h-10" data-testid="notification-notes" />}
          </Field>
        </div>

        <section className="rounded-md border border-slate-200 p-3">
          <h3 className="mb-2 font-semibold text-slate-800">{T.items(items.length)}</h3>
          {items.length === 0 ? <p className="mb-2 text-sm text-slate-500">{T.noItems}</p> : null}
          <ul className="mb-3 divide-y divide-slate-100">
            {items.map((i, idx) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same EAN may be added twice; lines are only appended or removed as a whole list
              <li key={`${i.ean}-${idx}`} className="flex items-center gap-3 py-2 text-sm" data-testid="notification-draft-item">
                {i.image_url ? <img src={i.image_url} alt="" className="h-9 w-9 rounded object-cover" /> : null}
                <div className="min-w-0 flex-1">
                  <div className="truncate font-medium">{i.title}</div>
                  <div className="text-xs text-slate-500">
                    {NOTIFICATION_UI.ean(i.ean)}
                    {i.notes ? ` · ${i.notes}` : ''}
                  </div>
                </div>
                <div className="font-semibold">{NOTIFICATION_UI.pieces(i.quantity)}</div>
                <Button variant="ghost" size="sm" aria-label={T.remove(i.title)} onClick={() => setItems((l) => l.filter((_, n) => n !== idx))}>
                  <Trash2 className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1.2fr_2fr_0.7fr]">
            <Field label={T.ean}>{(id) => <Input id={id} value={ean} onChange={(e) => setEan(e.target.value)} data-testid="item-ean" />}</Field>
            <Field label={T.title}>{(id) => <Input id={id} value={title} onChange={(e) => setTitle(e.target.value)} data-testid="item-title" />}</Field>
            <Field label={T.quantity}>
              {(id) => <Input id={id} inputMode="numeric" value={qty} onChange={(e) => setQty(digitsOnly(e.target.value))} data-testid="item-quantity" />}
            </Field>
          </div>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
            <Field label={T.itemNote} className="flex-1">
              {(id) => <Input id={id} value={itemNotes} onChange={(e) => setItemNotes(e.target.value)} data-testid="item-notes" />}
            </Field>
            {image ? <img src={image} alt="" className="h-10 w-10 rounded object-cover" /> : null}
            <Button variant="secondary" icon={<Plus className="h-4 w-4" />} onClick={addItem} data-testid="item-add">
              {T.addItem}
            </Button>
          </div>
          {itemError ? (
            <p className="mt-2 text-sm text-red-600" role="alert">
              {itemError}
            </p>
          ) : null}
        </section>
        {error ? (
          <p className="text-sm font-medium text-red-700" role="alert" data-testid="notification-form-error">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
