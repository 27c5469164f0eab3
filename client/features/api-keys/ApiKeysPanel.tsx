import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { ApiKey, CreatedApiKey } from '../../../shared/schemas/api-keys';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field, Input } from '../../ui/Field';
import { ErrorBox, Spinner } from '../../ui/misc';
import { ApiKeysList } from './ApiKeysList';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';
import { CreatedKeyDialog } from './CreatedKeyDialog';
import { VALIDATION } from '../../../shared/i18n/validation';
import { API_KEYS_UI as T } from '../../../shared/i18n/api-keys';

/**
 * A customer's API keys (portal and the admin's customer view): the list,
 * "Neuer Schlüssel" with a name, the new key shown once, and Widerrufen.
 */
export function ApiKeysPanel({ customerId, heading }: { customerId: number; heading?: boolean }) {
  const keys = useApiKeys(customerId);
  const create = useCreateApiKey(customerId);
  const revoke = useRevokeApiKey(customerId);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirm, setConfirm] = useState<ApiKey | null>(null);

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!name.trim()) {
      setNameError(VALIDATION.nameRequired);
      return;
    }
    setNameError(null);
    create.mutate(name.trim(), {
      onSuccess: (k) => {
        setName('');
        setCreated(k);
      },
      onError: (e) => setNameError(errorMessage(e, T.createError)),
    });
  };

  const doRevoke = () => {
    if (!confirm) return;
    revoke.mutate(confirm.id, {
      onSuccess: () => {
        toast.success(T.revoked(confirm.name));
        setConfirm(null);
      },
      onError: (e) => toast.error(errorMessage(e, T.revokeError)),
    });
  };

  return (
    <section className="flex flex-col gap-3" aria-label={T.title} data-testid={`api-keys-${customerId}`}>
      {heading ? <h3 className="text-sm font-semibold text-slate-700">{T.title}</h3> : null}
      {keys.isPending ? (
        <Spinner />
      ) : keys.isError ? (
        <ErrorBox>{errorMessage(keys.error, T.loadError)}</ErrorBox>
      ) : (
        <ApiKeysList keys={keys.data} onRevoke={setConfirm} />
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field label={T.name} required error={nameError} hint={T.nameHint} className="sm:w-80">
          {(id) => (
            <Input
              id={id}
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={Boolean(nameError)}
              data-testid="api-key-name"
            />
          )}
        </Field>
        <Button type="submit" icon={<KeyRound className="h-4 w-4" />} busy={create.isPending} className="sm:mt-6">
          {T.newKey}
        </Button>
      </form>
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title={T.revokeTitle}
        message={confirm ? T.revokeText(confirm.name) : ''}
        confirmLabel={T.revoke}
        danger
        busy={revoke.isPending}
        onConfirm={doRevoke}
      />
    </section>
  );
}
