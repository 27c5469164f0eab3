import { Copy } from 'lucide-react';
import type { CreatedWebhook } from '../../../shared/schemas/webhooks';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Textarea } from '../../ui/Field';
import { copyText } from '../users/password';
import { WEBHOOKS_UI as T } from '../../../shared/i18n/webhooks';

/** The new webhook's signing secret, shown this once, with a copy button. */
export function CreatedSecretDialog({ created, onClose }: { created: CreatedWebhook | null; onClose: () => void }) {
  const copy = async () => {
    if (!created) return;
    try {
      await copyText(created.secret);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyError);
    }
  };
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={T.createdTitle}
      footer={<Button onClick={onClose}>{T.close}</Button>}
    >
      <div className="flex flex-col gap-3">
        <p className="break-all font-mono text-sm text-slate-700">{created?.url}</p>
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="alert">
          {T.shownOnce}
        </p>
        <Field label={T.secretLabel}>
          {(id) => (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <Textarea
                id={id}
                readOnly
                rows={2}
                value={created?.secret ?? ''}
                className="min-w-0 resize-none break-all font-mono sm:flex-1"
                onFocus={(e) => e.target.select()}
                data-testid="webhook-secret"
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
