import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input, Textarea } from '../../ui/Field';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

export interface ManualProductDraft {
  ean: string;
  title: string;
  description: string;
  keepa_data: Record<string, unknown> | null;
  /** "Keepa" when the suggestion came from the product lookup. */
  source: string | null;
}

/**
 * Manual product creation (spec: title required, description, create disabled
 * while the title is empty). Works offline: the parent queues products.createManual.
 */
export function ManualProductDialog({
  draft,
  onCancel,
  onCreate,
}: {
  draft: ManualProductDraft | null;
  onCancel: () => void;
  onCreate: (d: ManualProductDraft) => void;
}) {
  const T = texts(STOCK_TEXTS);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    setTitle(draft?.title ?? '');
    setDescription(draft?.description ?? '');
    setTouched(false);
  }, [draft]);
  if (!draft) return null;
  const empty = title.trim() === '';
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title={T.manualTitle}
      description={draft.source ? T.manualSuggestion(draft.source, draft.ean) : T.manualUnknown(T.productNotFound, draft.ean)}
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={onCancel}>
            {T.cancel}
          </Button>
          <Button
            size="lg"
            disabled={empty}
            data-testid="manual-create"
            onClick={() => onCreate({ ...draft, title: title.trim(), description: description.trim() })}
          >
            {T.create}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty) onCreate({ ...draft, title: title.trim(), description: description.trim() });
        }}
      >
        <Field label={T.ean}>{(id) => <Input id={id} value={draft.ean} readOnly disabled big />}</Field>
        <Field label={T.productTitle} required error={touched && empty ? T.titleRequired : null}>
          {(id) => (
            <Input
              id={id}
              big
              autoFocus
              data-testid="manual-title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              onBlur={() => setTouched(true)}
              aria-invalid={touched && empty}
            />
          )}
        </Field>
        <Field label={T.description}>
          {(id) => <Textarea id={id} data-testid="manual-description" value={description} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
      </form>
    </Dialog>
  );
}
