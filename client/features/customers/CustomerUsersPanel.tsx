import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { User } from '../../../shared/schemas/auth';
import type { Customer } from '../../../shared/schemas/customers';
import { UserList } from '../../../shared/schemas/users';
import { apiGet, apiPost, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { ActiveBadge } from '../../ui/RowAction';
import { ErrorBox, Spinner } from '../../ui/misc';
import { keys } from '../users/api';
import { customerKeys } from './api';
import { generatePassword } from '../users/password';
import { VALIDATION } from '../../../shared/i18n/validation';
import { UI } from '../../../shared/i18n/ui';
import { CUSTOMER_USERS_UI as T } from '../../../shared/i18n/users';

/** The logins of one customer (expanded row): list and a create form. */
export function CustomerUsersPanel({ customer }: { customer: Customer }) {
  const qc = useQueryClient();
  const users = useQuery({ queryKey: customerKeys.customerUsers(customer.id), queryFn: () => apiGet(`/customers/${customer.id}/users`, UserList) });
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: () => apiPost(`/customers/${customer.id}/users`, { email: email.trim(), full_name: fullName, password }, User),
    onSuccess: async (u) => {
      toast.success(T.created(u.email ?? ''));
      setEmail('');
      setFullName('');
      setPassword('');
      await Promise.all([qc.invalidateQueries({ queryKey: customerKeys.customerUsers(customer.id) }), qc.invalidateQueries({ queryKey: keys.users })]);
    },
    onError: (e) => setServerError(errorMessage(e, UI.createUserError)),
  });

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const e: typeof errors = {};
    if (!email.trim()) e.email = VALIDATION.emailRequired;
    else if (!/^\S+@\S+\.\S+$/.test(email.trim())) e.email = VALIDATION.emailInvalid;
    if (!password) e.password = VALIDATION.passwordRequired;
    else if (password.length < PASSWORD_MIN_LENGTH) e.password = VALIDATION.passwordTooShort;
    setErrors(e);
    setServerError(null);
    if (Object.keys(e).length === 0) create.mutate();
  };

  return (
    <div className="flex flex-col gap-3 bg-slate-50 px-3 py-3" data-testid={`customer-users-${customer.id}`}>
      <h3 className="text-sm font-semibold text-slate-700">{T.title(customer.company_name)}</h3>
      {users.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <ErrorBox>{errorMessage(users.error, UI.loadUsersError)}</ErrorBox>
      ) : users.data.length === 0 ? (
        <p className="text-sm text-slate-500">{T.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm">
          {users.data.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-medium break-all">{u.email ?? u.username}</span>
              {u.full_name ? <span className="text-slate-600">{u.full_name}</span> : null}
              <span className="ml-auto">
                <ActiveBadge active={u.is_active} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {customer.is_active ? (
        <form
          onSubmit={submit}
          noValidate
          className="grid grid-cols-1 items-start gap-3 md:grid-cols-[1fr_1fr_1.2fr_auto]"
          data-testid={`customer-user-form-${customer.id}`}
        >
          {serverError ? (
            <div className="md:col-span-4">
              <ErrorBox>{serverError}</ErrorBox>
            </div>
          ) : null}
          <Field label={T.email} required error={errors.email}>
            {(id) => (
              <Input id={id} type="email" value={email} autoComplete="off" onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(errors.email)} />
            )}
          </Field>
          <Field label={T.fullName}>{(id) => <Input id={id} value={fullName} onChange={(e) => setFullName(e.target.value)} />}</Field>
          <Field label={T.password} required error={errors.password}>
            {(id) => (
              <div className="flex gap-2">
                <Input
                  id={id}
                  type="text"
                  className="min-w-0 font-mono"
                  data-testid="customer-user-password"
                  value={password}
                  autoComplete="new-password"
                  onChange={(e) => setPassword(e.target.value)}
                  aria-invalid={Boolean(errors.password)}
                />
                <Button
                  variant="secondary"
                  icon={<KeyRound className="h-4 w-4" />}
                  onClick={() => setPassword(generatePassword())}
                  aria-label={T.generatePassword}
                  title={T.generatePassword}
                />
              </div>
            )}
          </Field>
          <div className="md:pt-6">
            <Button type="submit" icon={<UserPlus className="h-4 w-4" />} busy={create.isPending} className="w-full md:w-auto">
              {T.create}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-slate-500">{T.customerInactive}</p>
      )}
    </div>
  );
}
