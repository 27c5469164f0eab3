import { useState } from 'react';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOKS_UI as T } from '../../../shared/i18n/webhooks';
import type { CreatedWebhook, Webhook } from '../../../shared/schemas/webhooks';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { ConfirmDialog } from '../../ui/Dialog';
import { ErrorBox, Spinner } from '../../ui/misc';
import { useCreateWebhook, useDeleteWebhook, useSendTest, useWebhooks } from './api';
import { CreatedSecretDialog } from './CreatedSecretDialog';
import { WebhookForm } from './WebhookForm';
import { WebhooksList } from './WebhooksList';

/**
 * A customer's webhooks (portal and the admin's customer view): the list with
 * "Test senden" and the deliveries log, "Webhook anlegen", the secret shown once, and Löschen.
 */
export function WebhooksPanel({ customerId, heading }: { customerId: number; heading?: boolean }) {
  const hooks = useWebhooks(customerId);
  const create = useCreateWebhook(customerId);
  const remove = useDeleteWebhook(customerId);
  const test = useSendTest();
  const [createError, setCreateError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [confirm, setConfirm] = useState<Webhook | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  const doDelete = () => {
    if (!confirm) return;
    remove.mutate(confirm.id, {
      onSuccess: () => {
        toast.success(T.removed);
        setConfirm(null);
      },
      onError: (e) => toast.error(errorMessage(e, T.removeError)),
    });
  };

  const sendTest = (h: Webhook) =>
    test.mutate(h.id, {
      onSuccess: (d) => {
        setOpen(h.id);
        const text = `${T.testSent}: ${WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}`;
        if (d.status === 'delivered') toast.success(text);
        else toast.error(d.last_error ? `${text} – ${d.last_error}` : text);
      },
      onError: (e) => toast.error(errorMessage(e, T.testError)),
    });

  return (
    <section className="flex flex-col gap-3" aria-label={T.title} data-testid={`webhooks-${customerId}`}>
      {heading ? <h3 className="text-sm font-semibold text-slate-700">{T.title}</h3> : null}
      {hooks.isPending ? (
        <Spinner />
      ) : hooks.isError ? (
        <ErrorBox>{errorMessage(hooks.error, T.loadError)}</ErrorBox>
      ) : (
        <WebhooksList
          hooks={hooks.data}
          open={open}
          onToggle={(id) => setOpen((cur) => (cur === id ? null : id))}
          onTest={sendTest}
          testing={test.isPending ? (test.variables ?? null) : null}
          onDelete={setConfirm}
        />
      )}
      <WebhookForm
        busy={create.isPending}
        serverError={createError}
        onSubmit={(body, reset) =>
          create.mutate(body, {
            onSuccess: (h) => {
              setCreateError(null);
              reset();
              setCreated(h);
            },
            onError: (e) => setCreateError(errorMessage(e, T.createError)),
          })
        }
      />
      <CreatedSecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => (o ? undefined : setConfirm(null))}
        title={T.removeTitle}
        message={confirm ? T.removeText(confirm.url) : ''}
        confirmLabel={T.remove}
        danger
        busy={remove.isPending}
        onConfirm={doDelete}
      />
    </section>
  );
}
