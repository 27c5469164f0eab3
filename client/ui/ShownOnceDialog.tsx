import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../app/toast';
import { copyText } from '../features/users/password';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Field, Textarea } from './Field';

/** The words of a ShownOnceDialog (from the feature's catalogue). */
export interface ShownOnceTexts {
  shownOnce: string;
  copy: string;
  copied: string;
  copyError: string;
  close: string;
}

/** A secret (an API key, a webhook's signing secret) shown this once, with a copy button. */
export function ShownOnceDialog(p: {
  secret: string | null;
  title: string;
  label: string;
  texts: ShownOnceTexts;
  testId: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const T = p.texts;
  const copy = async () => {
    if (!p.secret) return;
    try {
      await copyText(p.secret);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyError);
    }
  };
  return (
    <Dialog
      open={p.secret !== null}
      onOpenChange={(open) => (open ? undefined : p.onClose())}
      title={p.title}
      footer={<Button onClick={p.onClose}>{T.close}</Button>}
    >
      <div className="flex flex-col gap-3">
        {p.children}
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="alert">
          {T.shownOnce}
        </p>
        <Field label={p.label}>
          {(id) => (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <Textarea
                id={id}
                readOnly
                rows={2}
                value={p.secret ?? ''}
                className="min-w-0 resize-none break-all font-mono sm:flex-1"
                onFocus={(e) => e.target.select()}
                data-testid={p.testId}
              />
              <Button variant="secondary" icon={<Copy className="h-4 w-4" />} onClick={copy}>
                {T.copy}
              </Button>
            </div>
          )}
        </Field>
      </div>
    </Dialog>
  );
}
